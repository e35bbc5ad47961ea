import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Movement, MovementResult } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, inventory_alerts, supplies, supply_movements } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

const openAlerts = (supplyId: string) =>
  t.db
    .select()
    .from(inventory_alerts)
    .where(and(eq(inventory_alerts.supply_id, supplyId), eq(inventory_alerts.is_resolved, false)));

describe('POST /api/farms/:farmId/supplies/:supplyId/movements', () => {
  it('lets a worker record use, writes the movement, the new quantity and an audit row', async () => {
    const supply = await addSupply(t, team);
    const res = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body: movement('used', '2.5', { note: 'Top dressing, plot 3' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.movement).toMatchObject({
      kind: 'used',
      quantity: '-2.5',
      quantity_after: '7.5',
      note: 'Top dressing, plot 3',
    });
    expect(res.body.supply).toMatchObject({
      id: supply.id,
      quantity: '7.5',
      is_low_stock: false,
      version: 1,
    });
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(
        and(eq(audit_logs.table_name, 'supply_movements'), eq(audit_logs.record_id, res.body.movement.id)),
      );
    expect(audit).toMatchObject([{ action: 'insert', farm_id: team.farm.id }]);
    expect(audit[0]?.changes).toEqual({
      supply_id: supply.id,
      supply_name: 'NPK 15:15:15',
      unit: 'bag_50kg',
      kind: 'used',
      quantity: '-2.5',
      quantity_after: '7.5',
      reason: null,
      unit_cost_kobo: null,
    });
  });

  it('adds received stock with its unit cost and sets a counted adjustment', async () => {
    const supply = await addSupply(t, team);
    const received = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.owner,
      body: movement('received', 12, { unit_cost_kobo: 2_450_000 }),
    });
    expect(received.body.movement).toMatchObject({
      quantity: '12',
      quantity_after: '22',
      unit_cost_kobo: 2_450_000,
    });
    expect(received.body.supply.unit_cost_kobo).toBe(2_450_000);
    const counted = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.owner,
      body: movement('adjusted', '20', { reason: 'Stock take' }),
    });
    expect(counted.body.movement).toMatchObject({
      kind: 'adjusted',
      quantity: '-2',
      quantity_after: '20',
      reason: 'Stock take',
    });
  });

  it('refuses to go below zero with a clear message and writes nothing', async () => {
    const supply = await addSupply(t, team, { quantity: '3' });
    const before = await t.db
      .select()
      .from(supply_movements)
      .where(eq(supply_movements.supply_id, supply.id));
    const res = await t.request<ErrorBody>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body: movement('used', 4),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message:
        'Not enough stock: only 3 left, so 4 cannot be taken out. Record what came in first, or count the stock.',
      fields: { quantity: 'Only 3 left' },
    });
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, supply.id));
    expect(row?.quantity).toBe('3.000');
    expect(
      await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, supply.id)),
    ).toEqual(before);
  });

  it('records the same movement id once and returns the first result on a retry', async () => {
    const supply = await addSupply(t, team);
    const body = movement('used', 1);
    const first = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body,
    });
    const retry = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body,
    });
    expect(retry.status).toBe(201);
    expect(retry.body.movement).toEqual(first.body.movement);
    expect(retry.body.supply.quantity).toBe('9');
    const rows = await t.db.select().from(supply_movements).where(eq(supply_movements.id, body.id));
    expect(rows).toHaveLength(1);
  });

  it('records a double tap sent at the same moment once', async () => {
    const supply = await addSupply(t, team);
    const body = movement('used', 1);
    const both = await Promise.all(
      [1, 2].map(() =>
        t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
          cookie: team.cookies.worker,
          body,
        }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, supply.id));
    expect(row?.quantity).toBe('9.000');
  });

  it('refuses to reuse a movement id on another supply', async () => {
    const a = await addSupply(t, team);
    const b = await addSupply(t, team);
    const body = movement('used', 1);
    await t.request('POST', `${team.base}/supplies/${a.id}/movements`, { cookie: team.cookies.worker, body });
    const res = await t.request('POST', `${team.base}/supplies/${b.id}/movements`, {
      cookie: team.cookies.worker,
      body,
    });
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, b.id));
    expect(row?.quantity).toBe('10.000');
  });

  it('20 simultaneous "used 1" on a supply of 10: ten succeed, ten are refused, 0 left, one open alert', async () => {
    const supply = await addSupply(t, team, { quantity: '10', low_threshold: '2' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request<ErrorBody>('POST', `${team.base}/supplies/${supply.id}/movements`, {
          cookie: team.cookies.worker,
          body: movement('used', 1),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.error.message).toMatch(/^Not enough stock: only 0 left/);
    }
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, supply.id));
    expect(row?.quantity).toBe('0.000');
    const recorded = await t.db
      .select()
      .from(supply_movements)
      .where(and(eq(supply_movements.supply_id, supply.id), eq(supply_movements.kind, 'used')));
    expect(recorded).toHaveLength(10);
    expect(recorded.map((m) => m.quantity_after).sort()).toEqual([
      '0.000',
      '1.000',
      '2.000',
      '3.000',
      '4.000',
      '5.000',
      '6.000',
      '7.000',
      '8.000',
      '9.000',
    ]);
    expect(await openAlerts(supply.id)).toHaveLength(1);
  });

  it('opens one alert at the threshold, keeps it single, and restocking above resolves it', async () => {
    const supply = await addSupply(t, team, { quantity: '5', low_threshold: '3' });
    const post = (body: object) =>
      t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
        cookie: team.cookies.worker,
        body,
      });
    expect((await post(movement('used', 2))).body.supply.is_low_stock).toBe(true);
    await post(movement('used', 1));
    expect(await openAlerts(supply.id)).toHaveLength(1);
    const restocked = await post(movement('received', 10));
    expect(restocked.body.supply).toMatchObject({ quantity: '12', is_low_stock: false });
    expect(await openAlerts(supply.id)).toHaveLength(0);
    const [resolved] = await t.db
      .select()
      .from(inventory_alerts)
      .where(eq(inventory_alerts.supply_id, supply.id));
    expect(resolved).toMatchObject({ is_resolved: true });
    expect(resolved?.resolved_at).toBeInstanceOf(Date);
  });

  it('answers 400 with fields for malformed movements', async () => {
    const supply = await addSupply(t, team);
    const url = `${team.base}/supplies/${supply.id}/movements`;
    const bad = await t.request<ErrorBody>('POST', url, {
      cookie: team.cookies.worker,
      body: { kind: 'stolen', quantity: 'two' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['id', 'kind', 'quantity']);
    const noReason = await t.request<ErrorBody>('POST', url, {
      cookie: team.cookies.worker,
      body: movement('adjusted', 4),
    });
    expect(noReason.body.error.fields).toEqual({ reason: 'Say why the count changed, e.g. stock take' });
    const zero = await t.request<ErrorBody>('POST', url, {
      cookie: team.cookies.worker,
      body: movement('used', 0),
    });
    expect(zero.body.error.fields).toEqual({ quantity: 'Enter a quantity more than 0' });
  });

  it('is refused to viewers (403), outsiders (404) and visitors (401)', async () => {
    const supply = await addSupply(t, team);
    const url = `${team.base}/supplies/${supply.id}/movements`;
    expect(
      (await t.request('POST', url, { cookie: team.cookies.viewer, body: movement('used', 1) })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', url, { cookie: team.cookies.stranger, body: movement('used', 1) })).status,
    ).toBe(404);
    expect((await t.request('POST', url, { body: movement('used', 1) })).status).toBe(401);
    const other = await seedFarmTeam(t);
    const theirs = await addSupply(t, other);
    expect(
      (
        await t.request('POST', `${team.base}/supplies/${theirs.id}/movements`, {
          cookie: team.cookies.owner,
          body: movement('used', 1),
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/farms/:farmId/supplies/:supplyId/movements', () => {
  it('lists the history newest first, paged', async () => {
    const supply = await addSupply(t, team, { quantity: '10' });
    for (const quantity of [1, 2, 3]) {
      await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
        cookie: team.cookies.worker,
        body: movement('used', quantity),
      });
    }
    const url = `${team.base}/supplies/${supply.id}/movements`;
    const first = await t.request<Page<Movement>>('GET', `${url}?limit=2`, { cookie: team.cookies.viewer });
    expect(first.status).toBe(200);
    expect(first.body.items.map((m: Movement) => m.quantity)).toEqual(['-3', '-2']);
    const second = await t.request<Page<Movement>>('GET', `${url}?limit=2&cursor=${first.body.next_cursor}`, {
      cookie: team.cookies.viewer,
    });
    expect(second.body.items.map((m: Movement) => [m.kind, m.quantity])).toEqual([
      ['used', '-1'],
      ['adjusted', '10'],
    ]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("is 404 for another farm's supply and 401 without a session", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await addSupply(t, other);
    expect(
      (await t.request('GET', `${team.base}/supplies/${theirs.id}/movements`, { cookie: team.cookies.owner }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request('GET', `${other.base}/supplies/${theirs.id}/movements`, {
          cookie: team.cookies.owner,
        })
      ).status,
    ).toBe(404);
    expect((await t.request('GET', `${other.base}/supplies/${theirs.id}/movements`)).status).toBe(401);
  });
});
