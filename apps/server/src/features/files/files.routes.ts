import { createRoute } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@gona/shared';
import { FileQuerySchema, FileSchema, UploadFileFormSchema } from '@gona/shared/files';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { fileResponse, limitUpload } from '../../lib/file-http';
import { ErrorResponses, createRouter, farmParams, farmParamsWith, jsonContent } from '../../lib/openapi';
import { deleteFile, openFile, uploadFile } from './files.service';

/** The upload route, which sets its own body limit instead of the app's 1 MB (app.ts). */
export const UPLOAD_PATH = '/api/farms/:farmId/files';

const FileParams = farmParamsWith('fileId');

const FILE_CACHE_SECONDS = 7 * 24 * 60 * 60;

export const filesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/files',
      tags: ['Files'],
      summary:
        'Upload a photo (JPEG, PNG, WebP; stored as WebP with a thumbnail, metadata removed) or, for receipts and support, a PDF. Attach it by saving its id with a record.',
      middleware: [requireFarm('records.recordEvent'), limitUpload] as const,
      request: {
        params: farmParams,
        body: { content: { 'multipart/form-data': { schema: UploadFileFormSchema } }, required: true },
      },
      responses: {
        201: jsonContent(FileSchema, 'The stored file (the first one again when its id was sent before)'),
        413: jsonContent(ErrorBodySchema, 'PAYLOAD_TOO_LARGE: the file is over UPLOAD_MAX_BYTES'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { storage, config } = c.var.deps;
      return c.json(
        await uploadFile(farmCtxOf(c), { storage, limits: config.uploads }, c.req.valid('form')),
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/files/{fileId}',
      tags: ['Files'],
      summary: 'A file of the farm (?size=thumb for a photo’s thumbnail)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: FileParams, query: FileQuerySchema },
      responses: {
        200: { description: 'The file’s bytes (image/webp for photos)' },
        304: { description: 'Not modified: the copy the caller has is current' },
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const file = await openFile(farmCtxOf(c), c.var.deps.storage, c.req.valid('param').fileId, {
        ...c.req.valid('query'),
        ifNoneMatch: c.req.header('if-none-match'),
      });
      // Only this person's browser may keep it; the address never changes what it holds.
      return fileResponse(file, `private, max-age=${FILE_CACHE_SECONDS}, immutable`);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/files/{fileId}',
      tags: ['Files'],
      summary: 'Remove a file (from its record too); it is no longer served at once',
      middleware: [requireFarm('records.write')] as const,
      request: { params: FileParams },
      responses: { 204: { description: 'Removed' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteFile(farmCtxOf(c), c.req.valid('param').fileId);
      return c.body(null, 204);
    },
  );
