import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { InventoryAlert, Movement, Supply } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, supply_movements } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement, NPK } from './inventory.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

describe('POST /api/farms/:farmId/supplies', () => {
  it('adds a supply, records the opening stock as its first movement, and audits it', async () => {
    const res = await t.request<Supply>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.manager,
      body: {
        ...NPK,
        quantity: 12.5,
        unit_cost_kobo: 2_500_000,
        storage_location: 'Store A',
        expiry_date: '2027-01-31',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      farm_id: team.farm.id,
      name: 'NPK 15:15:15',
      quantity: '12.5',
      low_threshold: '3',
      is_low_stock: false,
      unit_cost_kobo: 2_500_000,
      expiry_date: '2027-01-31',
      version: 1,
    });
    const movements = await t.db
      .select()
      .from(supply_movements)
      .where(eq(supply_movements.supply_id, res.body.id));
    expect(movements).toMatchObject([
      { kind: 'adjusted', quantity: '12.500', quantity_after: '12.500', reason: 'Opening stock' },
    ]);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'supplies'), eq(audit_logs.record_id, res.body.id)));
    expect(audit).toMatchObject([{ action: 'insert', farm_id: team.farm.id }]);
  });

  it('records a create sent twice with the same client id once, and answers both with the same supply', async () => {
    const id = newId();
    const body = { ...NPK, id, name: 'Replayed urea', quantity: '4' };
    const first = await t.request<Supply>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
      body,
    });
    const again = await t.request<Supply>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.manager,
      body,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const movements = await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, id));
    expect(movements).toHaveLength(1);

    // The same id used for another farm's supply is not this farm's record.
    const other = await seedFarmTeam(t);
    const taken = await t.request<ErrorBody>('POST', `${other.base}/supplies`, {
      cookie: other.cookies.owner,
      body,
    });
    expect(taken.status).toBe(409);
  });

  it('answers 400 with a message per field for malformed input', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
      body: { category: 'gold', name: '', quantity: '-1', unit: 'bag', low_threshold: 'lots' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual([
      'category',
      'low_threshold',
      'name',
      'quantity',
      'unit',
    ]);
  });

  it('refuses a supplier of another farm', async () => {
    const res = await t.request<ErrorBody>('POST', `${team.base}/supplies`, {
      cookie: team.cookies.owner,
      body: { ...NPK, supplier_id: '01936f3e-8f5a-7cc1-9d7e-0c6d8f0a1b2c' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ supplier_id: 'Choose a supplier from the list' });
  });
});

describe('GET /api/farms/:farmId/supplies', () => {
  let listTeam: FarmTeam;
  beforeAll(async () => {
    listTeam = await seedFarmTeam(t);
    await addSupply(t, listTeam, { name: 'Urea', quantity: '2', low_threshold: '5' });
    await addSupply(t, listTeam, {
      name: 'Maize seed (SAMMAZ 15)',
      category: 'seeds_seedlings',
      unit: 'kg',
      quantity: '40',
      low_threshold: '10',
    });
    await addSupply(t, listTeam, { name: 'Ammonium sulphate', quantity: '3', low_threshold: '3' });
    await addSupply(t, listTeam, {
      name: 'Diesel',
      category: 'fuel',
      unit: 'litre',
      quantity: '100',
      low_threshold: '20',
    });
  });

  it('lists newest first, readable by every member', async () => {
    const res = await t.request<Page<Supply>>('GET', `${listTeam.base}/supplies`, {
      cookie: listTeam.cookies.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: Supply) => s.name)).toEqual([
      'Diesel',
      'Ammonium sulphate',
      'Maize seed (SAMMAZ 15)',
      'Urea',
    ]);
    expect(res.body.next_cursor).toBeNull();
  });

  it('pages with a cursor without skipping or repeating', async () => {
    const first = await t.request<Page<Supply>>('GET', `${listTeam.base}/supplies?limit=3`, {
      cookie: listTeam.cookies.worker,
    });
    expect(first.body.items).toHaveLength(3);
    const second = await t.request<Page<Supply>>(
      'GET',
      `${listTeam.base}/supplies?limit=3&cursor=${first.body.next_cursor}`,
      { cookie: listTeam.cookies.worker },
    );
    expect(second.body.items.map((s: Supply) => s.name)).toEqual(['Urea']);
    expect(second.body.next_cursor).toBeNull();
  });

  it('orders by name within a category and pages alphabetically', async () => {
    const first = await t.request<Page<Supply>>(
      'GET',
      `${listTeam.base}/supplies?category=fertilizer&limit=1`,
      {
        cookie: listTeam.cookies.owner,
      },
    );
    expect(first.body.items.map((s: Supply) => s.name)).toEqual(['Ammonium sulphate']);
    const second = await t.request<Page<Supply>>(
      'GET',
      `${listTeam.base}/supplies?category=fertilizer&limit=1&cursor=${first.body.next_cursor}`,
      {
        cookie: listTeam.cookies.owner,
      },
    );
    expect(second.body.items.map((s: Supply) => s.name)).toEqual(['Urea']);
  });

  it('filters low stock (quantity at most low_threshold) and searches by name', async () => {
    const low = await t.request<Page<Supply>>('GET', `${listTeam.base}/supplies?low_stock=true`, {
      cookie: listTeam.cookies.owner,
    });
    expect(low.body.items.map((s: Supply) => [s.name, s.is_low_stock])).toEqual([
      ['Ammonium sulphate', true],
      ['Urea', true],
    ]);
    const search = await t.request<Page<Supply>>('GET', `${listTeam.base}/supplies?search=SAMMAZ`, {
      cookie: listTeam.cookies.owner,
    });
    expect(search.body.items.map((s: Supply) => s.name)).toEqual(['Maize seed (SAMMAZ 15)']);
    const literal = await t.request<Page<Supply>>('GET', `${listTeam.base}/supplies?search=%25`, {
      cookie: listTeam.cookies.owner,
    });
    expect(literal.body.items).toEqual([]);
  });

  it('answers 400 for a bad filter or cursor, 404 to outsiders and 401 to visitors', async () => {
    expect(
      (
        await t.request<ErrorBody>('GET', `${listTeam.base}/supplies?low_stock=maybe`, {
          cookie: listTeam.cookies.owner,
        })
      ).body.error.fields,
    ).toEqual({
      low_stock: 'Use true or false',
    });
    expect(
      (
        await t.request('GET', `${listTeam.base}/supplies?cursor=nonsense`, {
          cookie: listTeam.cookies.owner,
        })
      ).status,
    ).toBe(400);
    expect((await t.request('GET', `${listTeam.base}/supplies`, { cookie: team.cookies.owner })).status).toBe(
      404,
    );
    expect((await t.request('GET', `${listTeam.base}/supplies`)).status).toBe(401);
  });
});

