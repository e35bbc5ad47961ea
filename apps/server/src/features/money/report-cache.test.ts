import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cash, ExpenseTotals, ExpenseWithReceipts, Owed, Profit } from '@gona/shared/finance';
import { expenses, money_versions } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

const YEAR = 'from=2026-01-01&to=2026-12-31';
const get = async <T>(on: FarmTeam, path: string): Promise<T> => {
  const res = await t.request<T>('GET', `${on.base}/${path}`, { cookie: on.cookies.owner });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};
const post = async <T>(on: FarmTeam, path: string, body: Record<string, unknown>): Promise<T> => {
  const res = await t.request<T>('POST', `${on.base}/${path}`, {
    cookie: on.cookies.owner,
    body: { id: newId(), ...body },
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};

/** The four reports a farm's money screen reads, as the API answers them. */
const reports = async (on: FarmTeam) => ({
  profit: await get<Profit>(on, `money/profit?${YEAR}`),
  cash: await get<Cash>(on, `money/cash?${YEAR}`),
  owed: await get<Owed>(on, 'money/owed'),
  totals: await get<ExpenseTotals>(on, `expenses/totals?${YEAR}`),
});

const versionOf = async (farmId: string) =>
  (
    await t.db
      .select({ version: money_versions.version })
      .from(money_versions)
      .where(eq(money_versions.farm_id, farmId))
  )[0]?.version;

describe('money reports kept until the farm’s money changes', () => {
  it('answers a report again from what it kept, and works it out again after any write, even one behind the API', async () => {
    const on = await seedFarmTeam(t);
    const fuel = await post<ExpenseWithReceipts>(on, 'expenses', {
      date: '2026-03-02',
      category: 'fuel',
      amount_kobo: 500_000,
      payment_method: 'cash',
      paid_to: 'Total Ikeja',
    });
    const first = await reports(on);
    expect([first.profit.costs_kobo, first.totals.total_kobo, first.cash.months[2]?.out_kobo]).toEqual([
      500_000, 500_000, 500_000,
    ]);

    // Changed with the version trigger turned off: the kept reports are answered, unchanged.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table expenses disable trigger money_version_update`);
      await tx.update(expenses).set({ amount_kobo: 900_000 }).where(eq(expenses.id, fuel.id));
      await tx.execute(sql`alter table expenses enable trigger money_version_update`);
    });
    expect(await reports(on)).toEqual(first);

    // The same change with the triggers on (written straight to the table): every report sees it.
    const before = await versionOf(on.farm.id);
    await t.db
      .update(expenses)
      .set({ amount_kobo: 700_000, paid_on: null, due_date: '2026-04-01' })
      .where(eq(expenses.id, fuel.id));
    expect(await versionOf(on.farm.id)).toBeGreaterThan(before ?? 0);
    const after = await reports(on);
    expect(after.totals.total_kobo).toBe(700_000);
    expect(after.cash.months[2]?.out_kobo).toBe(0);
    expect(after.owed.creditors.map((c) => [c.name, c.owed_kobo])).toEqual([['Total Ikeja', 700_000]]);
  });

  it('sees a sale, a payment, a renamed flock and a deleted expense through the API', async () => {
    const on = await seedFarmTeam(t);
    const flock = await post<{ id: string }>(on, 'livestock', {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers A',
      head_count: 300,
      acquisition: 'bought',
    });
    const feed = await post<ExpenseWithReceipts>(on, 'expenses', {
      date: '2026-05-04',
      category: 'feed',
      amount_kobo: 2_000_000,
      payment_method: 'cash',
      allocations: [{ animal_id: flock.id }],
    });
    expect((await reports(on)).profit.enterprises.map((e) => [e.name, e.margin_kobo])).toEqual([
      ['Layers A', -2_000_000],
    ]);

    const sale = await post<{ id: string }>(on, 'sales', {
      date: '2026-05-20',
      product: 'Eggs',
      quantity: 100,
      unit: 'crate',
      amount_kobo: 3_000_000,
      paid_kobo: 1_000_000,
      due_date: '2026-06-20',
      buyer_name: 'Mama Nkechi',
      animal_id: flock.id,
    });
    let now = await reports(on);
    expect(now.profit.enterprises.map((e) => [e.name, e.margin_kobo])).toEqual([['Layers A', 1_000_000]]);
    expect(now.owed.total_kobo).toBe(2_000_000);

    await post(on, `sales/${sale.id}/payments`, { date: '2026-06-01', amount_kobo: 2_000_000 });
    now = await reports(on);
    expect([now.owed.total_kobo, now.cash.months[5]?.in_kobo]).toEqual([0, 2_000_000]);

    const animal = await t.request<{ version: number }>('GET', `${on.base}/livestock/${flock.id}`, {
      cookie: on.cookies.owner,
    });
    const renamed = await t.request('PATCH', `${on.base}/livestock/${flock.id}`, {
      cookie: on.cookies.owner,
      body: { name: 'Layers, house 2', version: animal.body.version },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await reports(on)).profit.enterprises.map((e) => e.name)).toEqual(['Layers, house 2']);

    const gone = await t.request('DELETE', `${on.base}/expenses/${feed.id}`, { cookie: on.cookies.owner });
    expect(gone.status).toBe(204);
    now = await reports(on);
    expect([now.profit.costs_kobo, now.totals.total_kobo]).toEqual([0, 0]);
  });

  it('keeps each farm’s reports apart, and forgets a deleted farm’s version', async () => {
    const [a, b] = [await seedFarmTeam(t), await seedFarmTeam(t)];
    await post(a, 'expenses', {
      date: '2026-02-02',
      category: 'seeds',
      amount_kobo: 100_000,
      payment_method: 'cash',
    });
    await post(b, 'expenses', {
      date: '2026-02-02',
      category: 'seeds',
      amount_kobo: 250_000,
      payment_method: 'cash',
    });
    expect((await reports(a)).totals.total_kobo).toBe(100_000);
    expect((await reports(b)).totals.total_kobo).toBe(250_000);

    expect(await versionOf(b.farm.id)).toBeGreaterThan(0);
    const deleted = await t.request('DELETE', b.base, { cookie: b.cookies.owner });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await versionOf(b.farm.id)).toBeUndefined();
  });
});
