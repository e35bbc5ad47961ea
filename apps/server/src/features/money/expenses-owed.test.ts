import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import {
  DUE_BEFORE_DATE,
  PAID_BEFORE_DATE,
  type Cash,
  type ExpenseWithReceipts,
  type Owed,
  type Profit,
} from '@gona/shared/finance';
import { pay_run_lines, pay_runs } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

const post = <T>(on: FarmTeam, path: string, body: unknown, cookie = on.cookies.owner) =>
  t.request<T>('POST', `${on.base}/${path}`, { cookie, body });
const patch = <T>(on: FarmTeam, path: string, body: unknown, cookie = on.cookies.owner) =>
  t.request<T>('PATCH', `${on.base}/${path}`, { cookie, body });
const get = <T>(on: FarmTeam, path: string, cookie = on.cookies.owner) =>
  t.request<T>('GET', `${on.base}/${path}`, { cookie });

async function expense(on: FarmTeam, body: Record<string, unknown>): Promise<ExpenseWithReceipts> {
  const res = await post<ExpenseWithReceipts>(on, 'expenses', {
    id: newId(),
    payment_method: 'cash',
    ...body,
  });
  if (res.status !== 201) throw new Error(`expense: ${res.status} ${res.text}`);
  return res.body;
}

/** A pay run written straight into its tables, as the wages feature leaves it. */
async function payRun(on: FarmTeam, status: 'draft' | 'paid', lines: number[]): Promise<void> {
  const [run] = await t.db
    .insert(pay_runs)
    .values({
      farm_id: on.farm.id,
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      status,
      ...(status === 'paid' ? { paid_on: '2026-11-30', payment_method: 'cash' as const } : {}),
    })
    .returning();
  await t.db.insert(pay_run_lines).values(
    lines.map((amount, index) => ({
      farm_id: on.farm.id,
      pay_run_id: run!.id,
      name: `Worker ${index + 1}`,
      computed_kobo: amount,
      amount_kobo: amount,
    })),
  );
}