describe('GET, PATCH, DELETE /api/farms/:farmId/supplies/:supplyId', () => {
  it("gets a supply; another farm's supply is 404 even by id", async () => {
    const supply = await addSupply(t, team);
    const own = await t.request('GET', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.viewer });
    expect(own.body).toEqual(supply);
    const other = await seedFarmTeam(t);
    const theirs = await addSupply(t, other);
    expect(
      (await t.request('GET', `${team.base}/supplies/${theirs.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `${other.base}/supplies/${theirs.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `${team.base}/supplies/not-a-uuid`, { cookie: team.cookies.owner })).status,
    ).toBe(400);
  });

  it('updates with the current version, refuses a stale one (409), and audits', async () => {
    const supply = await addSupply(t, team);
    const res = await t.request<Supply>('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.manager,
      body: { name: 'NPK 20:10:10', storage_location: 'Store B', version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'NPK 20:10:10',
      storage_location: 'Store B',
      quantity: '10',
      version: 2,
    });
    const stale = await t.request<ErrorBody>('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
      body: { name: 'Old', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, supply.id), eq(audit_logs.action, 'update')));
    expect(audit.map((a) => a.changes)).toEqual([
      {
        name: { from: 'NPK 15:15:15', to: 'NPK 20:10:10' },
        unit: 'bag_50kg',
        storage_location: { from: null, to: 'Store B' },
      },
    ]);
  });

  it('treats saving the form unchanged as no change: same version, no audit row', async () => {
    const supply = await addSupply(t, team);
    const res = await t.request<Supply>('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
      body: { name: supply.name, low_threshold: '3', notes: null, version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(supply);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, supply.id), eq(audit_logs.action, 'update')));
    expect(audit).toEqual([]);
  });

  it('needs the version, and refuses workers', async () => {
    const supply = await addSupply(t, team);
    const missing = await t.request<ErrorBody>('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
      body: { name: 'X' },
    });
    expect(missing.body.error.fields).toEqual({ version: 'Reload and try again' });
    expect(
      (
        await t.request('PATCH', `${team.base}/supplies/${supply.id}`, {
          cookie: team.cookies.worker,
          body: { name: 'X', version: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('raising the threshold above the stock opens an alert; lowering it again resolves it', async () => {
    const supply = await addSupply(t, team, { quantity: '5', low_threshold: '1' });
    await t.request('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
      body: { low_threshold: '5', version: 1 },
    });
    const alerts = await t.request<Page<InventoryAlert>>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.owner,
    });
    expect(alerts.body.items.filter((a: { supply_id: string }) => a.supply_id === supply.id)).toHaveLength(1);
    await t.request('PATCH', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
      body: { low_threshold: '2', version: 2 },
    });
    const after = await t.request<Page<InventoryAlert>>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.owner,
    });
    expect(after.body.items.filter((a: { supply_id: string }) => a.supply_id === supply.id)).toHaveLength(0);
  });

  it('deletes for owners and managers only, with its movements, and audits', async () => {
    const supply = await addSupply(t, team);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.worker }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.viewer }))
        .status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.stranger }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `${team.base}/supplies/${supply.id}`)).status).toBe(401);
    const res = await t.request('DELETE', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.manager,
    });
    expect(res.status).toBe(204);
    expect(
      (await t.request('GET', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.owner }))
        .status,
    ).toBe(404);
    expect(
      await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, supply.id)),
    ).toEqual([]);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, supply.id), eq(audit_logs.action, 'delete')));
    expect(audit).toHaveLength(1);
  });
});

