import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { fileTooLargeMessage } from '@gona/shared/files';
import { errorBody } from './errors';
import type { AppEnv } from './http-context';

/** Room for the multipart framing and the form's other fields around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses an upload past UPLOAD_MAX_BYTES with 413 before reading it: at once from its
 * Content-Length, or as soon as a body sent in chunks passes the limit.
 */
export const limitUpload = createMiddleware<AppEnv>((c, next) => {
  const { maxBytes } = c.var.deps.config.uploads;
  return bodyLimit({
    maxSize: maxBytes + FORM_OVERHEAD_BYTES,
    onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', fileTooLargeMessage(maxBytes)), 413),
  })(c, next);
});

export type OpenedFile = {
  /** Null when the caller's copy is current (If-None-Match): answer 304. */
  body: ReadableStream<Uint8Array> | null;
  bytes: number | undefined;
  contentType: string;
  /** A file's bytes never change, so its id and size are its version. */
  etag: string;
  /** The name a document downloads under; null for photos, which are shown, not saved. */
  downloadName: string | null;
};

/** A file's answer: its bytes (a document as a download), or 304 when the caller's copy is current. */
export function fileResponse(file: OpenedFile, cacheControl: string): Response {
  const headers = new Headers({
    'content-type': file.contentType,
    'cache-control': cacheControl,
    etag: file.etag,
  });
  if (file.downloadName) {
    headers.set(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.downloadName)}`,
    );
  }
  if (!file.body) return new Response(null, { status: 304, headers });
  if (file.bytes !== undefined) headers.set('content-length', String(file.bytes));
  return new Response(file.body, { status: 200, headers });
}
