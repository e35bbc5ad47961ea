import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { InventoryAlert, Supplier, Supply } from '@gona/shared/inventory';
import { audit_logs, suppliers } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

async function useDown(supply: Supply, quantity: number) {
  const res = await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
    cookie: team.cookies.worker,
    body: movement('used', quantity),
  });
  expect(res.status).toBe(201);
}

describe('inventory alerts', () => {
  it('lists open alerts with their supply, newest first, and counts them', async () => {
    const urea = await addSupply(t, team, { name: 'Urea', quantity: '5', low_threshold: '2' });
    const feed = await addSupply(t, team, {
      name: 'Layers mash',
      category: 'animal_feed',
      unit: 'bag_25kg',
      quantity: '4',
      low_threshold: '2',
    });
    await useDown(urea, 3);
    await useDown(feed, 2);
    const list = await t.request<{ items: InventoryAlert[] }>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.viewer,
    });
    expect(list.status).toBe(200);
    expect(
      list.body.items.map((a) => [a.supply.name, a.supply.quantity, a.supply.unit, a.is_resolved]),
    ).toEqual([
      ['Layers mash', '2', 'bag_25kg', false],
      ['Urea', '2', 'bag_50kg', false],
    ]);
    const count = await t.request('GET', `${team.base}/inventory-alerts/count`, {
      cookie: team.cookies.viewer,
    });
    expect(count.body).toEqual({ open: 2, low_stock: 2 });
  });

  it('resolves one (is_resolved true, resolved_at now), audited; resolving again changes nothing', async () => {
    const supply = await addSupply(t, team, { quantity: '1', low_threshold: '1' });
    const list = await t.request<{ items: InventoryAlert[] }>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.owner,
    });
    const alert = list.body.items.find((a) => a.supply_id === supply.id);
    expect(alert).toBeDefined();
    const before = Date.now();
    const res = await t.request<InventoryAlert>(
      'POST',
      `${team.base}/inventory-alerts/${alert!.id}/resolve`,
      { cookie: team.cookies.worker },
    );
    expect(res.status).toBe(200);
    expect(res.body.is_resolved).toBe(true);
    expect(Date.parse(res.body.resolved_at!)).toBeGreaterThanOrEqual(before - 1000);
    const again = await t.request<InventoryAlert>(
      'POST',
      `${team.base}/inventory-alerts/${alert!.id}/resolve`,
      { cookie: team.cookies.owner },
    );
    expect(again.body.resolved_at).toBe(res.body.resolved_at);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'inventory_alerts'), eq(audit_logs.record_id, alert!.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['insert', 'update']);
    expect(audit.find((a) => a.action === 'update')?.changes).toEqual({
      is_resolved: { from: false, to: true },
      supply_name: 'NPK 15:15:15',
      unit: 'bag_50kg',
    });
    const open = await t.request<{ items: InventoryAlert[] }>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.owner,
    });
    expect(open.body.items.some((a) => a.id === alert!.id)).toBe(false);
    // Dismissing hides the warning only: the supply is still counted as low.
    const lowList = await t.request<{ items: { id: string }[] }>(
      'GET',
      `${team.base}/supplies?low_stock=true`,
      {
        cookie: team.cookies.owner,
      },
    );
    const count = await t.request<{ open: number; low_stock: number }>(
      'GET',
      `${team.base}/inventory-alerts/count`,
      { cookie: team.cookies.owner },
    );
    expect(lowList.body.items.some((s) => s.id === supply.id)).toBe(true);
    expect(count.body.low_stock).toBeGreaterThan(count.body.open);
  });

  it("is refused to viewers (403); another farm's alert is 404; visitors get 401", async () => {
    const supply = await addSupply(t, team, { quantity: '0', low_threshold: '1' });
    const list = await t.request<{ items: InventoryAlert[] }>('GET', `${team.base}/inventory-alerts`, {
      cookie: team.cookies.owner,
    });
    const alert = list.body.items.find((a) => a.supply_id === supply.id)!;
    expect(
      (
        await t.request('POST', `${team.base}/inventory-alerts/${alert.id}/resolve`, {
          cookie: team.cookies.viewer,
        })
      ).status,
    ).toBe(403);
    const other = await seedFarmTeam(t);
    expect(
      (
        await t.request('POST', `${other.base}/inventory-alerts/${alert.id}/resolve`, {
          cookie: other.cookies.owner,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `${team.base}/inventory-alerts`, { cookie: other.cookies.owner })).status,
    ).toBe(404);
    expect((await t.request('GET', `${team.base}/inventory-alerts/count`)).status).toBe(401);
  });
});