describe('changing the unit of a supply', () => {
  const patch = (supply: Supply, body: Record<string, unknown>, cookie = team.cookies.owner) =>
    t.request<Supply & ErrorBody>('PATCH', `${team.base}/supplies/${supply.id}`, { cookie, body });
  const record = (supply: Supply, kind: string, quantity: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.owner,
      body: movement(kind, quantity, extra),
    });

  it('converts the stock, its history, the low-stock level and the cost, and audits the factor', async () => {
    const supply = await addSupply(t, team, {
      name: 'Maize grain',
      unit: 'kg',
      quantity: '10',
      low_threshold: '5',
      unit_cost_kobo: 50_000,
    });
    await record(supply, 'received', '5', { unit_cost_kobo: 60_000 });
    await record(supply, 'used', '2');
    const toBags = { unit: 'bag_50kg', version: 1 };
    expect((await patch(supply, toBags, team.cookies.worker)).status).toBe(403);
    expect((await patch(supply, toBags, team.cookies.stranger)).status).toBe(404);
    expect((await t.request('PATCH', `${team.base}/supplies/${supply.id}`, { body: toBags })).status).toBe(
      401,
    );

    const res = await patch(supply, toBags, team.cookies.manager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      unit: 'bag_50kg',
      quantity: '0.26',
      low_threshold: '0.1',
      unit_cost_kobo: 3_000_000,
      version: 2,
    });
    const history = await t.request<Page<Movement>>('GET', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.owner,
    });
    expect(history.body.items.map((m) => [m.kind, m.quantity, m.quantity_after, m.unit_cost_kobo])).toEqual([
      ['used', '-0.04', '0.26', null],
      ['received', '0.1', '0.3', 3_000_000],
      ['adjusted', '0.2', '0.2', null],
    ]);
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.record_id, supply.id), eq(audit_logs.action, 'update')));
    expect(audit?.changes).toMatchObject({
      name: 'Maize grain',
      unit: { from: 'kg', to: 'bag_50kg' },
      unit_converted: { from: 'kg', to: 'bag_50kg', factor: '1/50', rounded: false },
    });

    // The editor who still saw kg gets the stale-edit answer, and nothing is converted twice.
    expect((await patch(supply, { unit: 'g', version: 1 })).status).toBe(409);
    const back = await patch(supply, { unit: 'kg', low_threshold: '0.2', version: 2 });
    expect(back.body).toMatchObject({
      unit: 'kg',
      quantity: '13',
      low_threshold: '10',
      unit_cost_kobo: 60_000,
    });
  });

  it('rounds what three decimals cannot hold, half up', async () => {
    const supply = await addSupply(t, team, { unit: 'g', quantity: '1500', low_threshold: '400' });
    const res = await patch(supply, { unit: 't', version: 1 });
    expect(res.body).toMatchObject({ unit: 't', quantity: '0.002', low_threshold: '0' });
  });

  it('refuses a unit it cannot convert to once there is stock or history, with a message on the unit', async () => {
    const inKg = await addSupply(t, team, { unit: 'kg', quantity: '13' });
    const res = await patch(inKg, { unit: 'piece', version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      unit: 'This supply has stock history in kg; it can only change to a unit Gona can convert kg to (g, tonnes, bags (25 kg), bags (50 kg), bags (100 kg))',
    });

    const usedUp = await addSupply(t, team, { unit: 'crate_30', quantity: '2' });
    await record(usedUp, 'used', '2');
    const crates = await patch(usedUp, { unit: 'piece', version: 1 });
    expect(crates.status).toBe(400);
    expect(crates.body.error.fields?.unit).toBe(
      'This supply has stock history in crates (30); Gona cannot convert crates (30) to another unit, so add a new supply for the new unit',
    );

    const huge = await addSupply(t, team, { unit: 't', quantity: '99999999' });
    const grams = await patch(huge, { unit: 'g', version: 1 });
    expect(grams.status).toBe(400);
    expect(grams.body.error.fields?.unit).toMatch(/^In g this stock or its history would be more than/);

    for (const unchanged of [inKg, usedUp, huge]) {
      const now = await t.request<Supply>('GET', `${team.base}/supplies/${unchanged.id}`, {
        cookie: team.cookies.owner,
      });
      expect(now.body).toMatchObject({ unit: unchanged.unit, version: 1 });
    }

    // With no stock and no history the unit is only a label, and may become anything.
    const empty = await addSupply(t, team, { unit: 'kg', quantity: '0', low_threshold: '3' });
    const relabelled = await patch(empty, { unit: 'piece', version: 1 });
    expect(relabelled.body).toMatchObject({ unit: 'piece', quantity: '0', low_threshold: '3' });
  });
});
