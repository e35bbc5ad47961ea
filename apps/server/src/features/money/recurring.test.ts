import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import {
  CHOOSE_REPEAT,
  RECURRING_CATCH_UP_MAX,
  repeatRule,
  type RecurringExpense,
  type RecurringExpenseWritten,
} from '@gona/shared/finance';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, expense_allocations, expenses, farms, recurring_expenses } from '../../db/schema/index';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { sweepRecurringExpenses } from './recurring.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

const post = <T>(on: FarmTeam, path: string, body?: unknown, cookie = on.cookies.owner) =>
  t.request<T>('POST', `${on.base}/${path}`, { cookie, body });
const patch = <T>(on: FarmTeam, path: string, body: unknown, cookie = on.cookies.owner) =>
  t.request<T>('PATCH', `${on.base}/${path}`, { cookie, body });

const RENT = { category: 'land_rent', amount_kobo: 15_000_000, description: 'Rent of the 2 ha plot' };

async function recurring(on: FarmTeam, body: Record<string, unknown>): Promise<RecurringExpenseWritten> {
  const res = await post<RecurringExpenseWritten>(on, 'recurring-expenses', { id: newId(), ...body });
  if (res.status !== 201) throw new Error(`recurring: ${res.status} ${res.text}`);
  return res.body;
}

/** The expenses a repeating expense wrote: [day, amount, paid on], earliest first. */
async function written(recurringId: string) {
  const rows = await t.db
    .select({ date: expenses.date, amount: expenses.amount_kobo, paid_on: expenses.paid_on })
    .from(expenses)
    .where(eq(expenses.recurring_id, recurringId))
    .orderBy(asc(expenses.date));
  return rows.map((r) => [r.date, r.amount, r.paid_on]);
}

/** The first of the month `back` months before `day`'s (yyyy-mm-01). */
function firstOfMonth(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
}