describe('suppliers', () => {
  it('adds, lists active ones by name, edits with the version, deactivates; all audited', async () => {
    const create = (name: string, extra = {}) =>
      t.request<Supplier>('POST', `${team.base}/suppliers`, {
        cookie: team.cookies.manager,
        body: { name, ...extra },
      });
    const zeb = await create('Zeb Agro Ventures', {
      phone: '0803 555 0101',
      email: 'Sales@ZebAgro.ng',
      address: 'Oil Mill Market, Port Harcourt',
    });
    expect(zeb.status).toBe(201);
    expect(zeb.body).toMatchObject({ email: 'sales@zebagro.ng', is_active: true, version: 1 });
    const afri = await create('Afri Feeds Ltd');

    const list = await t.request<{ items: Supplier[] }>('GET', `${team.base}/suppliers`, {
      cookie: team.cookies.viewer,
    });
    expect(list.body.items.map((s) => s.name)).toEqual(['Afri Feeds Ltd', 'Zeb Agro Ventures']);

    const edited = await t.request<Supplier>('PATCH', `${team.base}/suppliers/${afri.body.id}`, {
      cookie: team.cookies.owner,
      body: { phone: '0809 000 1111', version: 1 },
    });
    expect(edited.body).toMatchObject({ phone: '0809 000 1111', version: 2 });
    const stale = await t.request('PATCH', `${team.base}/suppliers/${afri.body.id}`, {
      cookie: team.cookies.owner,
      body: { name: 'X', version: 1 },
    });
    expect(stale.status).toBe(409);

    const gone = await t.request<Supplier>('POST', `${team.base}/suppliers/${afri.body.id}/deactivate`, {
      cookie: team.cookies.owner,
    });
    expect(gone.body.is_active).toBe(false);
    const active = await t.request<{ items: Supplier[] }>('GET', `${team.base}/suppliers`, {
      cookie: team.cookies.owner,
    });
    expect(active.body.items.map((s) => s.name)).toEqual(['Zeb Agro Ventures']);

    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'suppliers'), eq(audit_logs.record_id, afri.body.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['insert', 'update', 'update']);
    expect(audit.filter((a) => a.action === 'update').map((a) => a.changes)).toEqual(
      expect.arrayContaining([
        { name: 'Afri Feeds Ltd', phone: { from: null, to: '0809 000 1111' } },
        { name: 'Afri Feeds Ltd', is_active: { from: true, to: false } },
      ]),
    );
  });

  it('adds a supplier sent twice with the same client id once; another farm cannot reuse or see that id', async () => {
    const body = { id: newId(), name: 'Replayed Agro' };
    const first = await t.request<Supplier>('POST', `${team.base}/suppliers`, {
      cookie: team.cookies.owner,
      body,
    });
    const again = await t.request<Supplier>('POST', `${team.base}/suppliers`, {
      cookie: team.cookies.manager,
      body,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.select().from(suppliers).where(eq(suppliers.id, body.id));
    expect(rows).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'suppliers'), eq(audit_logs.record_id, body.id)));
    expect(audit).toHaveLength(1);

    const other = await seedFarmTeam(t);
    const taken = await t.request<ErrorBody>('POST', `${other.base}/suppliers`, {
      cookie: other.cookies.owner,
      body: { ...body, name: 'Theirs' },
    });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).not.toContain('Replayed Agro');
  });

  it('is picked on a supply, which shows its name even after it is deactivated', async () => {
    const supplier = await t.request<Supplier>('POST', `${team.base}/suppliers`, {
      cookie: team.cookies.owner,
      body: { name: 'Notore Depot' },
    });
    const supply = await addSupply(t, team, { supplier_id: supplier.body.id });
    expect(supply.supplier_name).toBe('Notore Depot');
    await t.request('POST', `${team.base}/suppliers/${supplier.body.id}/deactivate`, {
      cookie: team.cookies.owner,
    });
    const again = await t.request<Supply>('GET', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
    });
    expect(again.body.supplier_name).toBe('Notore Depot');
  });

  it('answers 400 for bad input and refuses workers (403), outsiders (404) and visitors (401)', async () => {
    const bad = await t.request<ErrorBody>('POST', `${team.base}/suppliers`, {
      cookie: team.cookies.owner,
      body: { name: '', email: 'nope' },
    });
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['email', 'name']);
    expect(
      (
        await t.request('POST', `${team.base}/suppliers`, {
          cookie: team.cookies.worker,
          body: { name: 'A' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', `${team.base}/suppliers`, { cookie: team.cookies.stranger })).status).toBe(
      404,
    );
    expect((await t.request('GET', `${team.base}/suppliers`)).status).toBe(401);
    const other = await seedFarmTeam(t);
    const theirs = await t.request<Supplier>('POST', `${other.base}/suppliers`, {
      cookie: other.cookies.owner,
      body: { name: 'Theirs' },
    });
    expect(
      (
        await t.request('POST', `${team.base}/suppliers/${theirs.body.id}/deactivate`, {
          cookie: team.cookies.owner,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('PATCH', `${team.base}/suppliers/${theirs.body.id}`, {
          cookie: team.cookies.owner,
          body: { name: 'Mine', version: 1 },
        })
      ).status,
    ).toBe(404);
  });
});
