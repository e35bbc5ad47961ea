import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit_logs, farm_memberships, farms } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { FARM_ROLES, type ErrorBody, type Farm, type FarmSummary, type Page } from '@gona/shared';
import { createTestContext } from '../../test/context';
import { seedFarmTeam, seedUser } from '../../test/farm-team';

const t = await createTestContext();

const auditRows = (recordId: string) =>
  t.db
    .select()
    .from(audit_logs)
    .where(and(eq(audit_logs.table_name, 'farms'), eq(audit_logs.record_id, recordId)));

describe('creating a farm', () => {
  it('answers 201 with the farm; the creator owns it through a membership, audited', async () => {
    const { cookie, user } = await seedUser(t);
    const res = await t.request<Farm>('POST', '/api/farms', {
      cookie,
      body: {
        name: '  Green Acres ',
        location: 'Obio-Akpor',
        farm_type: 'poultry',
        state: 'Rivers',
        size: 2.5,
        size_unit: 'hectare',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Green Acres',
      farm_type: 'poultry',
      owner_id: user.id,
      size: 2.5,
      timezone: 'Africa/Lagos',
      version: 1,
      role: 'owner',
    });
    expect(res.body.created_at).toMatch(/Z$/);
    const [membership] = await t.db
      .select()
      .from(farm_memberships)
      .where(eq(farm_memberships.farm_id, res.body.id));
    expect(membership).toMatchObject({ user_id: user.id, role: 'owner' });
    const audit = await auditRows(res.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'insert', user_id: user.id, farm_id: res.body.id });
  });

  it('answers malformed input with 400 and a message per field', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.request<ErrorBody>('POST', '/api/farms', {
      cookie,
      body: { name: 'A', farm_type: 'spaceship', latitude: 200 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toMatchObject({
      name: 'Enter the farm name (at least 2 characters)',
      farm_type: 'Choose the kind of farm',
    });
    expect(res.body.error.fields).toHaveProperty('location');
    expect(res.body.error.fields).toHaveProperty('latitude');
  });

  it('answers a body that is not JSON with 400', async () => {
    const { cookie } = await seedUser(t);
    const res = await t.app.request('/api/farms', {
      method: 'POST',
      headers: { cookie, origin: t.deps.config.baseUrl, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION');
  });
});

describe('listing farms', () => {
  it('lists owned and member farms, newest first, each with my role; never other people’s', async () => {
    const me = await seedUser(t);
    const other = await seedUser(t);
    const first = await t.createFarm(me.cookie, { name: 'First farm' });
    const theirs = await t.createFarm(other.cookie, { name: 'Their farm' });
    const notMine = await t.createFarm(other.cookie, { name: 'Not mine' });
    await t.addMember(theirs.id, me.user.id, 'worker');
    const last = await t.createFarm(me.cookie, { name: 'Last farm' });

    const res = await t.request<Page<Farm>>('GET', '/api/farms', { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.body.items.map((f) => [f.id, f.role])).toEqual([
      [last.id, 'owner'],
      [theirs.id, 'worker'],
      [first.id, 'owner'],
    ]);
    expect(res.body.items.map((f) => f.id)).not.toContain(notMine.id);
    expect(res.body.next_cursor).toBeNull();
  });

  it('pages with a cursor', async () => {
    const me = await seedUser(t);
    const a = await t.createFarm(me.cookie, { name: 'Farm A' });
    const b = await t.createFarm(me.cookie, { name: 'Farm B' });
    const c = await t.createFarm(me.cookie, { name: 'Farm C' });
    const page1 = await t.request<Page<Farm>>('GET', '/api/farms?limit=2', { cookie: me.cookie });
    expect(page1.body.items.map((f) => f.id)).toEqual([c.id, b.id]);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await t.request<Page<Farm>>(
      'GET',
      `/api/farms?limit=2&cursor=${page1.body.next_cursor ?? ''}`,
      { cookie: me.cookie },
    );
    expect(page2.body.items.map((f) => f.id)).toEqual([a.id]);
    expect(page2.body.next_cursor).toBeNull();

    const bad = await t.request<ErrorBody>('GET', '/api/farms?cursor=garbage', { cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('cursor');
    const tooMany = await t.request<ErrorBody>('GET', '/api/farms?limit=100000', { cookie: me.cookie });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toHaveProperty('limit');
  });
});

describe('listing farms with ?fields=basic (the fallback list)', () => {
  it('answers only id, name, location, farm_type and role, newest first, member farms included', async () => {
    const me = await seedUser(t);
    const other = await seedUser(t);
    const first = await t.createFarm(me.cookie, { name: 'First farm', location: 'Aba', farm_type: 'crop' });
    const theirs = await t.createFarm(other.cookie, {
      name: 'Their farm',
      location: 'Jos',
      farm_type: 'fish',
    });
    const notMine = await t.createFarm(other.cookie, { name: 'Not mine' });
    await t.addMember(theirs.id, me.user.id, 'viewer');
    const last = await t.createFarm(me.cookie, { name: 'Last farm', location: 'Ede', farm_type: 'mixed' });

    const res = await t.request<Page<FarmSummary>>('GET', '/api/farms?fields=basic', { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { id: last.id, name: 'Last farm', location: 'Ede', farm_type: 'mixed', role: 'owner' },
        { id: theirs.id, name: 'Their farm', location: 'Jos', farm_type: 'fish', role: 'viewer' },
        { id: first.id, name: 'First farm', location: 'Aba', farm_type: 'crop', role: 'owner' },
      ],
      next_cursor: null,
    });
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(['farm_type', 'id', 'location', 'name', 'role']);
    }
    expect(res.body.items.map((f) => f.id)).not.toContain(notMine.id);
  });

  it('pages like the full list', async () => {
    const me = await seedUser(t);
    const a = await t.createFarm(me.cookie, { name: 'Farm A' });
    const b = await t.createFarm(me.cookie, { name: 'Farm B' });
    const c = await t.createFarm(me.cookie, { name: 'Farm C' });
    const page1 = await t.request<Page<FarmSummary>>('GET', '/api/farms?fields=basic&limit=2', {
      cookie: me.cookie,
    });
    expect(page1.body.items.map((f) => f.id)).toEqual([c.id, b.id]);
    const page2 = await t.request<Page<FarmSummary>>(
      'GET',
      `/api/farms?fields=basic&limit=2&cursor=${page1.body.next_cursor ?? ''}`,
      { cookie: me.cookie },
    );
    expect(page2.body.items.map((f) => f.id)).toEqual([a.id]);
    expect(page2.body.next_cursor).toBeNull();
  });

  it('answers an empty list to a user with no farms', async () => {
    const { cookie } = await seedUser(t);
    await t.createFarm((await seedUser(t)).cookie);
    const res = await t.request<Page<FarmSummary>>('GET', '/api/farms?fields=basic', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], next_cursor: null });
  });

  it('answers 401 without a session', async () => {
    const res = await t.request<ErrorBody>('GET', '/api/farms?fields=basic');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 to an unknown fields value', async () => {
    const { cookie } = await seedUser(t);
    for (const fields of ['full', 'id,name', '']) {
      const res = await t.request<ErrorBody>('GET', `/api/farms?fields=${fields}`, { cookie });
      expect(res.status, `fields=${fields}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields).toHaveProperty('fields');
    }
  });
});

describe('one farm', () => {
  it('gets, updates (with version) and deletes, auditing each change', async () => {
    const { cookie, user } = await seedUser(t);
    const farm = await t.createFarm(cookie);

    const got = await t.request<Farm>('GET', `/api/farms/${farm.id}`, { cookie });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(farm);

    const updated = await t.request<Farm>('PATCH', `/api/farms/${farm.id}`, {
      cookie,
      body: { name: 'Blue Acres', version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Blue Acres',
      location: farm.location,
      timezone: 'Africa/Lagos',
      version: 2,
    });

    const deleted = await t.request('DELETE', `/api/farms/${farm.id}`, { cookie });
    expect(deleted.status).toBe(204);
    expect((await t.request('GET', `/api/farms/${farm.id}`, { cookie })).status).toBe(404);

    const audit = await auditRows(farm.id);
    expect(audit.map((r) => r.action).sort()).toEqual(['delete', 'insert', 'update']);
    expect(audit.find((r) => r.action === 'update')?.changes).toEqual({
      name: { from: 'Green Acres', to: 'Blue Acres' },
    });
    expect(audit.every((r) => r.user_id === user.id)).toBe(true);
  });

  it('refuses a stale version with 409 CONFLICT and writes no audit row', async () => {
    const { cookie } = await seedUser(t);
    const farm = await t.createFarm(cookie);
    expect(
      (await t.request('PATCH', `/api/farms/${farm.id}`, { cookie, body: { name: 'New', version: 1 } }))
        .status,
    ).toBe(200);
    const stale = await t.request<ErrorBody>('PATCH', `/api/farms/${farm.id}`, {
      cookie,
      body: { name: 'Older edit', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    const [row] = await t.db.select().from(farms).where(eq(farms.id, farm.id));
    expect(row).toMatchObject({ name: 'New', version: 2 });
    expect((await auditRows(farm.id)).filter((r) => r.action === 'update')).toHaveLength(1);
  });

  it('treats saving unchanged values as no change', async () => {
    const { cookie } = await seedUser(t);
    const farm = await t.createFarm(cookie);
    const res = await t.request<Farm>('PATCH', `/api/farms/${farm.id}`, {
      cookie,
      body: { name: farm.name, state: farm.state, version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect((await auditRows(farm.id)).map((r) => r.action)).toEqual(['insert']);
  });

  it('needs a version to update', async () => {
    const { cookie } = await seedUser(t);
    const farm = await t.createFarm(cookie);
    const res = await t.request<ErrorBody>('PATCH', `/api/farms/${farm.id}`, {
      cookie,
      body: { name: 'No version' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('version');
  });
});

describe('farm access', () => {
  it("hides another user's farm: 404 on get, patch and delete, nothing changed", async () => {
    const owner = await seedUser(t);
    const stranger = await seedUser(t);
    const farm = await t.createFarm(owner.cookie);
    for (const [method, body] of [
      ['GET'],
      ['PATCH', { name: 'Mine now', version: 1 }],
      ['DELETE'],
    ] as const) {
      const res = await t.request<ErrorBody>(method, `/api/farms/${farm.id}`, {
        cookie: stranger.cookie,
        body,
      });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    const [row] = await t.db.select().from(farms).where(eq(farms.id, farm.id));
    expect(row?.name).toBe('Green Acres');
  });

  it('answers 404 for an id that is not a UUID or does not exist', async () => {
    const { cookie } = await seedUser(t);
    expect((await t.request('GET', '/api/farms/not-a-uuid', { cookie })).status).toBe(404);
    expect((await t.request('GET', `/api/farms/${newId()}`, { cookie })).status).toBe(404);
  });

  it("answers each member's own role on the farm", async () => {
    const team = await seedFarmTeam(t);
    for (const role of FARM_ROLES) {
      const res = await t.request<Farm>('GET', team.base, { cookie: team.cookies[role] });
      expect(res.body.role, role).toBe(role);
    }
  });

  it('answers 401 without a session on the routes outside a farm', async () => {
    const calls = [
      ['GET', '/api/farms'],
      ['POST', '/api/farms'],
      ['GET', '/api/audit-logs'],
      ['GET', '/api/me'],
    ] as const;
    for (const [method, path] of calls) {
      const res = await t.request<ErrorBody>(method, path, {
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('deleting a farm', () => {
  it('removes its memberships too', async () => {
    const owner = await seedUser(t);
    const worker = await seedUser(t);
    const farm = await t.createFarm(owner.cookie);
    await t.addMember(farm.id, worker.user.id, 'worker');
    expect((await t.request('DELETE', `/api/farms/${farm.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await t.db.select().from(farm_memberships).where(eq(farm_memberships.farm_id, farm.id))).toEqual(
      [],
    );
    expect((await t.request<Page<Farm>>('GET', '/api/farms', { cookie: worker.cookie })).body.items).toEqual(
      [],
    );
  });
});
