import { describe, expect, it } from 'vitest';
import type { AuditLog, Page } from '@gona/shared';
import { createTestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';

const t = await createTestContext();

describe('GET /api/audit-logs', () => {
  it("lists only the signed-in user's entries, newest first, 100 by default", async () => {
    const me = await seedUser(t);
    const other = await seedUser(t);
    const a = await t.createFarm(me.cookie, { name: 'Farm A' });
    const b = await t.createFarm(me.cookie, { name: 'Farm B' });
    await t.createFarm(other.cookie);
    await t.request('PATCH', `/api/farms/${a.id}`, {
      cookie: me.cookie,
      body: { name: 'Farm A2', version: 1 },
    });

    const res = await t.request<Page<AuditLog>>('GET', '/api/audit-logs', { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r) => [r.record_id, r.action])).toEqual([
      [a.id, 'update'],
      [b.id, 'insert'],
      [a.id, 'insert'],
    ]);
    expect(res.body.items[0]).toMatchObject({
      user_id: me.user.id,
      table_name: 'farms',
      farm_id: a.id,
      user_first_name: 'Amaka',
      farm_timezone: 'Africa/Lagos',
    });
    expect(res.body.items[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('takes a limit up to 500', async () => {
    const me = await seedUser(t);
    await t.createFarm(me.cookie, { name: 'Farm A' });
    await t.createFarm(me.cookie, { name: 'Farm B' });
    const one = await t.request<Page<AuditLog>>('GET', '/api/audit-logs?limit=1', { cookie: me.cookie });
    expect(one.body.items).toHaveLength(1);
    expect(one.body.next_cursor).toEqual(expect.any(String));
    const rest = await t.request<Page<AuditLog>>(
      'GET',
      `/api/audit-logs?limit=1&cursor=${one.body.next_cursor ?? ''}`,
      { cookie: me.cookie },
    );
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.items[0]?.id).not.toBe(one.body.items[0]?.id);
    expect(
      (await t.request<Page<AuditLog>>('GET', '/api/audit-logs?limit=500', { cookie: me.cookie })).status,
    ).toBe(200);
    expect(
      (await t.request<Page<AuditLog>>('GET', '/api/audit-logs?limit=501', { cookie: me.cookie })).status,
    ).toBe(400);
  });
});

describe('GET /api/farms/:farmId/audit-logs', () => {
  it("shows members the farm's history, filtered by table and record", async () => {
    const owner = await seedUser(t);
    const viewer = await seedUser(t);
    const farm = await t.createFarm(owner.cookie);
    await t.addMember(farm.id, viewer.user.id, 'viewer');
    await t.request('PATCH', `/api/farms/${farm.id}`, {
      cookie: owner.cookie,
      body: { lga: 'Eleme', version: 1 },
    });

    const res = await t.request<Page<AuditLog>>(
      'GET',
      `/api/farms/${farm.id}/audit-logs?table_name=farms&record_id=${farm.id}`,
      {
        cookie: viewer.cookie,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((r) => r.action)).toEqual(['update', 'insert']);
    expect(res.body.items[0]?.changes).toEqual({ name: farm.name, lga: { from: null, to: 'Eleme' } });

    const otherTable = await t.request<Page<AuditLog>>(
      'GET',
      `/api/farms/${farm.id}/audit-logs?table_name=supplies`,
      { cookie: viewer.cookie },
    );
    expect(otherTable.body.items).toEqual([]);
  });

  it('leaves costs out for a worker', async () => {
    const owner = await seedUser(t);
    const worker = await seedUser(t);
    const farm = await t.createFarm(owner.cookie);
    await t.addMember(farm.id, worker.user.id, 'worker');
    const supply = await t.request<{ id: string }>('POST', `/api/farms/${farm.id}/supplies`, {
      cookie: owner.cookie,
      body: { category: 'fertilizer', name: 'Urea', unit: 'bag_50kg', unit_cost_kobo: 2_500_000 },
    });
    const history = (cookie: string) =>
      t.request<Page<AuditLog>>('GET', `/api/farms/${farm.id}/audit-logs?record_id=${supply.body.id}`, {
        cookie,
      });

    expect((await history(owner.cookie)).body.items[0]?.changes).toMatchObject({ unit_cost_kobo: 2_500_000 });
    const forWorker = (await history(worker.cookie)).body.items[0]?.changes;
    expect(forWorker).toMatchObject({ name: 'Urea', unit: 'bag_50kg' });
    expect(forWorker).not.toHaveProperty('unit_cost_kobo');
  });

  it('is unreachable for non-members (404)', async () => {
    const owner = await seedUser(t);
    const stranger = await seedUser(t);
    const farm = await t.createFarm(owner.cookie);
    const res = await t.request<Page<AuditLog>>('GET', `/api/farms/${farm.id}/audit-logs`, {
      cookie: stranger.cookie,
    });
    expect(res.status).toBe(404);
  });
});
