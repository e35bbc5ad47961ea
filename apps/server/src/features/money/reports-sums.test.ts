import { beforeAll, describe, expect, it } from 'vitest';
import type { Cash, Profit } from '@gona/shared/finance';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

/**
 * How profit and loss and cash by month are summed: what was sold by the kg is produce where no
 * harvest or production says otherwise (and only the kg), production counts only in its period and
 * only for enterprises with money in it, and cash is summed by day into months.
 */

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await t.request<T>('POST', `${team.base}/${path}`, {
    cookie: team.cookies.owner,
    body: { id: newId(), ...body },
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

const group = (name: string) =>
  post<{ id: string }>('livestock', {
    kind: 'group',
    species: 'chicken_layer',
    name,
    head_count: 300,
    acquisition: 'bought',
  });

describe('profit and loss sums', () => {
  it('takes kg sold as produce, counts production in its period, and leaves out flocks without money', async () => {
    const pond = await group('Catfish pond 2');
    const layers = await group('Layers house B');
    const idle = await group('Layers house C');
    // The pond: ₦90,000 of feed; 150 kg sold in two sales and 4 crates of fingerlings (not kg).
    await post('expenses', {
      date: '2026-03-02',
      category: 'feed',
      amount_kobo: 9_000_000,
      payment_method: 'cash',
      allocations: [{ animal_id: pond.id }],
    });
    for (const [date, quantity, amount, unit] of [
      ['2026-03-20', 100, 18_000_000, 'kg'],
      ['2026-03-27', 50, 9_000_000, 'kg'],
      ['2026-03-28', 4, 2_000_000, 'crate'],
    ] as const)
      await post('sales', {
        date,
        product: 'Catfish',
        quantity,
        unit,
        amount_kobo: amount,
        animal_id: pond.id,
      });
    // The farm itself sold 12.5 kg of scrap with no enterprise.
    await post('sales', {
      date: '2026-03-05',
      product: 'Scrap',
      quantity: 12.5,
      unit: 'kg',
      amount_kobo: 50_000,
    });
    // Layers: ₦60,000 of feed in March; 1,500 eggs in March (50 crates) and 900 in April, after the period.
    await post('expenses', {
      date: '2026-03-03',
      category: 'feed',
      amount_kobo: 6_000_000,
      payment_method: 'cash',
      allocations: [{ animal_id: layers.id }],
    });
    for (const [date, eggs] of [
      ['2026-03-10', 1500],
      ['2026-04-02', 900],
    ] as const)
      await post(`livestock/${layers.id}/production`, { date, eggs_collected: eggs });
    // A flock with eggs but no money in the period is not an enterprise of it.
    await post(`livestock/${idle.id}/production`, { date: '2026-03-11', eggs_collected: 600 });

    const res = await t.request<Profit>('GET', `${team.base}/money/profit?from=2026-03-01&to=2026-03-31`, {
      cookie: team.cookies.viewer,
    });
    expect(res.status, res.text).toBe(200);
    const summary = res.body.enterprises.map((e) => [
      e.name,
      e.income_kobo,
      e.costs_kobo,
      e.produced,
      e.cost_per_unit_kobo,
    ]);
    expect(summary).toEqual([
      // ₦290,000 − ₦90,000; ₦90,000 over 150 kg: ₦600 a kg.
      ['Catfish pond 2', 29_000_000, 9_000_000, { quantity: '150', unit: 'kg' }, 60_000],
      // −₦60,000; ₦60,000 over 50 crates: ₦1,200 a crate.
      ['Layers house B', 0, 6_000_000, { quantity: '50', unit: 'crate' }, 120_000],
      [null, 50_000, 0, { quantity: '12.5', unit: 'kg' }, 0],
    ]);
  });
});

describe('cash by month', () => {
  it('sums each day’s money in and out into its month, across a year’s end, with empty months at zero', async () => {
    const on = await seedFarmTeam(t);
    const as = async (path: string, body: Record<string, unknown>) => {
      const res = await t.request('POST', `${on.base}/${path}`, {
        cookie: on.cookies.manager,
        body: { id: newId(), ...body },
      });
      expect(res.status, res.text).toBe(201);
    };
    for (const [date, amount] of [
      ['2025-12-01', 10_000],
      ['2025-12-31', 20_001],
      ['2026-02-01', 30_000],
      ['2026-02-01', 5],
    ] as const)
      await as('expenses', { date, category: 'fuel', amount_kobo: amount, payment_method: 'cash' });
    for (const [date, amount] of [
      ['2025-12-15', 70_000],
      ['2026-02-28', 1_000],
      ['2026-03-01', 999_999],
    ] as const)
      await as('sales', { date, product: 'Maize grain', quantity: 1, unit: 'kg', amount_kobo: amount });

    const res = await t.request<Cash>('GET', `${on.base}/money/cash?from=2025-12-01&to=2026-02-28`, {
      cookie: on.cookies.owner,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.months).toEqual([
      { month: '2025-12', in_kobo: 70_000, out_kobo: 30_001 },
      { month: '2026-01', in_kobo: 0, out_kobo: 0 },
      { month: '2026-02', in_kobo: 1_000, out_kobo: 30_005 },
    ]);
  });
});
