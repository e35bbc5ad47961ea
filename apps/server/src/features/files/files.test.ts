import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { StoredFile } from '@gona/shared/files';
import { audit_logs, files } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext, type TestResponse } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { cameraPhoto, uploadPhoto } from '../../test/photos';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

const fieldOf = (res: TestResponse<ErrorBody>) => res.body.error.fields?.file;

/** Whether EXIF data holds the GPSInfo tag (0x8825), in the byte order its TIFF header names. */
function hasGpsPointer(exif: Buffer): boolean {
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** A tiny HEIC (HEVC-coded) photo, as an iPhone saves by default; made with libheif's heif-enc. */
const HEIC =
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAGgACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAACJtZGF0AAAAFigBrxmA70mlv//jCV/5kfv87rWmPm4=';

/** A one-page PDF, enough for the type sniffer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('uploading a photo', () => {
  it('stores an upright WebP of at most 1280 px with a 320 px thumbnail, and answers the addresses to load them', async () => {
    const bytes = await cameraPhoto({ width: 4000, height: 3000 });
    const res = await uploadPhoto(t, team.base, team.cookies.owner, { bytes, name: 'Urea bags (store).JPG' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      farm_id: team.farm.id,
      kind: 'supply',
      content_type: 'image/webp',
      width: 1280,
      height: 960,
      original_name: 'Urea bags (store).JPG',
      url: `${team.base}/files/${res.body.id}`,
      thumb_url: `${team.base}/files/${res.body.id}?size=thumb`,
    });
    expect(res.body.bytes).toBeLessThan(bytes.length);

    const full = await t.request('GET', res.body.url, { cookie: team.cookies.viewer });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);
    expect(full.headers.get('etag')).toBeTruthy();
    expect(full.bytes.length).toBe(res.body.bytes);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 960 });

    const thumb = await t.request('GET', res.body.thumb_url as string, { cookie: team.cookies.worker });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(thumb.headers.get('etag')).not.toBe(full.headers.get('etag'));
  });

  it('keeps the object under {kind}/{farmId}/{timestamp}-{safe name}', async () => {
    const res = await uploadPhoto(t, team.base, team.cookies.owner, { name: '../../Ẹ̀gúsí seeds #2.jpeg' });
    expect(res.body.original_name).toBe('Ẹ̀gúsí seeds #2.jpeg');
    const [row] = await t.db.select().from(files).where(eq(files.id, res.body.id));
    const stem = `supply/${team.farm.id}/\\d{13}-egusi-seeds-2-${res.body.id.slice(-8)}`;
    expect(row?.storage_key).toMatch(new RegExp(`^${stem}\\.webp$`));
    expect(row?.thumb_key).toMatch(new RegExp(`^${stem}\\.thumb\\.webp$`));
    expect(row).toMatchObject({
      created_by: team.users.owner.id,
      attached_to_table: null,
      attached_to_id: null,
    });
  });

  it('turns the photo upright by its EXIF orientation and keeps no EXIF, GPS or camera details', async () => {
    const bytes = await cameraPhoto({ width: 800, height: 400, orientation: 6, gps: true });
    const sent = await sharp(bytes).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.toString('latin1')).toContain('Tecno');
    expect(hasGpsPointer(sent.exif!)).toBe(true);

    const res = await uploadPhoto(t, team.base, team.cookies.owner, { bytes });
    expect(res.status, res.text).toBe(201);
    // Stored sideways, shown upright: 800 × 400 turned a quarter is 400 × 800.
    expect([res.body.width, res.body.height]).toEqual([400, 800]);
    for (const url of [res.body.url, res.body.thumb_url as string]) {
      const stored = (await t.request('GET', url, { cookie: team.cookies.owner })).bytes;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('EXIF'))).toBe(false);
      expect(stored.toString('latin1')).not.toContain('Tecno');
      // The red left half of the sensor is at the top once turned.
      const [r, g, b] = await sharp(stored)
        .extract({ left: 20, top: 20, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(r).toBeGreaterThan(200);
      expect(g! + b!).toBeLessThan(60);
    }
  });

  it('takes PNG and WebP too, and never enlarges a small photo', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00aa0080' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#aa0000' } })
      .webp()
      .toBuffer();
    for (const [bytes, name, size] of [
      [png, 'leaf.png', [300, 200]],
      [webp, 'tomato.webp', [200, 300]],
    ] as const) {
      const res = await uploadPhoto(t, team.base, team.cookies.manager, {
        bytes,
        name,
        type: 'application/octet-stream',
      });
      expect(res.status, res.text).toBe(201);
      expect([res.body.content_type, res.body.width, res.body.height]).toEqual(['image/webp', ...size]);
    }
  });

  it('lets a worker add a photo (field events carry photos), not a viewer', async () => {
    expect((await uploadPhoto(t, team.base, team.cookies.worker)).status).toBe(201);
    const viewer = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.viewer);
    expect([viewer.status, viewer.body.error.message]).toEqual([403, 'Insufficient permissions']);
  });

  it('answers 401 without a session and 404 on a farm the person is not a member of', async () => {
    expect((await uploadPhoto(t, team.base, '')).status).toBe(401);
    const stranger = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.stranger);
    expect([stranger.status, stranger.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('uploads Gona refuses', () => {
  it('refuses a text file named .jpg, whatever type the phone claims', async () => {
    const res = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.owner, {
      bytes: Buffer.from('Urea 50 kg x 12 bags, delivered Monday\n'.repeat(20)),
      name: 'receipt.jpg',
      type: 'image/jpeg',
    });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('This file is not a photo. Choose a JPEG, PNG or WebP photo.');
  });

  it('refuses a PDF as a supply photo but keeps one as a receipt, downloaded rather than shown', async () => {
    const asPhoto = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.owner, {
      bytes: PDF,
      name: 'invoice.pdf',
    });
    expect([asPhoto.status, fieldOf(asPhoto)]).toEqual([
      400,
      'This file is not a photo. Choose a JPEG, PNG or WebP photo.',
    ]);
    const receipt = await uploadPhoto(t, team.base, team.cookies.owner, {
      bytes: PDF,
      name: 'Invoice May.pdf',
      kind: 'receipt',
    });
    expect(receipt.status, receipt.text).toBe(201);
    expect(receipt.body).toMatchObject({
      content_type: 'application/pdf',
      width: null,
      height: null,
      thumb_url: null,
    });
    const got = await t.request('GET', receipt.body.url, { cookie: team.cookies.viewer });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Invoice%20May.pdf`);
    expect(got.bytes.equals(PDF)).toBe(true);
    // A receipt is money: a worker, who sees no money, may not open it.
    expect((await t.request('GET', receipt.body.url, { cookie: team.cookies.worker })).status).toBe(403);
  });

  it('refuses a HEIC photo in words the farmer can act on (this build of sharp cannot decode HEVC)', async () => {
    const res = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.owner, {
      bytes: Buffer.from(HEIC, 'base64'),
      name: 'IMG_4410.HEIC',
      type: 'image/heic',
    });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toMatch(/^This photo is in HEIC format, which Gona cannot read\./);
  });

  it('refuses a damaged photo', async () => {
    const photo = await cameraPhoto();
    const res = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.owner, {
      bytes: photo.subarray(0, 400),
    });
    expect([res.status, fieldOf(res)]).toEqual([
      400,
      'This photo could not be read. It may be damaged: take it again or choose another one.',
    ]);
  });

  it('refuses a file over 8 MB with 413 and the limit in words', async () => {
    const res = await uploadPhoto<ErrorBody>(t, team.base, team.cookies.owner, {
      bytes: Buffer.alloc(8 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large (at most 8 MB). Choose a smaller photo or file.',
    });
  });

  it('refuses a bigger body by its length before reading it, and a streamed one as soon as it passes the limit', async () => {
    const tooLong = await t.request<ErrorBody>('POST', `${team.base}/files`, {
      cookie: team.cookies.owner,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(9 * 1024 * 1024),
      },
      raw: '--x--',
    });
    expect([tooLong.status, tooLong.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);

    let pulled = 0;
    const chunk = new Uint8Array(256 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await t.app.request(`${team.base}/files`, {
      method: 'POST',
      headers: {
        cookie: team.cookies.owner,
        origin: t.deps.config.baseUrl,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: endless,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10 * 1024 * 1024);
  });

  it('asks for the session before taking any of a big upload', async () => {
    const res = await uploadPhoto<ErrorBody>(t, team.base, '', { bytes: Buffer.alloc(9 * 1024 * 1024) });
    expect(res.status).toBe(401);
  });

  it('refuses a photo with more pixels than UPLOAD_MAX_PIXELS, and says the limit', async () => {
    const small = await createTestContext({ UPLOAD_MAX_PIXELS: '1000000', UPLOAD_MAX_BYTES: '65536' });
    const smallTeam = await seedFarmTeam(small);
    const fits = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#336633' } })
      .png()
      .toBuffer();
    const tooMany = await sharp({ create: { width: 1001, height: 1000, channels: 3, background: '#336633' } })
      .png()
      .toBuffer();
    expect((await uploadPhoto(small, smallTeam.base, smallTeam.cookies.owner, { bytes: fits })).status).toBe(
      201,
    );
    const refused = await uploadPhoto<ErrorBody>(small, smallTeam.base, smallTeam.cookies.owner, {
      bytes: tooMany,
    });
    expect([refused.status, fieldOf(refused)]).toEqual([
      400,
      'This photo has too many pixels (more than 1 megapixels). Choose a smaller photo.',
    ]);
    const big = await uploadPhoto<ErrorBody>(small, smallTeam.base, smallTeam.cookies.owner, {
      bytes: await cameraPhoto({ width: 1000, height: 1000 }).then((b) =>
        Buffer.concat([b, Buffer.alloc(65536)]),
      ),
    });
    expect([big.status, big.body.error.message]).toEqual([
      413,
      'The file is too large (at most 64 KB). Choose a smaller photo or file.',
    ]);
  });

  it('answers a body that is not a form, or a broken one, with 400', async () => {
    for (const [type, raw, message] of [
      ['multipart/form-data; boundary=x', 'garbage without parts', 'The request body could not be read.'],
      ['multipart/form-data', '--x\r\n', 'The request body could not be read.'],
      [
        'application/json',
        '{"file":"x","kind":"supply"}',
        'The request body is not of the type this address takes.',
      ],
      ['text/plain', 'hello', 'The request body is not of the type this address takes.'],
    ]) {
      const res = await t.request<ErrorBody>('POST', `${team.base}/files`, {
        cookie: team.cookies.owner,
        headers: { 'content-type': type! },
        raw,
      });
      expect([res.status, res.body.error], type).toEqual([400, { code: 'VALIDATION', message }]);
    }
  });

  it('answers a form without a file, or of an unknown kind, with field errors', async () => {
    const form = new FormData();
    form.set('kind', 'tractor');
    const res = await t.request<ErrorBody>('POST', `${team.base}/files`, {
      cookie: team.cookies.owner,
      form,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      file: 'Choose a photo to add',
      kind: 'Say what the file is for',
    });
  });
});

describe('an upload sent again', () => {
  it('answers the first result for the same client id, and stores one file', async () => {
    const id = newId();
    const bytes = await cameraPhoto();
    const first = await uploadPhoto(t, team.base, team.cookies.owner, { bytes, id });
    const again = await uploadPhoto(t, team.base, team.cookies.owner, { bytes, id, name: 'other.jpg' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body.id).toBe(id);
    expect(await t.db.select().from(files).where(eq(files.id, id))).toHaveLength(1);
  });

  it('stores one file when the same upload arrives twice at once, and leaves no stray objects', async () => {
    const farm = await seedFarmTeam(t);
    const id = newId();
    const bytes = await cameraPhoto();
    const [a, b] = await Promise.all([
      uploadPhoto(t, farm.base, farm.cookies.owner, { bytes, id }),
      uploadPhoto(t, farm.base, farm.cookies.owner, { bytes, id }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    const stored = [];
    for await (const { key } of t.deps.storage.list()) if (key.includes(farm.farm.id)) stored.push(key);
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(stored.sort()).toEqual([row!.storage_key, row!.thumb_key].sort());
  });

  it('refuses an id another farm used, saying nothing about it', async () => {
    const theirs = await uploadPhoto(t, team.base, team.cookies.owner);
    const other = await seedFarmTeam(t);
    const res = await uploadPhoto<ErrorBody>(t, other.base, other.cookies.owner, { id: theirs.body.id });
    expect([res.status, res.body.error.code]).toEqual([409, 'CONFLICT']);
  });
});

describe('reading a file', () => {
  let photo: StoredFile;
  beforeAll(async () => {
    photo = (await uploadPhoto(t, team.base, team.cookies.owner)).body;
  });

  it('answers 304 when the browser has the current copy', async () => {
    const first = await t.request('GET', photo.url, { cookie: team.cookies.owner });
    const etag = first.headers.get('etag')!;
    const again = await t.request('GET', photo.url, {
      cookie: team.cookies.owner,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('is 404 for another farm’s photo, through either farm, and 401 without a session', async () => {
    const other = await seedFarmTeam(t);
    const theirs = (await uploadPhoto(t, other.base, other.cookies.owner)).body;
    // Their photo's id on our farm's address: not ours, so not found.
    const viaOurs = await t.request<ErrorBody>('GET', `${team.base}/files/${theirs.id}`, {
      cookie: team.cookies.owner,
    });
    expect([viaOurs.status, viaOurs.body.error.code]).toEqual([404, 'NOT_FOUND']);
    // Their farm's address: we are not members.
    expect((await t.request('GET', theirs.url, { cookie: team.cookies.owner })).status).toBe(404);
    expect((await t.request('GET', photo.url)).status).toBe(401);
    expect(
      (await t.request('GET', `${team.base}/files/${newId()}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect((await t.request('GET', `${photo.url}?size=huge`, { cookie: team.cookies.owner })).status).toBe(
      400,
    );
  });
});

describe('deleting a file', () => {
  it('stops serving it at once and records who removed it', async () => {
    const photo = (await uploadPhoto(t, team.base, team.cookies.owner, { name: 'Sick goat.jpg' })).body;
    const worker = await t.request('DELETE', photo.url, { cookie: team.cookies.worker });
    expect(worker.status).toBe(403);
    const res = await t.request('DELETE', photo.url, { cookie: team.cookies.manager });
    expect(res.status).toBe(204);
    expect((await t.request('GET', photo.url, { cookie: team.cookies.owner })).status).toBe(404);
    expect((await t.request('DELETE', photo.url, { cookie: team.cookies.manager })).status).toBe(404);
    const [log] = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, photo.id));
    expect(log).toMatchObject({
      table_name: 'files',
      action: 'delete',
      user_id: team.users.manager.id,
      farm_id: team.farm.id,
      changes: { name: 'Sick goat.jpg', kind: 'supply', attached_to: null },
    });
  });
});
