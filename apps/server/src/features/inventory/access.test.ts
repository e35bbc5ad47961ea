import { beforeAll, describe, expect, it } from 'vitest';
import type { FarmRole } from '@gona/shared';
import type { InventoryAlert, Supplier } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

/**
 * Every inventory endpoint against every kind of caller: no session (401), a signed-in outsider
 * (404, the farm does not exist for them) and each farm role (allowed, or 403).
 */

let t: TestContext;
let team: FarmTeam;
let endpoints: {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  allowed: FarmRole[];
}[];

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  const supply = await addSupply(t, team, { quantity: '1000', low_threshold: '1000' });
  const alerts = await t.request<Page<InventoryAlert>>('GET', `${team.base}/inventory-alerts`, {
    cookie: team.cookies.owner,
  });
  const alertId = alerts.body.items[0]!.id;
  const supplier = await t.request<Supplier>('POST', `${team.base}/suppliers`, {
    cookie: team.cookies.owner,
    body: { name: 'Zeb Agro' },
  });
  const everyone: FarmRole[] = ['owner', 'manager', 'worker', 'viewer'];
  const recorders: FarmRole[] = ['owner', 'manager', 'worker'];
  const writers: FarmRole[] = ['owner', 'manager'];
  const s = () => `${team.base}/supplies/${supply.id}`;
  endpoints = [
    { name: 'list supplies', method: 'GET', path: () => `${team.base}/supplies`, allowed: everyone },
    { name: 'get a supply', method: 'GET', path: s, allowed: everyone },
    { name: 'list movements', method: 'GET', path: () => `${s()}/movements`, allowed: everyone },
    {
      name: 'export supplies',
      method: 'GET',
      path: () => `${team.base}/supplies/export.csv`,
      allowed: everyone,
    },
    {
      name: 'export movements',
      method: 'GET',
      path: () => `${team.base}/supply-movements/export.csv`,
      allowed: everyone,
    },
    { name: 'list alerts', method: 'GET', path: () => `${team.base}/inventory-alerts`, allowed: everyone },
    {
      name: 'count alerts',
      method: 'GET',
      path: () => `${team.base}/inventory-alerts/count`,
      allowed: everyone,
    },
    { name: 'list suppliers', method: 'GET', path: () => `${team.base}/suppliers`, allowed: everyone },
    {
      name: 'record a movement',
      method: 'POST',
      path: () => `${s()}/movements`,
      body: () => movement('used', 1),
      allowed: recorders,
    },
    {
      name: 'resolve an alert',
      method: 'POST',
      path: () => `${team.base}/inventory-alerts/${alertId}/resolve`,
      allowed: recorders,
    },
    {
      name: 'add a supply',
      method: 'POST',
      path: () => `${team.base}/supplies`,
      body: () => ({ category: 'fuel', name: 'Petrol', unit: 'litre', quantity: '10', low_threshold: '2' }),
      allowed: writers,
    },
    {
      name: 'edit a supply',
      method: 'PATCH',
      path: s,
      body: () => ({ notes: 'Checked', version: 1 }),
      allowed: writers,
    },
    {
      name: 'add a supplier',
      method: 'POST',
      path: () => `${team.base}/suppliers`,
      body: () => ({ name: 'Afri Feeds' }),
      allowed: writers,
    },
    {
      name: 'edit a supplier',
      method: 'PATCH',
      path: () => `${team.base}/suppliers/${supplier.body.id}`,
      body: () => ({ phone: '0803 000 0000', version: 1 }),
      allowed: writers,
    },
    {
      name: 'deactivate a supplier',
      method: 'POST',
      path: () => `${team.base}/suppliers/${supplier.body.id}/deactivate`,
      allowed: writers,
    },
  ];
});

describe('inventory access', () => {
  it('answers 401 without a session and 404 to a signed-in outsider on every endpoint', async () => {
    for (const e of endpoints) {
      const body = e.body?.();
      expect((await t.request(e.method, e.path(), { body })).status, `${e.name} without a session`).toBe(401);
      expect(
        (await t.request(e.method, e.path(), { body, cookie: team.cookies.stranger })).status,
        `${e.name} by an outsider`,
      ).toBe(404);
    }
  });

  it('lets each role do what product.md allows and answers 403 Insufficient permissions otherwise', async () => {
    const cookies: Record<FarmRole, string> = {
      owner: team.cookies.owner,
      manager: team.cookies.manager,
      worker: team.cookies.worker,
      viewer: team.cookies.viewer,
    };
    for (const role of ['viewer', 'worker'] as const) {
      for (const e of endpoints) {
        const res = await t.request(e.method, e.path(), { body: e.body?.(), cookie: cookies[role] });
        if (e.allowed.includes(role)) expect(res.status, `${role}: ${e.name}`).toBeLessThan(300);
        else
          expect([res.status, res.text], `${role}: ${e.name}`).toEqual([
            403,
            JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } }),
          ]);
      }
    }
  });

  it('lets a worker record stock but not delete a supply', async () => {
    const supply = await addSupply(t, team);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.worker }))
        .status,
    ).toBe(403);
    expect((await t.request('DELETE', `${team.base}/supplies/${supply.id}`)).status).toBe(401);
    expect(
      (await t.request('DELETE', `${team.base}/supplies/${supply.id}`, { cookie: team.cookies.stranger }))
        .status,
    ).toBe(404);
  });
});
