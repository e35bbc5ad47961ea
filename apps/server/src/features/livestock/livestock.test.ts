import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Livestock, LivestockSummary, LivestockWithPhotos } from '@gona/shared/livestock';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, files, livestock, livestock_events } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { uploadPhoto } from '../../test/photos';
import { addLivestock, GOAT, LAYERS } from './livestock.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

describe('POST /api/farms/:farmId/livestock', () => {
  it('adds a group whose head count arrives through its first event, with an audit row', async () => {
    const res = await t.request<LivestockWithPhotos>('POST', `${team.base}/livestock`, {
      cookie: team.cookies.manager,
      body: { ...LAYERS, notes: '  Point of lay at 18 weeks  ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      farm_id: team.farm.id,
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House A',
      head_count: 500,
      status: 'active',
      price_kobo: 150_000_000,
      withdrawal_until: null,
      notes: 'Point of lay at 18 weeks',
      photos: [],
      version: 1,
    });
    const events = await t.db
      .select()
      .from(livestock_events)
      .where(eq(livestock_events.animal_id, res.body.id));
    expect(events).toMatchObject([
      { kind: 'purchase', change: 500, head_count_after: 500, date: '2025-05-01' },
    ]);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'livestock'), eq(audit_logs.record_id, res.body.id)));
    expect(audit).toMatchObject([{ action: 'insert', changes: { name: 'Layers House A', head_count: 500 } }]);
  });

  it('adds one animal as one head born on the farm', async () => {
    const goat = await addLivestock(t, team, GOAT);
    expect(goat).toMatchObject({ kind: 'individual', tag: 'RS-014', head_count: 1, sex: 'female' });
    const events = await t.db.select().from(livestock_events).where(eq(livestock_events.animal_id, goat.id));
    expect(events).toMatchObject([{ kind: 'birth', change: 1, date: '2024-02-10' }]);
  });

  it('records a create sent twice with the same client id once; another farm cannot take the id', async () => {
    const id = newId();
    const body = { ...LAYERS, id, name: 'Broody pen' };
    const first = await t.request('POST', `${team.base}/livestock`, { cookie: team.cookies.owner, body });
    const again = await t.request('POST', `${team.base}/livestock`, { cookie: team.cookies.owner, body });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await t.db.select().from(livestock_events).where(eq(livestock_events.animal_id, id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, id))).toHaveLength(1);
    const other = await seedFarmTeam(t);
    const taken = await t.request('POST', `${other.base}/livestock`, { cookie: other.cookies.owner, body });
    expect(taken.status).toBe(409);
  });

  it('answers 400 with a message beside each field for bad input', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/livestock`, {
      cookie: team.cookies.owner,
      body: {
        kind: 'group',
        species: 'unicorn',
        acquisition: 'bought',
        head_count: 0,
        acquired_on: '01/05/2025',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      species: 'Choose the kind of animal',
      head_count: 'Enter 1 or more',
      acquired_on: 'Enter the date it came as a calendar date',
      name: 'Name the group, e.g. Layers House A',
    });
  });

  it('keeps a photo uploaded for it, and refuses a photo kept for something else', async () => {
    const photo = await uploadPhoto(t, team.base, team.cookies.owner, { kind: 'livestock' });
    const animal = await addLivestock(t, team, { ...GOAT, tag: 'RS-015', photo_ids: [photo.body.id] });
    expect(animal.photos.map((p) => p.id)).toEqual([photo.body.id]);
    const [stored] = await t.db.select().from(files).where(eq(files.id, photo.body.id));
    expect(stored?.storage_key).toMatch(
      new RegExp(`^livestock/${team.farm.id}/\\d+-img-20250526-081500-[0-9a-f]{8}\\.webp$`),
    );
    expect(stored).toMatchObject({ attached_to_table: 'livestock', attached_to_id: animal.id });
    const supplyPhoto = await uploadPhoto(t, team.base, team.cookies.owner, { kind: 'supply' });
    const res = await t.request<ErrorBody>('POST', `${team.base}/livestock`, {
      cookie: team.cookies.owner,
      body: { ...GOAT, tag: 'RS-016', photo_ids: [supplyPhoto.body.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      photo_ids: 'A photo was added for something else. Add it again.',
    });
  });

  it('lets workers and viewers read but not add, change or delete animals', async () => {
    const animal = await addLivestock(t, team, { name: 'Roles flock' });
    for (const role of ['worker', 'viewer'] as const) {
      const add = await t.request('POST', `${team.base}/livestock`, {
        cookie: team.cookies[role],
        body: LAYERS,
      });
      const change = await t.request('PATCH', `${team.base}/livestock/${animal.id}`, {
        cookie: team.cookies[role],
        body: { notes: 'x', version: 1 },
      });
      const remove = await t.request('DELETE', `${team.base}/livestock/${animal.id}`, {
        cookie: team.cookies[role],
      });
      const read = await t.request('GET', `${team.base}/livestock/${animal.id}`, {
        cookie: team.cookies[role],
      });
      expect([add.status, change.status, remove.status, read.status], role).toEqual([403, 403, 403, 200]);
    }
  });
});

describe('GET /api/farms/:farmId/livestock', () => {
  it('lists newest first, filters by species, status and search, and pages with a cursor', async () => {
    const own = await seedFarmTeam(t);
    const flock = await addLivestock(t, own, { name: 'Broilers Batch 7', species: 'chicken_broiler' });
    const pond = await addLivestock(t, own, {
      name: 'Pond B',
      species: 'catfish',
      breed: 'Clarias',
      head_count: 2000,
    });
    const goat = await addLivestock(t, own, GOAT);
    const list = (query: string) =>
      t.request<Page<Livestock>>('GET', `${own.base}/livestock${query}`, { cookie: own.cookies.viewer });
    expect((await list('')).body.items.map((a) => a.id)).toEqual([goat.id, pond.id, flock.id]);
    expect((await list('?species=catfish')).body.items.map((a) => a.id)).toEqual([pond.id]);
    expect((await list('?search=clar')).body.items.map((a) => a.id)).toEqual([pond.id]);
    expect((await list('?search=rs-0')).body.items.map((a) => a.id)).toEqual([goat.id]);
    expect((await list('?search=%25')).body.items).toEqual([]);
    const first = await list('?limit=2');
    expect(first.body.items).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ items: [{ id: flock.id }], next_cursor: null });
    expect((await list('?status=sold')).body.items).toEqual([]);
    expect((await list('?species=zebra')).status).toBe(400);
  });

  it('leaves the purchase price out for workers', async () => {
    const animal = await addLivestock(t, team, { name: 'Price flock' });
    const worker = await t.request<Livestock>('GET', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.worker,
    });
    expect(worker.body).not.toHaveProperty('price_kobo');
    const list = await t.request<Page<Livestock>>('GET', `${team.base}/livestock`, {
      cookie: team.cookies.worker,
    });
    expect(list.body.items.every((item) => !('price_kobo' in item))).toBe(true);
    const viewer = await t.request<Livestock>('GET', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.viewer,
    });
    expect(viewer.body.price_kobo).toBe(150_000_000);
  });

  it("answers 404 for another farm's animal", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await addLivestock(t, other);
    const res = await t.request('GET', `${team.base}/livestock/${theirs.id}`, { cookie: team.cookies.owner });
    expect(res.status).toBe(404);
  });
});

describe('PATCH and DELETE /api/farms/:farmId/livestock/:animalId', () => {
  it('changes the details with the version seen, refuses a stale one, and leaves the head count alone', async () => {
    const animal = await addLivestock(t, team, { name: 'Edit flock' });
    const res = await t.request<Livestock>('PATCH', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.manager,
      body: { location: 'House 3', head_count: 20, version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ location: 'House 3', head_count: 500, version: 2 });
    const stale = await t.request('PATCH', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.manager,
      body: { location: 'House 4', version: 1 },
    });
    expect(stale.status).toBe(409);
    const nameless = await t.request<ErrorBody>('PATCH', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.manager,
      body: { name: '', version: 2 },
    });
    expect(nameless.body.error.fields).toEqual({ name: 'Name the group, e.g. Layers House A' });
  });

  it('deletes an animal with its records, and keeps the record in the audit log', async () => {
    const animal = await addLivestock(t, team, { name: 'Mistake flock' });
    const res = await t.request('DELETE', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.owner,
    });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(livestock).where(eq(livestock.id, animal.id))).toEqual([]);
    expect(
      await t.db.select().from(livestock_events).where(eq(livestock_events.animal_id, animal.id)),
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, animal.id), eq(audit_logs.action, 'delete')));
    expect(row?.changes).toMatchObject({ name: 'Mistake flock' });
    const again = await t.request('DELETE', `${team.base}/livestock/${animal.id}`, {
      cookie: team.cookies.owner,
    });
    expect(again.status).toBe(404);
  });
});

describe('GET /api/farms/:farmId/livestock/summary', () => {
  it('counts heads by species, deaths this month with the mortality, and eggs today', async () => {
    const own = await seedFarmTeam(t);
    const flock = await addLivestock(t, own);
    await addLivestock(t, own, GOAT);
    const empty = await t.request<LivestockSummary>('GET', `${own.base}/livestock/summary`, {
      cookie: own.cookies.viewer,
    });
    const today = empty.body.today;
    await t.request('POST', `${own.base}/livestock/${flock.id}/events`, {
      cookie: own.cookies.worker,
      body: { id: newId(), date: today, kind: 'mortality', count: 3, cause: 'Heat stress' },
    });
    await t.request('POST', `${own.base}/livestock/${flock.id}/production`, {
      cookie: own.cookies.worker,
      body: { id: newId(), date: today, eggs_collected: 412, eggs_cracked: 5 },
    });
    const res = await t.request<LivestockSummary>('GET', `${own.base}/livestock/summary`, {
      cookie: own.cookies.viewer,
    });
    expect(res.body).toEqual({
      by_species: [
        { species: 'chicken_layer', head_count: 497, records: 1 },
        { species: 'goat', head_count: 1, records: 1 },
      ],
      head_count: 498,
      deaths_this_month: 3,
      mortality_percent: 0.6,
      eggs_today: 412,
      upcoming_vaccinations: [],
      today,
    });
  });
});
