import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { s3Storage } from '../../integrations/storage';
import { createTestContext, type TestContext } from '../../test/context';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { cameraPhoto, uploadPhoto } from '../../test/photos';
import { cleanUpFiles } from './cleanup.service';

let s3: FakeS3;
let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  s3 = await startFakeS3();
  // The app as S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY configure it.
  const { s3: config } = loadConfig({
    AUTH_SECRET: 'x'.repeat(32),
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_REGION: s3.region,
  });
  t = await createTestContext({}, { storage: s3Storage(config!) });
  team = await seedFarmTeam(t);
});
afterAll(async () => {
  await s3?.close();
});

describe('photos kept in an S3-compatible bucket', () => {
  it('puts the photo and its thumbnail in the bucket under the farm’s keys, and serves them through Gona', async () => {
    const res = await uploadPhoto(t, team.base, team.cookies.owner, {
      bytes: await cameraPhoto({ width: 2000, height: 1500 }),
      name: 'Delivery.jpg',
    });
    expect(res.status, res.text).toBe(201);
    const keys = [...s3.objects.keys()].filter((key) => key.includes(team.farm.id));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(
        new RegExp(`^supply/${team.farm.id}/\\d{13}-delivery-${res.body.id.slice(-8)}(\\.thumb)?\\.webp$`),
      );
      expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    }

    const full = await t.request('GET', res.body.url, { cookie: team.cookies.viewer });
    expect(full.status).toBe(200);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    const thumb = await t.request('GET', res.body.thumb_url!, { cookie: team.cookies.viewer });
    expect((await sharp(thumb.bytes).metadata()).width).toBe(320);
  });

  it('removes a deleted photo’s objects from the bucket with the cleanup job', async () => {
    const photo = (await uploadPhoto(t, team.base, team.cookies.owner)).body;
    const ofPhoto = () => [...s3.objects.keys()].filter((key) => key.includes(photo.id.slice(-8)));
    expect(ofPhoto()).toHaveLength(2);
    expect((await t.request('DELETE', photo.url, { cookie: team.cookies.owner })).status).toBe(204);
    await cleanUpFiles({ db: t.db, storage: t.deps.storage, logger: t.deps.logger }, { orphanHours: 24 });
    expect(ofPhoto()).toEqual([]);
  });
});
