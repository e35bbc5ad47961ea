import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../test/fake-s3';
import { diskStorage, s3Storage, type FileStorage } from './storage';

let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

const text = (value: string) => new TextEncoder().encode(value);

async function read(storage: FileStorage, key: string): Promise<string | null> {
  const object = await storage.get(key);
  return object && new Response(object.body).text();
}

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

/** The same behaviour from both stores: what one passes, the other must. */
function behavesLikeFileStorage(make: () => FileStorage) {
  it('puts, gets, lists and deletes objects under their keys', async () => {
    const storage = make();
    const farm = '0193a0c4-0000-7000-8000-000000000001';
    await storage.put(`supply/${farm}/1732350000000-urea-bag-0000abcd.webp`, text('full'), 'image/webp');
    await storage.put(
      `supply/${farm}/1732350000000-urea-bag-0000abcd.thumb.webp`,
      text('thumb'),
      'image/webp',
    );
    await storage.put(`livestock/${farm}/1732350000001-goat-0000abce.webp`, text('goat'), 'image/webp');

    expect(await read(storage, `supply/${farm}/1732350000000-urea-bag-0000abcd.webp`)).toBe('full');
    expect((await storage.get(`supply/${farm}/1732350000000-urea-bag-0000abcd.thumb.webp`))?.bytes).toBe(5);
    expect(await storage.get(`supply/${farm}/nothing-here.webp`)).toBeNull();
    expect(await keysOf(storage)).toEqual([
      `livestock/${farm}/1732350000001-goat-0000abce.webp`,
      `supply/${farm}/1732350000000-urea-bag-0000abcd.thumb.webp`,
      `supply/${farm}/1732350000000-urea-bag-0000abcd.webp`,
    ]);

    await storage.delete(`supply/${farm}/1732350000000-urea-bag-0000abcd.webp`);
    await storage.delete(`supply/${farm}/nothing-here.webp`);
    expect(await read(storage, `supply/${farm}/1732350000000-urea-bag-0000abcd.webp`)).toBeNull();
    expect(await keysOf(storage)).toHaveLength(2);
  });

  it('refuses a key that could leave the store', async () => {
    const storage = make();
    await expect(storage.put('supply/../../etc/passwd', text('x'), 'text/plain')).rejects.toThrow(
      /storage key/,
    );
    await expect(storage.get('/absolute')).rejects.toThrow(/storage key/);
  });
}

describe('disk storage', () => {
  behavesLikeFileStorage(() => diskStorage(mkdtempSync(join(tmpdir(), 'gona-disk-'))));

  it('lists when each object was written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gona-disk-'));
    const storage = diskStorage(root);
    await storage.put('supply/f/1-old-00000000.webp', text('x'), 'image/webp');
    const then = new Date('2025-05-26T08:00:00Z');
    utimesSync(join(root, 'supply/f/1-old-00000000.webp'), then, then);
    for await (const listed of storage.list())
      expect(listed.modifiedAt.toISOString()).toBe(then.toISOString());
    expect(await keysOf(storage)).toHaveLength(1);
  });

  it('lists nothing before the first upload', async () => {
    expect(await keysOf(diskStorage(join(tmpdir(), `gona-none-${Date.now()}`)))).toEqual([]);
  });
});

describe('S3-compatible storage, against a loopback fake that checks AWS Signature V4', () => {
  const config = () => ({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
  });

  behavesLikeFileStorage(() => {
    s3.objects.clear();
    return s3Storage(config());
  });

  it('sends path-style requests to the bucket, signed, with the content type', async () => {
    s3.objects.clear();
    s3.requests.length = 0;
    await s3Storage(config()).put('supply/f/1-urea-00000000.webp', text('full'), 'image/webp');
    expect(s3.requests).toEqual([`PUT /${s3.bucket}/supply/f/1-urea-00000000.webp`]);
    expect(s3.objects.get('supply/f/1-urea-00000000.webp')?.contentType).toBe('image/webp');
  });

  it('signs the hash of what it uploads, so a body changed on the way is refused', async () => {
    s3.objects.clear();
    const storage = s3Storage(config());
    s3.tamper = (body) => Buffer.concat([body, Buffer.from('!')]);
    try {
      await expect(storage.put('supply/f/1-x-00000000.webp', text('x'), 'image/webp')).rejects.toThrow(/403/);
    } finally {
      s3.tamper = null;
    }
    expect(s3.objects.size).toBe(0);
  });

  it('pages through a listing longer than one answer', async () => {
    s3.objects.clear();
    const storage = s3Storage(config());
    for (const n of [1, 2, 3, 4, 5])
      await storage.put(`supply/f/${n}-x-00000000.webp`, text('x'), 'image/webp');
    expect(await keysOf(storage)).toHaveLength(5);
  });

  it('fails loudly when the store refuses the signature (a wrong secret, key or region)', async () => {
    for (const wrong of [
      { secretAccessKey: 'not-the-secret' },
      { accessKeyId: 'SOMEONEELSE' },
      { region: 'eu-west-1' },
    ]) {
      const storage = s3Storage({ ...config(), ...wrong });
      await expect(storage.put('supply/f/1-x-00000000.webp', text('x'), 'image/webp')).rejects.toThrow(/403/);
      await expect(storage.get('supply/f/1-x-00000000.webp')).rejects.toThrow(/403/);
    }
  });
});
