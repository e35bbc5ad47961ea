import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@gona/shared/files';
import { files, supplies } from '../../db/schema/index';
import { diskStorage, type FileStorage } from '../../integrations/storage';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { STRAY_GRACE_MS, cleanUpFiles } from './cleanup.service';

let t: TestContext;
let team: FarmTeam;
let storage: FileStorage;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  // A store of this file's own, so the sweep sees only what these tests put there.
  storage = diskStorage(mkdtempSync(join(tmpdir(), 'gona-cleanup-')));
  t = await createTestContext({}, { storage });
  team = await seedFarmTeam(t);
});

const cleanUp = (hoursFromNow: number) =>
  cleanUpFiles(
    { db: t.db, storage, logger: t.deps.logger },
    { orphanHours: 24, now: new Date(Date.now() + hoursFromNow * HOUR) },
  );

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

async function keysOf(...stored: StoredFile[]): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(files)
    .where(
      inArray(
        files.id,
        stored.map((f) => f.id),
      ),
    );
  return rows.flatMap((r) => [r.storage_key, r.thumb_key!]);
}

async function withPhotos(count: number): Promise<{ supplyId: string; photos: StoredFile[] }> {
  const photos = [];
  for (let i = 0; i < count; i++) photos.push((await uploadPhoto(t, team.base, team.cookies.owner)).body);
  const res = await t.request<{ id: string }>('POST', `${team.base}/supplies`, {
    cookie: team.cookies.owner,
    body: {
      category: 'fertilizer',
      name: 'Urea',
      unit: 'bag_50kg',
      quantity: '3',
      photo_ids: photos.map((p) => p.id),
    },
  });
  expect(res.status, res.text).toBe(201);
  return { supplyId: res.body.id, photos };
}

describe('the files-cleanup job', () => {
  it('removes uploads no record took after FILE_ORPHAN_HOURS, files deleted with their record, and stray objects', async () => {
    const orphan = (await uploadPhoto(t, team.base, team.cookies.owner)).body;
    const kept = await withPhotos(1);
    const removedWithRecord = await withPhotos(2);
    const removedAlone = (await uploadPhoto(t, team.base, team.cookies.owner)).body;
    await t.request('DELETE', removedAlone.url, { cookie: team.cookies.owner });
    await t.request('DELETE', `${team.base}/supplies/${removedWithRecord.supplyId}`, {
      cookie: team.cookies.owner,
    });
    await storage.put(
      `supply/${team.farm.id}/1-left-behind-00000000.webp`,
      new Uint8Array([1, 2, 3]),
      'image/webp',
    );
    const keptKeys = await keysOf(...kept.photos);
    const orphanKeys = await keysOf(orphan);
    expect(await storedKeys()).toHaveLength(2 * 5 + 1);

    const rowsOfFarm = async () =>
      (await t.db.select({ id: files.id }).from(files).where(eq(files.farm_id, team.farm.id)))
        .map((r) => r.id)
        .sort();

    // Now: deleted files go; the young upload may still be saved with its record, and a stored
    // object without a row may be an upload finishing. (The job covers every farm in the test
    // database, so only this farm's rows and this file's store are checked.)
    await cleanUp(0);
    expect(await storedKeys()).toEqual(
      [...keptKeys, ...orphanKeys, `supply/${team.farm.id}/1-left-behind-00000000.webp`].sort(),
    );
    expect(await rowsOfFarm()).toEqual([kept.photos[0]!.id, orphan.id].sort());

    // Past the grace, the object without a row goes; a day and more on, the upload nobody saved.
    await cleanUp(23);
    expect(await storedKeys()).toEqual([...keptKeys, ...orphanKeys].sort());
    expect(await rowsOfFarm()).toEqual([kept.photos[0]!.id, orphan.id].sort());
    expect((await cleanUp(25)).rows).toBeGreaterThanOrEqual(1);
    expect(await storedKeys()).toEqual(keptKeys.sort());
    expect(await rowsOfFarm()).toEqual([kept.photos[0]!.id]);
    const photo = await t.request('GET', kept.photos[0]!.url, { cookie: team.cookies.viewer });
    expect(photo.status).toBe(200);
  });

  it('leaves an old upload that a record took just before it ran', async () => {
    const old = (await uploadPhoto(t, team.base, team.cookies.owner)).body;
    const [supply] = await t.db
      .select({ id: supplies.id })
      .from(supplies)
      .where(eq(supplies.farm_id, team.farm.id))
      .limit(1);
    await t.db
      .update(files)
      .set({ attached_to_table: 'supplies', attached_to_id: supply!.id })
      .where(eq(files.id, old.id));
    await cleanUp(48);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, old.id))).toHaveLength(1);
    expect((await t.request('GET', old.url, { cookie: team.cookies.owner })).status).toBe(200);
  });

  it('sweeps the objects of a deleted farm', async () => {
    const farm = await seedFarmTeam(t);
    await uploadPhoto(t, farm.base, farm.cookies.owner);
    const ofFarm = async () => (await storedKeys()).filter((key) => key.includes(farm.farm.id));
    expect(await ofFarm()).toHaveLength(2);
    expect((await t.request('DELETE', farm.base, { cookie: farm.cookies.owner })).status).toBe(204);
    await cleanUp(STRAY_GRACE_MS / HOUR + 0.1);
    expect(await ofFarm()).toEqual([]);
  });
});
