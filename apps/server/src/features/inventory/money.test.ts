import { beforeAll, describe, expect, it } from 'vitest';
import type { MovementResult, Supply } from '@gona/shared/inventory';
import type { Page } from '@gona/shared/pagination';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addSupply, movement } from './inventory.test-setup';

/** Workers do not see money (product.md): no unit cost in what the API or the exports give them. */

let t: TestContext;
let team: FarmTeam;
let supply: Supply;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  supply = await addSupply(t, team, { unit_cost_kobo: 1_850_000 });
  const received = await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
    cookie: team.cookies.owner,
    body: movement('received', '4', { unit_cost_kobo: 1_900_000 }),
  });
  expect(received.status).toBe(201);
});

describe('supply costs by role', () => {
  it.each(['owner', 'manager', 'viewer'] as const)(
    '%s sees unit costs in lists, details and history',
    async (role) => {
      const cookie = team.cookies[role];
      const list = await t.request<Page<Supply>>('GET', `${team.base}/supplies`, { cookie });
      expect(list.body.items.find((s) => s.id === supply.id)?.unit_cost_kobo).toBe(1_900_000);
      const detail = await t.request<Supply>('GET', `${team.base}/supplies/${supply.id}`, { cookie });
      expect(detail.body.unit_cost_kobo).toBe(1_900_000);
      const history = await t.request<Page<{ unit_cost_kobo?: number | null }>>(
        'GET',
        `${team.base}/supplies/${supply.id}/movements`,
        { cookie },
      );
      expect(history.body.items.map((m) => m.unit_cost_kobo)).toContain(1_900_000);
    },
  );

  it('a worker gets no unit cost in lists, details, history or the movement it records', async () => {
    const cookie = team.cookies.worker;
    const list = await t.request<Page<Supply>>('GET', `${team.base}/supplies`, { cookie });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const item of list.body.items) expect(item).not.toHaveProperty('unit_cost_kobo');
    const detail = await t.request<Supply>('GET', `${team.base}/supplies/${supply.id}`, { cookie });
    expect(detail.status).toBe(200);
    expect(detail.body).not.toHaveProperty('unit_cost_kobo');
    const history = await t.request<Page<object>>('GET', `${team.base}/supplies/${supply.id}/movements`, {
      cookie,
    });
    expect(history.body.items.length).toBe(2);
    for (const item of history.body.items) expect(item).not.toHaveProperty('unit_cost_kobo');
    const used = await t.request<MovementResult>('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie,
      body: movement('used', '1'),
    });
    expect(used.status).toBe(201);
    expect(used.body.movement).not.toHaveProperty('unit_cost_kobo');
    expect(used.body.supply).not.toHaveProperty('unit_cost_kobo');
  });

  it('a worker cannot set a cost through the API either: 400 on the cost, nothing recorded', async () => {
    const before = await t.request<Supply>('GET', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
    });
    const received = await t.request('POST', `${team.base}/supplies/${supply.id}/movements`, {
      cookie: team.cookies.worker,
      body: movement('received', '2', { unit_cost_kobo: 1 }),
    });
    expect(received.status).toBe(400);
    expect(received.body).toMatchObject({
      error: {
        fields: {
          unit_cost_kobo: 'Only the owner or a manager records what stock cost; leave the cost empty',
        },
      },
    });
    const after = await t.request<Supply>('GET', `${team.base}/supplies/${supply.id}`, {
      cookie: team.cookies.owner,
    });
    expect(after.body).toMatchObject({
      quantity: before.body.quantity,
      unit_cost_kobo: before.body.unit_cost_kobo,
    });
  });

  it('a worker’s CSV exports have no cost column; the owner’s do', async () => {
    for (const path of ['supplies/export.csv', 'supply-movements/export.csv']) {
      const owner = await t.request('GET', `${team.base}/${path}`, { cookie: team.cookies.owner });
      expect(owner.text).toContain('19000.00');
      const worker = await t.request('GET', `${team.base}/${path}`, { cookie: team.cookies.worker });
      expect(worker.status).toBe(200);
      const [header, ...rows] = worker.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const ownerHeader = owner.text.replace(/^\uFEFF/, '').split('\r\n')[0]!;
      expect(header!.split(',').length).toBe(ownerHeader.split(',').length - 1);
      expect(worker.text).not.toContain('19000.00');
      expect(worker.text).not.toContain('18500.00');
      expect(rows.length).toBeGreaterThan(0);
    }
  });
});
