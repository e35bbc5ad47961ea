import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseWithReceipts, Profit, Sale } from '@gona/shared/finance';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

/**
 * The monthly sums the database keeps (money_month_totals) against the rows they sum, after every
 * kind of write through the API, and profit and loss over a period that takes whole months from
 * them and the days of the months at its edges from the rows.
 */

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

async function call<T>(on: FarmTeam, method: string, path: string, body?: Record<string, unknown>) {
  const res = await t.request<T>(method, `${on.base}/${path}`, { cookie: on.cookies.owner, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

const create = <T>(on: FarmTeam, path: string, body: Record<string, unknown>) =>
  call<T>(on, 'POST', path, { id: newId(), ...body });

const planting = (on: FarmTeam) =>
  create<{ id: string }>(on, 'crops', {
    crop_key: 'maize',
    area_planted: '2',
    season: 'main',
    planting_date: '2026-01-05',
  });

const flock = (on: FarmTeam, name: string) =>
  create<{ id: string }>(on, 'livestock', {
    kind: 'group',
    species: 'chicken_layer',
    name,
    head_count: 300,
    acquisition: 'bought',
  });

type Sum = { key: string; amount: number; kg: number; rows: number };

async function rowsOf(statement: ReturnType<typeof sql>): Promise<Sum[]> {
  type Row = { key: string; amount: string; kg: string; rows: number | string };
  const result = await t.db.execute<Row>(statement);
  return (result as { rows: Row[] }).rows
    .map((r) => ({ key: r.key, amount: Number(r.amount), kg: Number(r.kg), rows: Number(r.rows) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const keyOf = sql.raw(
  `concat_ws('|', kind, to_char(day, 'YYYY-MM'), coalesce(category, '-'), coalesce(crop_id::text, '-'), coalesce(animal_id::text, '-'))`,
);

/** The farm's monthly sums as kept, and the same sums over expense_allocations and sales. */
async function expectExact(on: FarmTeam): Promise<Sum[]> {
  const farmId = on.farm.id;
  const kept = await rowsOf(sql`select ${keyOf} as key, amount_kobo::text as amount, sold_kg::text as kg,
      row_count as rows
    from (select *, month as day from money_month_totals where farm_id = ${farmId}) m`);
  const raw = await rowsOf(sql`select ${keyOf} as key, sum(amount_kobo)::text as amount,
      coalesce(sum(kg), 0)::text as kg, count(*)::int as rows
    from (
      select 'cost' as kind, date as day, category, crop_id, animal_id, amount_kobo, null::numeric as kg
      from expense_allocations where farm_id = ${farmId}
      union all
      select 'income', date, null, crop_id, animal_id, amount_kobo, case when unit = 'kg' then quantity end
      from sales where farm_id = ${farmId}
    ) r
    group by kind, day, category, crop_id, animal_id`);
  // The raw rows grouped by day: add up each month's days.
  const byMonth = new Map<string, Sum>();
  for (const row of raw) {
    const found = byMonth.get(row.key);
    if (found) {
      found.amount += row.amount;
      found.kg += row.kg;
      found.rows += row.rows;
    } else byMonth.set(row.key, { ...row });
  }
  expect(kept).toEqual([...byMonth.values()].sort((a, b) => a.key.localeCompare(b.key)));
  return kept;
}

describe('monthly money sums', () => {
  it('stay equal to the expenses and sales through every change and deletion', async () => {
    const on = await seedFarmTeam(t);
    const maize = await planting(on);
    const layers = await flock(on, 'Layers house A');
    const broilers = await flock(on, 'Broilers 1');
    expect(await expectExact(on)).toEqual([]);

    // An expense split three ways, and one for the whole farm.
    const feed = await create<ExpenseWithReceipts>(on, 'expenses', {
      date: '2026-01-31',
      category: 'feed',
      amount_kobo: 1_000_000,
      payment_method: 'cash',
      allocations: [
        { animal_id: layers.id, amount_kobo: 600_000 },
        { crop_id: maize.id, amount_kobo: 300_000 },
        { amount_kobo: 100_000 },
      ],
    });
    const rent = await create<ExpenseWithReceipts>(on, 'expenses', {
      date: '2026-01-10',
      category: 'labour',
      amount_kobo: 250_000,
      payment_method: 'bank_transfer',
    });
    const kept = await expectExact(on);
    expect(kept.map((s) => [s.key.split('|').slice(0, 3).join('|'), s.amount, s.rows])).toEqual(
      expect.arrayContaining([
        ['cost|2026-01|feed', 600_000, 1],
        ['cost|2026-01|feed', 300_000, 1],
        ['cost|2026-01|feed', 100_000, 1],
        ['cost|2026-01|labour', 250_000, 1],
      ]),
    );

    // The amount changes (the split follows), then the day moves into February.
    const more = await call<ExpenseWithReceipts>(on, 'PATCH', `expenses/${feed.id}`, {
      amount_kobo: 1_200_000,
      version: feed.version,
    });
    await expectExact(on);
    const moved = await call<ExpenseWithReceipts>(on, 'PATCH', `expenses/${feed.id}`, {
      date: '2026-02-01',
      version: more.version,
    });
    const afterMove = await expectExact(on);
    expect(afterMove.filter((s) => s.key.startsWith('cost|2026-01|'))).toHaveLength(1);
    // Another category, and another split (the planting's share goes to the broilers).
    const recategorised = await call<ExpenseWithReceipts>(on, 'PATCH', `expenses/${feed.id}`, {
      category: 'veterinary',
      version: moved.version,
    });
    await expectExact(on);
    const resplit = await call<ExpenseWithReceipts>(on, 'PATCH', `expenses/${feed.id}`, {
      allocations: [
        { animal_id: broilers.id, amount_kobo: 700_000 },
        { animal_id: layers.id, amount_kobo: 500_000 },
      ],
      version: recategorised.version,
    });
    expect(resplit.allocations).toHaveLength(2);
    await expectExact(on);

    // Sales: by the kg, by the crate, then changed in amount, quantity, unit, day and enterprise.
    const grain = await create<Sale>(on, 'sales', {
      date: '2026-02-14',
      product: 'Maize grain',
      quantity: 120.5,
      unit: 'kg',
      amount_kobo: 6_025_000,
      crop_id: maize.id,
    });
    const eggs = await create<Sale>(on, 'sales', {
      date: '2026-02-20',
      product: 'Eggs',
      quantity: 30,
      unit: 'crate',
      amount_kobo: 9_000_000,
      animal_id: layers.id,
    });
    expect((await expectExact(on)).find((s) => s.key.startsWith('income|2026-02')) ?? null).not.toBeNull();
    const grain2 = await call<Sale>(on, 'PATCH', `sales/${grain.id}`, {
      quantity: 140.25,
      amount_kobo: 7_012_500,
      version: grain.version,
    });
    await expectExact(on);
    const eggsByKg = await call<Sale>(on, 'PATCH', `sales/${eggs.id}`, {
      unit: 'kg',
      quantity: 45,
      version: eggs.version,
    });
    await expectExact(on);
    const grain3 = await call<Sale>(on, 'PATCH', `sales/${grain.id}`, {
      date: '2026-03-02',
      version: grain2.version,
    });
    await expectExact(on);
    await call<Sale>(on, 'PATCH', `sales/${eggs.id}`, {
      animal_id: broilers.id,
      version: eggsByKg.version,
    });
    await expectExact(on);
    // A payment changes nothing summed.
    const credit = await create<Sale>(on, 'sales', {
      date: '2026-03-05',
      product: 'Maize grain',
      quantity: 10,
      unit: 'kg',
      amount_kobo: 500_000,
      paid_kobo: 0,
      crop_id: maize.id,
    });
    const beforePayment = await expectExact(on);
    await create(on, `sales/${credit.id}/payments`, { date: '2026-03-20', amount_kobo: 200_000 });
    expect(await expectExact(on)).toEqual(beforePayment);

    // The planting is deleted: its money stays with the whole farm.
    await call(on, 'DELETE', `crops/${maize.id}`);
    const withoutMaize = await expectExact(on);
    expect(withoutMaize.some((s) => s.key.includes(maize.id))).toBe(false);
    expect(withoutMaize.find((s) => s.key === 'income|2026-03|-|-|-')).toEqual({
      key: 'income|2026-03|-|-|-',
      amount: 7_512_500,
      kg: 150.25,
      rows: 2,
    });
    expect(grain3.date).toBe('2026-03-02');

    // Deleted: the sums with nothing left go.
    await call(on, 'DELETE', `expenses/${feed.id}`);
    await call(on, 'DELETE', `expenses/${rent.id}`);
    await call(on, 'DELETE', `sales/${grain.id}`);
    await call(on, 'DELETE', `sales/${eggs.id}`);
    await call(on, 'DELETE', `sales/${credit.id}`);
    expect(await expectExact(on)).toEqual([]);
  });

  it('keeps an expense of ₦0 for an enterprise, and goes with the farm', async () => {
    const on = await seedFarmTeam(t);
    const layers = await flock(on, 'Layers house Z');
    await create<ExpenseWithReceipts>(on, 'expenses', {
      date: '2026-04-03',
      category: 'feed',
      amount_kobo: 500_000,
      payment_method: 'cash',
      allocations: [{ animal_id: layers.id, amount_kobo: 0 }, { amount_kobo: 500_000 }],
    });
    await create<Sale>(on, 'sales', {
      date: '2026-04-04',
      product: 'Eggs',
      quantity: 2,
      unit: 'crate',
      amount_kobo: 600_000,
      animal_id: layers.id,
    });
    const kept = await expectExact(on);
    expect(kept.find((s) => s.key === `cost|2026-04|feed|-|${layers.id}`)).toMatchObject({
      amount: 0,
      rows: 1,
    });

    await t.db.execute(sql`delete from farms where id = ${on.farm.id}`);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from money_month_totals where farm_id = ${on.farm.id}`,
    );
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('profit and loss from the monthly sums', () => {
  it('adds the days at the edges of a period to its whole months', async () => {
    const layers = await flock(team, 'Layers house P');
    const expenses: [string, number, string | null][] = [
      ['2026-01-14', 1_000, layers.id], // before the period
      ['2026-01-15', 20_000, layers.id], // its first day
      ['2026-01-31', 300_000, null],
      ['2026-02-01', 4_000_000, layers.id], // whole months
      ['2026-03-31', 50_000_000, null],
      ['2026-04-01', 600_000_000, layers.id], // last part
      ['2026-04-10', 7_000_000_000, layers.id], // its last day
      ['2026-04-11', 80_000_000_000, layers.id], // after
    ];
    for (const [date, amount_kobo, animal_id] of expenses)
      await create(team, 'expenses', {
        date,
        category: 'feed',
        amount_kobo,
        payment_method: 'cash',
        allocations: [{ animal_id, amount_kobo }],
      });
    const sales: [string, number, number, 'kg' | 'crate'][] = [
      ['2026-01-14', 1, 3, 'kg'],
      ['2026-01-15', 20, 5, 'kg'],
      ['2026-02-28', 300, 7, 'crate'],
      ['2026-03-01', 4_000, 11, 'kg'],
      ['2026-04-10', 50_000, 13.5, 'kg'],
      ['2026-04-11', 600_000, 17, 'kg'],
    ];
    for (const [date, amount_kobo, quantity, unit] of sales)
      await create(team, 'sales', {
        date,
        product: 'Eggs',
        quantity,
        unit,
        amount_kobo,
        animal_id: layers.id,
      });

    const profit = await call<Profit>(team, 'GET', 'money/profit?from=2026-01-15&to=2026-04-10');
    expect(profit).toMatchObject({ income_kobo: 54_320, costs_kobo: 7_654_320_000 });
    expect(profit.margin_kobo).toBe(54_320 - 7_654_320_000);
    const flockResult = profit.enterprises.find((e) => e.id === layers.id)!;
    expect(flockResult).toMatchObject({
      income_kobo: 54_320,
      costs_kobo: 7_604_020_000,
      produced: { quantity: '29.5', unit: 'kg' },
      // ₦76,040,200 over 29.5 kg: 257,763,389.83 kobo a kg, to the kobo.
      cost_per_unit_kobo: 257_763_390,
    });
    expect(profit.enterprises.find((e) => e.kind === 'farm')).toMatchObject({
      income_kobo: 0,
      costs_kobo: 50_300_000,
      costs_by_category: [{ category: 'feed', total_kobo: 50_300_000 }],
    });

    // Whole months only, one part of a month, and a period inside one month.
    const months = await call<Profit>(team, 'GET', 'money/profit?from=2026-02-01&to=2026-03-31');
    expect(months).toMatchObject({ income_kobo: 4_300, costs_kobo: 54_000_000 });
    const tail = await call<Profit>(team, 'GET', 'money/profit?from=2026-03-31&to=2026-04-10');
    expect(tail).toMatchObject({ income_kobo: 50_000, costs_kobo: 7_650_000_000 });
    const inside = await call<Profit>(team, 'GET', 'money/profit?from=2026-04-02&to=2026-04-10');
    expect(inside).toMatchObject({ income_kobo: 50_000, costs_kobo: 7_000_000_000 });
  });
});
