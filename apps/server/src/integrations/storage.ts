import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config';

/** A stored object being read: its bytes as a stream, and their number when the store knows it. */
export type StoredObject = { body: ReadableStream<Uint8Array>; bytes: number | undefined };

/** A key in the store and when its object was written, for the sweep of objects without a row. */
export type StoredKey = { key: string; modifiedAt: Date };

/**
 * Where uploaded files live. Keys are made by the files service (`supply/{farmId}/{timestamp}-{name}`);
 * nothing here decides who may read them: every read goes through Gona's farm access check.
 */
export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a key with no object is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store. */
  list(): AsyncIterable<StoredKey>;
}

/** S3-compatible storage when S3_* is configured, otherwise the disk under DATA_DIR/files. */
export function createFileStorage(config: { dataDir: string; s3: S3Config | undefined }): FileStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(join(config.dataDir, 'files'));
}

/**
 * Files on the local disk under `root`, one file per key. A write goes to a temporary name first
 * and is renamed into place, so a reader never sees half a photo.
 */
export function diskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial-${randomBytes(4).toString('hex')}`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, bytes: size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const { mtime } = await stat(path);
        yield { key: relative(root, path).split(sep).join('/'), modifiedAt: mtime };
      }
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2 …), addressed path-style
 * (`{endpoint}/{bucket}/{key}`) with requests signed by AWS Signature Version 4. The bucket stays
 * private: people get files through Gona, never from the bucket.
 */
export function s3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 3,
  });
  const bucketUrl = `${config.endpoint}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (key: string) =>
    `${bucketUrl}/${checkedKey(key).split('/').map(encodeURIComponent).join('/')}`;
  const send = async (method: string, url: string, init: RequestInit = {}) => {
    const res = await client.fetch(url, { method, ...init });
    if (res.ok || (res.status === 404 && method !== 'PUT')) return res;
    await res.body?.cancel();
    throw new Error(`S3 ${method} ${new URL(url).pathname} answered ${res.status}`);
  };
  return {
    async put(key, body, contentType) {
      // The body's hash is signed too, so the store refuses a photo changed on the way.
      const sha256 = createHash('sha256').update(body).digest('hex');
      const res = await send('PUT', urlOf(key), {
        body,
        headers: { 'content-type': contentType, 'x-amz-content-sha256': sha256 },
      });
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send('GET', urlOf(key));
      if (res.status === 404 || !res.body) {
        await res.body?.cancel();
        return null;
      }
      const length = res.headers.get('content-length');
      return { body: res.body, bytes: length ? Number(length) : undefined };
    },
    async delete(key) {
      const res = await send('DELETE', urlOf(key));
      await res.body?.cancel();
    },
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({
          'list-type': '2',
          ...(token ? { 'continuation-token': token } : {}),
        });
        const xml = await (await send('GET', `${bucketUrl}?${query.toString()}`)).text();
        for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlText(contents, 'Key');
          const modified = xmlText(contents, 'LastModified');
          if (key && modified) yield { key, modifiedAt: new Date(modified) };
        }
        token = xmlText(xml, 'IsTruncated') === 'true' ? xmlText(xml, 'NextContinuationToken') : undefined;
      } while (token);
    },
  };
}

const KEY = /^[a-z]+(\/[\w.-]+)+$/;

/** Keys are made by Gona, never by a person; one that could leave the store is a bug, refused loudly. */
function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

function isMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first <tag> in `xml`, entities decoded; S3's list answer needs no more. */
function xmlText(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match?.[1]?.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
}
