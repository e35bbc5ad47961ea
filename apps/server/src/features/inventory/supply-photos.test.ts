import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { SupplyWithPhotos } from '@gona/shared/inventory';
import { audit_logs, files } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

const UREA = { category: 'fertilizer', name: 'Urea', unit: 'bag_50kg', quantity: '4' };

async function photoIds(count: number, on = team, kind = 'supply'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await uploadPhoto(t, on.base, on.cookies.owner, { id: newId(), kind });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

/** Adds a supply; a test that expects a refusal names the answer's type (`addSupply<ErrorBody>`). */
function addSupply<T = SupplyWithPhotos>(body: Record<string, unknown>) {
  return t.request<T>('POST', `${team.base}/supplies`, {
    cookie: team.cookies.owner,
    body: { ...UREA, ...body },
  });
}

describe('a supply with photos', () => {
  it('takes the photos uploaded for it, in the order they were added, and shows them on its own screen only', async () => {
    const ids = await photoIds(2);
    const res = await addSupply({ id: newId(), photo_ids: ids });
    expect(res.status, res.text).toBe(201);
    expect(res.body.photos.map((p) => p.id)).toEqual(ids);
    expect(res.body.photos[0]).toMatchObject({
      kind: 'supply',
      thumb_url: `${team.base}/files/${ids[0]}?size=thumb`,
    });

    const detail = await t.request<SupplyWithPhotos>('GET', `${team.base}/supplies/${res.body.id}`, {
      cookie: team.cookies.worker,
    });
    expect(detail.body.photos.map((p) => p.id)).toEqual(ids);
    const list = await t.request<{ items: object[] }>('GET', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
    });
    expect(list.body.items[0]).not.toHaveProperty('photos');

    const [row] = await t.db.select().from(files).where(eq(files.id, ids[0]!));
    expect(row).toMatchObject({ attached_to_table: 'supplies', attached_to_id: res.body.id });
    const [log] = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, res.body.id));
    expect(log?.changes).toMatchObject({ name: 'Urea', photos: 2 });
  });

  it('answers a replay with the first supply, its photos attached once', async () => {
    const id = newId();
    const ids = await photoIds(1);
    const first = await addSupply({ id, photo_ids: ids });
    const again = await addSupply({ id, photo_ids: ids });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('refuses photos that are not the farm’s, are another record’s or were added for something else', async () => {
    const other = await seedFarmTeam(t);
    const theirs = await photoIds(1, other);
    const notFound = await addSupply<ErrorBody>({ photo_ids: theirs });
    expect([notFound.status, notFound.body]).toEqual([
      400,
      {
        error: {
          code: 'VALIDATION',
          message: 'Some fields need attention',
          fields: { photo_ids: 'A photo could not be found. Add it again.' },
        },
      },
    ]);
    const [taken] = await photoIds(1);
    expect((await addSupply({ photo_ids: [taken] })).status).toBe(201);
    expect((await addSupply<ErrorBody>({ photo_ids: [taken] })).body.error.fields).toEqual({
      photo_ids: 'A photo belongs to another record. Add it again.',
    });
    const goat = await photoIds(1, team, 'livestock');
    expect((await addSupply<ErrorBody>({ photo_ids: goat })).body.error.fields).toEqual({
      photo_ids: 'A photo was added for something else. Add it again.',
    });
    const [deleted] = await photoIds(1);
    await t.request('DELETE', `${team.base}/files/${deleted}`, { cookie: team.cookies.owner });
    expect((await addSupply<ErrorBody>({ photo_ids: [deleted] })).body.error.fields).toEqual({
      photo_ids: 'A photo could not be found. Add it again.',
    });
    // Nothing was saved by a refused supply: its other photos are still free.
    const [free] = await photoIds(1);
    expect((await addSupply({ photo_ids: [free, theirs[0]] })).status).toBe(400);
    expect((await addSupply({ photo_ids: [free] })).status).toBe(201);
  });

  it('keeps at most six photos, each once', async () => {
    const seven = Array.from({ length: 7 }, () => newId());
    expect((await addSupply<ErrorBody>({ photo_ids: seven })).body.error.fields).toEqual({
      photo_ids: 'Add at most 6 photos',
    });
    const [one] = await photoIds(1);
    expect((await addSupply<ErrorBody>({ photo_ids: [one, one] })).body.error.fields).toEqual({
      photo_ids: 'Each photo can be added once',
    });
  });

  it('takes a new list of photos on a change, removes the ones left out, and records it', async () => {
    const [a, b, c] = await photoIds(3);
    const supply = (await addSupply({ photo_ids: [a, b] })).body;
    const url = `${team.base}/supplies/${supply.id}`;

    const kept = await t.request<SupplyWithPhotos>('PATCH', url, {
      cookie: team.cookies.manager,
      body: { notes: 'Dry shelf', version: supply.version },
    });
    expect(kept.body.photos.map((p) => p.id)).toEqual([a, b]);

    const changed = await t.request<SupplyWithPhotos>('PATCH', url, {
      cookie: team.cookies.manager,
      body: { photo_ids: [b, c], version: kept.body.version },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.photos.map((p) => p.id)).toEqual([b, c]);
    expect((await t.request('GET', `${team.base}/files/${a}`, { cookie: team.cookies.owner })).status).toBe(
      404,
    );
    const logs = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, supply.id), eq(audit_logs.action, 'update')));
    expect(logs.map((l) => l.changes)).toContainEqual(
      expect.objectContaining({ name: 'Urea', photos: { from: 2, to: 2 } }),
    );

    const stale = await t.request('PATCH', url, {
      cookie: team.cookies.manager,
      body: { photo_ids: [], version: supply.version },
    });
    expect(stale.status).toBe(409);
    expect((await t.request('GET', `${team.base}/files/${b}`, { cookie: team.cookies.owner })).status).toBe(
      200,
    );
  });

  it('takes its photos with it when it is deleted', async () => {
    const ids = await photoIds(2);
    const supply = (await addSupply({ photo_ids: ids })).body;
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.owner }))
        .status,
    ).toBe(204);
    for (const id of ids) {
      expect(
        (await t.request('GET', `${team.base}/files/${id}`, { cookie: team.cookies.owner })).status,
      ).toBe(404);
    }
    const rows = await t.db.select().from(files).where(eq(files.id, ids[0]!));
    expect(rows[0]).toMatchObject({ attached_to_id: null });
    expect(rows[0]?.deleted_at).toBeInstanceOf(Date);
  });
});