describe('repeating expenses', () => {
  it('writes the days up to today at once when it started earlier, once even when sent again', async () => {
    const on = await seedFarmTeam(t);
    const today = dateIn('Africa/Lagos');
    const starts = firstOfMonth(today, 2);
    const body = {
      id: newId(),
      ...RENT,
      rrule: repeatRule('monthly', starts),
      starts_on: starts,
      paid_to: 'Chief Adebayo',
    };
    const first = await post<RecurringExpenseWritten>(on, 'recurring-expenses', body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      written: 3,
      written_through: today,
      next_on: firstOfMonth(today, -1),
      stopped: false,
      version: 1,
      enterprise_name: null,
    });
    const again = await post<RecurringExpenseWritten>(on, 'recurring-expenses', body);
    expect([again.status, again.body.written, again.body.id]).toEqual([201, 0, first.body.id]);
    expect(await written(first.body.id)).toEqual(
      [2, 1, 0].map((back) => [firstOfMonth(today, back), 15_000_000, firstOfMonth(today, back)]),
    );
    const list = await t.request<Page<RecurringExpense>>('GET', `${on.base}/recurring-expenses`, {
      cookie: on.cookies.viewer,
    });
    expect(list.body.items.map((r) => [r.id, r.amount_kobo, r.paid_to])).toEqual([
      [first.body.id, 15_000_000, 'Chief Adebayo'],
    ]);
    const listed = await t.request<{ items: { recurring_id: string | null; paid_on: string }[] }>(
      'GET',
      `${on.base}/expenses`,
      { cookie: on.cookies.owner },
    );
    expect(listed.body.items.map((e) => e.recurring_id)).toEqual([
      first.body.id,
      first.body.id,
      first.body.id,
    ]);
  });

  it(`writes at most the last ${RECURRING_CATCH_UP_MAX} days of one started long ago, and none of one starting later`, async () => {
    const on = await seedFarmTeam(t);
    const today = dateIn('Africa/Lagos');
    const old = await recurring(on, {
      ...RENT,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      starts_on: firstOfMonth(today, 36),
    });
    expect(old.written).toBe(12);
    const days = (await written(old.id)).map(([day]) => day);
    expect(days).toEqual(Array.from({ length: 12 }, (_, i) => firstOfMonth(today, 11 - i)));

    const later = addDays(today, 10);
    const soon = await recurring(on, { ...RENT, rrule: repeatRule('weekly', later), starts_on: later });
    expect([soon.written, soon.written_through, soon.next_on]).toEqual([0, null, later]);
  });

  it('puts each expense on its planting, and refuses what does not fit next to the field', async () => {
    const on = await seedFarmTeam(t);
    const today = dateIn('Africa/Lagos');
    const crop = await post<{ id: string }>(on, 'crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '2',
      season: 'main',
      planting_date: '2026-04-10',
    });
    expect(crop.status).toBe(201);
    const made = await recurring(on, {
      category: 'labour',
      amount_kobo: 3_333_333,
      rrule: repeatRule('weekly', today),
      starts_on: today,
      crop_id: crop.body.id,
    });
    expect([made.written, made.enterprise_name, made.next_on]).toEqual([1, 'Maize', addDays(today, 7)]);
    const shares = await t.db
      .select({ crop_id: expense_allocations.crop_id, amount: expense_allocations.amount_kobo })
      .from(expense_allocations)
      .innerJoin(expenses, eq(expenses.id, expense_allocations.expense_id))
      .where(eq(expenses.recurring_id, made.id));
    expect(shares).toEqual([{ crop_id: crop.body.id, amount: 3_333_333 }]);

    const other = await seedFarmTeam(t);
    const theirs = await post<{ id: string }>(other, 'crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '1',
      season: 'main',
      planting_date: '2026-04-10',
    });
    const foreign = await post<ErrorBody>(on, 'recurring-expenses', {
      ...RENT,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      starts_on: today,
      crop_id: theirs.body.id,
    });
    expect([foreign.status, foreign.body.error.fields]).toEqual([
      400,
      { crop_id: 'Choose a planting of this farm' },
    ]);
    const weekly = await post<ErrorBody>(on, 'recurring-expenses', {
      ...RENT,
      rrule: 'FREQ=WEEKLY',
      starts_on: today,
    });
    expect([weekly.status, weekly.body.error.fields]).toEqual([
      400,
      { rrule: 'Choose the days of the week' },
    ]);
    const none = await post<ErrorBody>(on, 'recurring-expenses', {
      ...RENT,
      starts_on: 'soon',
      amount_kobo: 0,
    });
    expect([none.status, none.body.error.fields]).toEqual([
      400,
      {
        rrule: CHOOSE_REPEAT,
        starts_on: 'Enter the date as a calendar date',
        amount_kobo: 'Enter an amount above ₦0',
      },
    ]);
    const ended = await post<ErrorBody>(on, 'recurring-expenses', {
      ...RENT,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20200101',
      starts_on: today,
    });
    expect([ended.status, ended.body.error.fields?.rrule]).toEqual([
      400,
      'This rule gives no day from the start day on. Choose another start day or rule.',
    ]);
    expect(
      (
        await t.request('POST', `${on.base}/recurring-expenses`, {
          raw: '{',
          cookie: on.cookies.owner,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('changes what it writes next with the version, and stops', async () => {
    const on = await seedFarmTeam(t);
    const later = addDays(dateIn('Africa/Lagos'), 3);
    const made = await recurring(on, { ...RENT, rrule: repeatRule('monthly', later), starts_on: later });
    const changed = await patch<RecurringExpenseWritten>(on, `recurring-expenses/${made.id}`, {
      amount_kobo: 16_500_000,
      animal_id: null,
      version: made.version,
    });
    expect([changed.status, changed.body.amount_kobo, changed.body.version]).toEqual([200, 16_500_000, 2]);
    const stale = await patch<ErrorBody>(on, `recurring-expenses/${made.id}`, {
      amount_kobo: 1,
      version: made.version,
    });
    expect(stale.status).toBe(409);
    const bad = await patch<ErrorBody>(on, `recurring-expenses/${made.id}`, {
      rrule: 'FREQ=HOURLY',
      version: changed.body.version,
    });
    expect([bad.status, bad.body.error.fields]).toEqual([
      400,
      { rrule: 'Choose every day, every week on some days, or every month' },
    ]);
    const missing = await patch<ErrorBody>(on, `recurring-expenses/${newId()}`, {
      amount_kobo: 1,
      version: 1,
    });
    expect(missing.status).toBe(404);

    // Moved to start in the past: its days up to today are written at once.
    const past = firstOfMonth(dateIn('Africa/Lagos'), 1);
    const moved = await patch<RecurringExpenseWritten>(on, `recurring-expenses/${made.id}`, {
      starts_on: past,
      rrule: repeatRule('monthly', past),
      version: changed.body.version,
    });
    expect(moved.body.written).toBe(2);
    expect((await written(made.id)).map(([, amount]) => amount)).toEqual([16_500_000, 16_500_000]);

    const stopped = await post<RecurringExpense>(on, `recurring-expenses/${made.id}/stop`);
    const twice = await post<RecurringExpense>(on, `recurring-expenses/${made.id}/stop`);
    expect([stopped.status, stopped.body.stopped, stopped.body.next_on, twice.status]).toEqual([
      200,
      true,
      null,
      200,
    ]);
    expect((await post(on, `recurring-expenses/${newId()}/stop`)).status).toBe(404);
  });

  it('keeps every route to owners and managers (viewers read), refuses strangers and the signed out', async () => {
    const on = await seedFarmTeam(t);
    const made = await recurring(on, {
      ...RENT,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      starts_on: addDays(dateIn('Africa/Lagos'), 40),
    });
    const calls = [
      ['GET', 'recurring-expenses', undefined, true],
      ['POST', 'recurring-expenses', { ...RENT, rrule: 'FREQ=MONTHLY', starts_on: '2030-01-01' }, false],
      ['PATCH', `recurring-expenses/${made.id}`, { amount_kobo: 100, version: 1 }, false],
      ['POST', `recurring-expenses/${made.id}/stop`, undefined, false],
    ] as const;
    for (const [method, path, body, read] of calls) {
      const url = `${on.base}/${path}`;
      expect((await t.request(method, url, { body })).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, url, { body, cookie: on.cookies.stranger })).status).toBe(404);
      expect((await t.request(method, url, { body, cookie: on.cookies.worker })).status).toBe(403);
      expect((await t.request(method, url, { body, cookie: on.cookies.viewer })).status).toBe(
        read ? 200 : 403,
      );
    }
    const byManager = await post<RecurringExpense>(
      on,
      `recurring-expenses/${made.id}/stop`,
      undefined,
      on.cookies.manager,
    );
    expect(byManager.status).toBe(200);
  });
});

describe('the repeating expenses sweep', () => {
  it('writes a rent on the 31st on the last day of shorter months, once under two sweeps at once', async () => {
    const on = await seedFarmTeam(t);
    const rule = repeatRule('monthly', '2027-01-31');
    expect(rule).toBe('FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1');
    const made = await recurring(on, { ...RENT, rrule: rule, starts_on: '2027-01-31' });
    expect(made.written).toBe(0);

    await sweepRecurringExpenses(t.db, t.deps.logger, new Date('2027-03-31T12:00:00Z'));
    expect(await written(made.id)).toEqual([
      ['2027-01-31', 15_000_000, '2027-01-31'],
      ['2027-02-28', 15_000_000, '2027-02-28'],
      ['2027-03-31', 15_000_000, '2027-03-31'],
    ]);
    const april = new Date('2027-04-30T12:00:00Z');
    await Promise.all([
      sweepRecurringExpenses(t.db, t.deps.logger, april),
      sweepRecurringExpenses(t.db, t.deps.logger, april),
    ]);
    expect((await written(made.id)).map(([day]) => day)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    // Even with its progress lost, a day already written is not written again (the unique index).
    await t.db
      .update(recurring_expenses)
      .set({ written_through: '2027-01-01' })
      .where(eq(recurring_expenses.id, made.id));
    await sweepRecurringExpenses(t.db, t.deps.logger, april);
    expect(await written(made.id)).toHaveLength(4);
    const [row] = await t.db.select().from(recurring_expenses).where(eq(recurring_expenses.id, made.id));
    expect(row?.written_through).toBe('2027-04-30');
    // Each expense the sweep wrote has one audit row on the farm, naming no one.
    const audits = await t.db
      .select({ farm: audit_logs.farm_id, user: audit_logs.user_id, changes: audit_logs.changes })
      .from(audit_logs)
      .where(and(eq(audit_logs.table_name, 'expenses'), eq(audit_logs.farm_id, on.farm.id)))
      .orderBy(asc(audit_logs.created_at));
    expect(audits.map((a) => [a.user, (a.changes as { date: string }).date])).toEqual([
      [null, '2027-01-31'],
      [null, '2027-02-28'],
      [null, '2027-03-31'],
      [null, '2027-04-30'],
    ]);
  });

  it("waits for the day on the farm's own calendar, and writes nothing for a stopped one", async () => {
    const lagos = await seedFarmTeam(t);
    const newYork = await seedFarmTeam(t);
    await t.db.update(farms).set({ timezone: 'America/New_York' }).where(eq(farms.id, newYork.farm.id));
    const body = { ...RENT, rrule: repeatRule('monthly', '2027-06-01'), starts_on: '2027-06-01' };
    const [inLagos, inNewYork, stopped] = [
      await recurring(lagos, body),
      await recurring(newYork, body),
      await recurring(lagos, body),
    ];
    expect((await post(lagos, `recurring-expenses/${stopped.id}/stop`)).status).toBe(200);

    // 03:00 UTC on 1 June: 04:00 in Lagos, still 31 May (23:00) in New York.
    await sweepRecurringExpenses(t.db, t.deps.logger, new Date('2027-06-01T03:00:00Z'));
    expect(await written(inLagos.id)).toEqual([['2027-06-01', 15_000_000, '2027-06-01']]);
    expect(await written(inNewYork.id)).toEqual([]);
    await sweepRecurringExpenses(t.db, t.deps.logger, new Date('2027-06-01T05:00:00Z'));
    expect(await written(inNewYork.id)).toEqual([['2027-06-01', 15_000_000, '2027-06-01']]);
    expect(await written(stopped.id)).toEqual([]);
    const ofFarm = await t.db.select().from(expenses).where(eq(expenses.farm_id, newYork.farm.id));
    expect(ofFarm).toHaveLength(1);
  });
});