describe('money the farm owes', () => {
  it('lists expenses bought on credit by who is owed, with unpaid wages, and leaves them out of cash until paid', async () => {
    const on = await seedFarmTeam(t);
    const supplier = await post<{ id: string }>(on, 'suppliers', { name: 'Afri Feeds' });
    expect(supplier.status).toBe(201);
    const feed = await expense(on, {
      date: '2026-11-02',
      category: 'feed',
      amount_kobo: 4_500_000,
      description: '10 bags of layer mash',
      supplier_id: supplier.body.id,
      paid_on: null,
      due_date: '2026-12-15',
    });
    expect([feed.paid_on, feed.due_date]).toEqual([null, '2026-12-15']);
    // Typed in by hand in other letters: the same creditor.
    const more = await expense(on, {
      date: '2026-11-09',
      category: 'feed',
      amount_kobo: 1_250_050,
      paid_to: 'afri feeds',
      paid_on: null,
    });
    const truck = await expense(on, {
      date: '2026-11-10',
      category: 'transport',
      amount_kobo: 300_000,
      paid_to: 'Musa Transport',
      payment_method: 'mobile_money',
      paid_on: null,
      due_date: '2026-11-20',
    });
    const fuel = await expense(on, { date: '2026-11-11', category: 'fuel', amount_kobo: 99_900 });
    expect(fuel.paid_on).toBe('2026-11-11');
    await payRun(on, 'draft', [2_000_000, 1_500_000]);
    await payRun(on, 'paid', [5_000_000]);
    const other = await seedFarmTeam(t);
    await expense(other, { date: '2026-11-02', category: 'feed', amount_kobo: 777, paid_on: null });

    const owed = await get<Owed>(on, 'money/owed');
    expect(owed.status).toBe(200);
    expect(owed.body).toEqual({
      buyers: [],
      total_kobo: 0,
      creditors: [
        {
          name: 'Afri Feeds',
          owed_kobo: 5_750_050,
          expenses: 2,
          due_date: '2026-12-15',
          unpaid: [
            {
              id: feed.id,
              date: '2026-11-02',
              category: 'feed',
              description: '10 bags of layer mash',
              amount_kobo: 4_500_000,
              payment_method: 'cash',
              due_date: '2026-12-15',
              version: 1,
            },
            {
              id: more.id,
              date: '2026-11-09',
              category: 'feed',
              description: null,
              amount_kobo: 1_250_050,
              payment_method: 'cash',
              due_date: null,
              version: 1,
            },
          ],
        },
        {
          name: 'Musa Transport',
          owed_kobo: 300_000,
          expenses: 1,
          due_date: '2026-11-20',
          unpaid: [
            {
              id: truck.id,
              date: '2026-11-10',
              category: 'transport',
              description: null,
              amount_kobo: 300_000,
              payment_method: 'mobile_money',
              due_date: '2026-11-20',
              version: 1,
            },
          ],
        },
      ],
      wages_kobo: 3_500_000,
      wage_runs: 1,
      owed_by_farm_kobo: 9_550_050,
    });

    // Cash counts only what left the farm; profit and loss counts every expense on its day.
    const cash = await get<Cash>(on, 'money/cash?from=2026-11-01&to=2026-12-31');
    expect(cash.body.months).toEqual([
      { month: '2026-11', in_kobo: 0, out_kobo: 99_900 },
      { month: '2026-12', in_kobo: 0, out_kobo: 0 },
    ]);
    const profit = await get<Profit>(on, 'money/profit?from=2026-11-01&to=2026-11-30');
    expect(profit.body.costs_kobo).toBe(4_500_000 + 1_250_050 + 300_000 + 99_900);

    const paid = await post<ExpenseWithReceipts>(on, `expenses/${feed.id}/paid`, {
      paid_on: '2026-12-01',
      payment_method: 'bank_transfer',
      version: feed.version,
    });
    expect(paid.status, paid.text).toBe(200);
    expect([paid.body.paid_on, paid.body.payment_method, paid.body.version]).toEqual([
      '2026-12-01',
      'bank_transfer',
      2,
    ]);
    const after = await get<Owed>(on, 'money/owed');
    expect(after.body.creditors.map((c) => [c.name, c.owed_kobo, c.expenses, c.due_date])).toEqual([
      ['afri feeds', 1_250_050, 1, null],
      ['Musa Transport', 300_000, 1, '2026-11-20'],
    ]);
    expect(after.body.owed_by_farm_kobo).toBe(1_250_050 + 300_000 + 3_500_000);
    const cashAfter = await get<Cash>(on, 'money/cash?from=2026-11-01&to=2026-12-31');
    expect(cashAfter.body.months.map((m) => m.out_kobo)).toEqual([99_900, 4_500_000]);
    const profitAfter = await get<Profit>(on, 'money/profit?from=2026-11-01&to=2026-11-30');
    expect(profitAfter.body.costs_kobo).toBe(profit.body.costs_kobo);
  });

  it('refuses a stale version, a payment day before the expense and a malformed day next to the field', async () => {
    const on = await seedFarmTeam(t);
    const bill = await expense(on, {
      date: '2026-10-05',
      category: 'veterinary',
      amount_kobo: 650_000,
      paid_on: null,
    });
    const first = await post<ExpenseWithReceipts>(on, `expenses/${bill.id}/paid`, {
      paid_on: '2026-10-06',
      version: bill.version,
    });
    expect(first.status).toBe(200);
    const stale = await post<ErrorBody>(
      on,
      `expenses/${bill.id}/paid`,
      { paid_on: '2026-10-07', version: bill.version },
      on.cookies.manager,
    );
    expect(stale.status).toBe(409);
    const early = await post<ErrorBody>(on, `expenses/${bill.id}/paid`, {
      paid_on: '2026-10-01',
      version: first.body.version,
    });
    expect([early.status, early.body.error.fields]).toEqual([400, { paid_on: PAID_BEFORE_DATE }]);
    const malformed = await post<ErrorBody>(on, `expenses/${bill.id}/paid`, {
      paid_on: 'yesterday',
      version: 'one',
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.error.fields ?? {}).sort()).toEqual(['paid_on', 'version']);
    const missing = await post<ErrorBody>(on, `expenses/${newId()}/paid`, {
      paid_on: '2026-10-07',
      version: 1,
    });
    expect(missing.status).toBe(404);
  });

  it('moves the paid day with the expense day when it was paid on its day, and keeps a later one', async () => {
    const on = await seedFarmTeam(t);
    const sameDay = await expense(on, { date: '2026-10-05', category: 'fuel', amount_kobo: 500_000 });
    const moved = await patch<ExpenseWithReceipts>(on, `expenses/${sameDay.id}`, {
      date: '2026-10-07',
      version: sameDay.version,
    });
    expect([moved.status, moved.body.date, moved.body.paid_on]).toEqual([200, '2026-10-07', '2026-10-07']);

    const later = await expense(on, {
      date: '2026-10-05',
      category: 'fuel',
      amount_kobo: 500_000,
      paid_on: '2026-10-20',
    });
    const kept = await patch<ExpenseWithReceipts>(on, `expenses/${later.id}`, {
      date: '2026-10-06',
      version: later.version,
    });
    expect([kept.body.date, kept.body.paid_on]).toEqual(['2026-10-06', '2026-10-20']);
    const pastPayment = await patch<ErrorBody>(on, `expenses/${later.id}`, {
      date: '2026-10-25',
      version: kept.body.version,
    });
    expect([pastPayment.status, pastPayment.body.error.fields]).toEqual([400, { paid_on: PAID_BEFORE_DATE }]);

    const unpaid = await patch<ExpenseWithReceipts>(on, `expenses/${later.id}`, {
      paid_on: null,
      due_date: '2026-11-30',
      version: kept.body.version,
    });
    expect([unpaid.body.paid_on, unpaid.body.due_date]).toEqual([null, '2026-11-30']);
    // Not paid: a new day leaves it unpaid.
    const redated = await patch<ExpenseWithReceipts>(on, `expenses/${later.id}`, {
      date: '2026-10-08',
      version: unpaid.body.version,
    });
    expect(redated.body.paid_on).toBeNull();
    const owed = await get<Owed>(on, 'money/owed');
    expect(owed.body.creditors.map((c) => [c.name, c.owed_kobo, c.due_date])).toEqual([
      [null, 500_000, '2026-11-30'],
    ]);

    const dueEarly = await post<ErrorBody>(on, 'expenses', {
      date: '2026-10-05',
      category: 'fuel',
      amount_kobo: 500_000,
      paid_on: null,
      due_date: '2026-10-01',
    });
    expect([dueEarly.status, dueEarly.body.error.fields]).toEqual([400, { due_date: DUE_BEFORE_DATE }]);
    const paidEarly = await post<ErrorBody>(on, 'expenses', {
      date: '2026-10-05',
      category: 'fuel',
      amount_kobo: 500_000,
      paid_on: '2026-10-04',
    });
    expect([paidEarly.status, paidEarly.body.error.fields]).toEqual([400, { paid_on: PAID_BEFORE_DATE }]);
  });

  it('lets owners and managers mark paid, viewers read what is owed, and nobody else in', async () => {
    const on = await seedFarmTeam(t);
    const bill = await expense(on, {
      date: '2026-10-05',
      category: 'fuel',
      amount_kobo: 1_000,
      paid_on: null,
    });
    const url = `${on.base}/expenses/${bill.id}/paid`;
    const body = { paid_on: '2026-10-05', version: bill.version };
    expect((await t.request('POST', url, { body })).status).toBe(401);
    expect((await t.request('POST', url, { body, cookie: on.cookies.stranger })).status).toBe(404);
    for (const role of ['worker', 'viewer'] as const)
      expect((await t.request('POST', url, { body, cookie: on.cookies[role] })).status, role).toBe(403);
    expect((await t.request('POST', url, { body, cookie: on.cookies.manager })).status).toBe(200);

    expect((await get(on, 'money/owed', on.cookies.worker)).status).toBe(403);
    const viewer = await get<Owed>(on, 'money/owed', on.cookies.viewer);
    expect([viewer.status, viewer.body.owed_by_farm_kobo]).toEqual([200, 0]);
  });
});
