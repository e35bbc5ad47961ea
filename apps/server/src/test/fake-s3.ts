import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeS3 = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The objects held, by key. */
  objects: Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>;
  /** Every request as "METHOD /path", in order. */
  requests: string[];
  /** Changes each body as it arrives (a network that corrupts uploads), when set. */
  tamper: ((body: Buffer) => Buffer) | null;
  close: () => Promise<void>;
};

/**
 * A loopback stand-in for an S3-compatible store: path-style PUT, GET, DELETE of objects and
 * ListObjectsV2, in memory. Like S3 it refuses (403) a request that is not signed with AWS
 * Signature Version 4 by its access key and secret for its region (the signature is worked out
 * here independently and compared), or whose x-amz-content-sha256 is neither UNSIGNED-PAYLOAD
 * nor the body's hash.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const credentials = {
    bucket: 'farm-photos',
    accessKeyId: 'GONATESTKEY',
    secretAccessKey: 'gona-test-secret-key',
    region: 'af-south-1',
  };
  const { bucket } = credentials;
  const objects: FakeS3['objects'] = new Map();
  const requests: string[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const received = Buffer.concat(chunks);
    const body = fake.tamper ? fake.tamper(received) : received;
    const refusal = signatureProblem(req, body, credentials);
    if (refusal)
      return xml(res, 403, `<Error><Code>AccessDenied</Code><Message>${refusal}</Message></Error>`);
    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return xml(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');
    const key = rest.map(decodeURIComponent).join('/');
    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      return xml(res, 200, listAnswer(objects, url.searchParams.get('continuation-token')));
    }
    switch (req.method) {
      case 'PUT':
        objects.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
          modifiedAt: new Date(),
        });
        return res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      case 'GET': {
        const object = objects.get(key);
        if (!object) return xml(res, 404, '<Error><Code>NoSuchKey</Code></Error>');
        return res
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
          .end(object.body);
      }
      case 'DELETE':
        objects.delete(key);
        return res.writeHead(204).end();
      default:
        return xml(res, 405, '<Error><Code>MethodNotAllowed</Code></Error>');
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeS3 = {
    endpoint: `http://127.0.0.1:${port}`,
    ...credentials,
    objects,
    requests,
    tamper: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** Why S3 would refuse the request's signature, or null. */
function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'Not signed with AWS4-HMAC-SHA256';
  const [, accessKeyId, day, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'Unknown access key';
  if (region !== keys.region) return 'Wrong region';
  const signed = signedHeaders!.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) return 'Host and date must be signed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'The credential date is not the request date';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return 'The body does not match its hash';

  const url = new URL(req.url ?? '/', 'http://fake-s3');
  const query = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signed.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const dateKey = hmac(Buffer.from(`AWS4${keys.secretAccessKey}`), day!);
  const key = hmac(hmac(hmac(dateKey, region), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? null : 'The signature does not match';
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const PAGE = 2;

/** ListObjectsV2, two keys a page so a test of paging needs few objects. */
function listAnswer(objects: FakeS3['objects'], token: string | null): string {
  const keys = [...objects.keys()].sort();
  const start = token ? keys.findIndex((k) => k > token) : 0;
  const page = start < 0 ? [] : keys.slice(start, start + PAGE);
  const truncated = start >= 0 && start + PAGE < keys.length;
  const contents = page
    .map(
      (key) =>
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${objects.get(key)!.modifiedAt.toISOString()}</LastModified></Contents>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${contents}${
    truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''
  }</ListBucketResult>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xml(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(text);
}
