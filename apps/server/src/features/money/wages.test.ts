import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { AttendanceDay, CasualLabour, Expense, PayRunWithLines, Profit } from '@gona/shared/finance';
import type { Page } from '@gona/shared/pagination';
import { expense_allocations, expenses, staff } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

const call = <T>(on: FarmTeam, method: string, path: string, body?: unknown, cookie = on.cookies.owner) =>
  t.request<T>(method, `${on.base}/${path}`, { cookie, body });

type StaffSeed = {
  first_name: string;
  pay_rate_kobo?: number | null;
  pay_period?: 'day' | 'week' | 'month' | null;
  start_date?: string | null;
  end_date?: string | null;
  status?: 'active' | 'left';
};

async function seedStaff(on: FarmTeam, seed: StaffSeed): Promise<string> {
  const [row] = await t.db
    .insert(staff)
    .values({
      id: newId(),
      farm_id: on.farm.id,
      first_name: seed.first_name,
      last_name: 'Bello',
      job: 'poultry_attendant',
      employment_type: 'permanent',
      status: seed.status ?? 'active',
      pay_rate_kobo: seed.pay_rate_kobo ?? null,
      pay_period: seed.pay_period ?? null,
      start_date: seed.start_date ?? null,
      end_date: seed.end_date ?? null,
    })
    .returning({ id: staff.id });
  return row!.id;
}

async function mark(on: FarmTeam, date: string, marks: { staff_id: string; status: string | null }[]) {
  const res = await call<AttendanceDay>(on, 'PUT', 'attendance', { date, marks });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('attendance', () => {
  it('keeps one mark a day per person, changes and clears it, and lists who was employed that day', async () => {
    const on = await seedFarmTeam(t);
    const ada = await seedStaff(on, { first_name: 'Ada', pay_rate_kobo: 300_000, pay_period: 'day' });
    const gone = await seedStaff(on, { first_name: 'Zainab', status: 'left', end_date: '2026-11-10' });
    await seedStaff(on, { first_name: 'Later', start_date: '2026-12-01' });

    await mark(on, '2026-11-05', [
      { staff_id: ada, status: 'present' },
      { staff_id: gone, status: 'half_day' },
    ]);
    const changed = await mark(on, '2026-11-05', [{ staff_id: ada, status: 'absent' }]);
    expect(changed.staff.map((s) => [s.name, s.status])).toEqual([
      ['Ada Bello', 'absent'],
      ['Zainab Bello', 'half_day'],
    ]);
    const cleared = await mark(on, '2026-11-05', [{ staff_id: gone, status: null }]);
    expect(cleared.staff.map((s) => s.status)).toEqual(['absent', null]);

    // After Zainab left she is not on the register; Later has not started.
    const after = await call<AttendanceDay>(on, 'GET', 'attendance?date=2026-11-20');
    expect(after.body.staff.map((s) => s.name)).toEqual(['Ada Bello']);
  });

  it('refuses someone of another farm, a wrong status and a worker, and a viewer may read but not mark', async () => {
    const on = await seedFarmTeam(t);
    const other = await seedFarmTeam(t);
    const theirs = await seedStaff(other, { first_name: 'Other' });
    const mine = await seedStaff(on, { first_name: 'Mine' });
    const foreign = await call<ErrorBody>(on, 'PUT', 'attendance', {
      date: '2026-11-05',
      marks: [{ staff_id: theirs, status: 'present' }],
    });
    expect([foreign.status, foreign.body.error.fields]).toEqual([
      400,
      { marks: 'Choose staff members of this farm' },
    ]);
    const wrong = await call<ErrorBody>(on, 'PUT', 'attendance', {
      date: '2026-11-05',
      marks: [{ staff_id: mine, status: 'sick' }],
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body.error.fields)).toContain('Choose present, half day or absent');
    const body = { date: '2026-11-05', marks: [{ staff_id: mine, status: 'present' }] };
    expect((await call(on, 'PUT', 'attendance', body, on.cookies.worker)).status).toBe(403);
    expect((await call(on, 'PUT', 'attendance', body, on.cookies.viewer)).status).toBe(403);
    expect((await call(on, 'GET', 'attendance?date=2026-11-05', undefined, on.cookies.viewer)).status).toBe(
      200,
    );
    expect((await call(on, 'GET', 'attendance?date=2026-11-05', undefined, on.cookies.worker)).status).toBe(
      403,
    );
  });
});

describe('pay runs', () => {
  it('works out each person’s pay from rate and attendance, adds casual labour, and pays it as labour expenses', async () => {
    const on = await seedFarmTeam(t);
    const daily = await seedStaff(on, { first_name: 'Daily', pay_rate_kobo: 300_000, pay_period: 'day' });
    const monthly = await seedStaff(on, {
      first_name: 'Monthly',
      pay_rate_kobo: 5_200_000,
      pay_period: 'month',
    });
    const weekly = await seedStaff(on, {
      first_name: 'Weekly',
      pay_rate_kobo: 1_800_000,
      pay_period: 'week',
    });
    // Started on the 16th of a 30-day month: half a month's pay.
    const joiner = await seedStaff(on, {
      first_name: 'Joiner',
      pay_rate_kobo: 6_000_000,
      pay_period: 'month',
      start_date: '2026-11-16',
    });
    await seedStaff(on, { first_name: 'Norate' });
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04'])
      await mark(on, day, [{ staff_id: daily, status: 'present' }]);
    await mark(on, '2026-11-05', [
      { staff_id: daily, status: 'half_day' },
      { staff_id: monthly, status: 'absent' },
      { staff_id: weekly, status: 'half_day' },
      { staff_id: joiner, status: 'present' },
    ]);
    const crop = await call<{ id: string }>(on, 'POST', 'crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '2',
      season: 'main',
      planting_date: '2026-06-01',
    });
    const casual = await call<CasualLabour>(on, 'POST', 'casual-labour', {
      id: newId(),
      date: '2026-11-12',
      headcount: 8,
      rate_kobo: 250_000,
      description: 'Harvesting',
      crop_id: crop.body.id,
    });
    expect([casual.status, casual.body.amount_kobo, casual.body.enterprise_name]).toEqual([
      201,
      2_000_000,
      'Maize',
    ]);

    const created = await call<PayRunWithLines>(on, 'POST', 'pay-runs', {
      id: newId(),
      period_start: '2026-11-01',
      period_end: '2026-11-30',
    });
    expect(created.status, created.text).toBe(201);
    const run = created.body;
    const byName = Object.fromEntries(
      run.lines.map((l) => [l.name, [l.days_present, l.half_days, l.days_absent, l.computed_kobo]]),
    );
    expect(byName).toEqual({
      // 3 days × ₦3,000 + half of ₦3,000.
      'Daily Bello': [3, 1, 0, 1_050_000],
      // Half a month: ₦60,000 × 15/30, less nothing (present).
      'Joiner Bello': [1, 0, 0, 3_000_000],
      // ₦52,000 less one day (₦52,000/26 = ₦2,000).
      'Monthly Bello': [0, 0, 1, 5_000_000],
      // No rate: ₦0 for the manager to fill in.
      'Norate Bello': [0, 0, 0, 0],
      // ₦18,000 × 30/7 = ₦77,142.857…, less half a day (₦18,000/6/2 = ₦1,500) → ₦75,642.86.
      'Weekly Bello': [0, 1, 0, 7_564_286],
      Harvesting: [0, 0, 0, 2_000_000],
    });
    expect(run.total_kobo).toBe(1_050_000 + 3_000_000 + 5_000_000 + 7_564_286 + 2_000_000);

    // Another tab saw version 1; this one adds a bonus first.
    const noRate = run.lines.find((l) => l.name === 'Norate Bello')!;
    const adjusted = await call<PayRunWithLines>(on, 'PATCH', `pay-runs/${run.id}/lines/${noRate.id}`, {
      version: 1,
      amount_kobo: 2_500_000,
      note: 'Agreed ₦25,000 for November',
    });
    expect([adjusted.status, adjusted.body.total_kobo, adjusted.body.version]).toEqual([
      200,
      run.total_kobo + 2_500_000,
      2,
    ]);
    const stale = await call(on, 'POST', `pay-runs/${run.id}/pay`, { version: 1, paid_on: '2026-12-01' });
    expect(stale.status).toBe(409);

    const paid = await call<PayRunWithLines>(on, 'POST', `pay-runs/${run.id}/pay`, {
      version: 2,
      paid_on: '2026-12-01',
      payment_method: 'bank_transfer',
    });
    expect([paid.status, paid.body.status, paid.body.paid_on]).toEqual([200, 'paid', '2026-12-01']);
    expect(paid.body.lines.every((l) => l.expense_id)).toBe(true);

    const written = await t.db.select().from(expenses).where(eq(expenses.farm_id, on.farm.id));
    expect(written).toHaveLength(6);
    expect(written.every((e) => e.category === 'labour' && e.paid_on === '2026-12-01')).toBe(true);
    expect(written.reduce((n, e) => n + e.amount_kobo, 0)).toBe(paid.body.total_kobo);
    const harvest = written.find((e) => e.date === '2026-11-12')!;
    expect(harvest.description).toBe('Casual labour, 8 × ₦2,500: Harvesting');
    const [share] = await t.db
      .select()
      .from(expense_allocations)
      .where(eq(expense_allocations.expense_id, harvest.id));
    expect([share?.crop_id, share?.amount_kobo]).toEqual([crop.body.id, 2_000_000]);
    expect(written.find((e) => e.paid_to === 'Norate Bello')?.notes).toBe('Agreed ₦25,000 for November');

    // The labour is in November's profit and loss, on the maize for the casual day.
    const profit = await call<Profit>(on, 'GET', 'money/profit?from=2026-11-01&to=2026-11-30');
    const maize = profit.body.enterprises.find((e) => e.id === crop.body.id);
    expect(maize?.costs_kobo).toBe(2_000_000);

    // Paid: nothing in it changes, and it stays.
    expect(
      (await call(on, 'PATCH', `pay-runs/${run.id}/lines/${noRate.id}`, { version: 3, amount_kobo: 1 }))
        .status,
    ).toBe(409);
    expect((await call(on, 'DELETE', `pay-runs/${run.id}`)).status).toBe(409);
    expect(
      (await call(on, 'POST', `pay-runs/${run.id}/pay`, { version: 3, paid_on: '2026-12-02' })).status,
    ).toBe(409);
    const again = await t.db.select().from(expenses).where(eq(expenses.farm_id, on.farm.id));
    expect(again).toHaveLength(6);
    expect((await call(on, 'DELETE', `casual-labour/${casual.body.id}`)).status).toBe(409);
  });

  it('never covers a day twice, frees casual labour when a draft is deleted, and says when nobody is to be paid', async () => {
    const on = await seedFarmTeam(t);
    const empty = await call<ErrorBody>(on, 'POST', 'pay-runs', {
      id: newId(),
      period_start: '2026-10-01',
      period_end: '2026-10-31',
    });
    expect([empty.status, empty.body.error.fields?.period_start]).toEqual([
      400,
      'Nobody to pay in these days: add staff with a pay rate, or casual labour',
    ]);
    const casual = await call<CasualLabour>(on, 'POST', 'casual-labour', {
      id: newId(),
      date: '2026-10-10',
      headcount: 3,
      rate_kobo: 200_000,
    });
    const first = await call<PayRunWithLines>(on, 'POST', 'pay-runs', {
      id: newId(),
      period_start: '2026-10-01',
      period_end: '2026-10-31',
    });
    expect(first.status).toBe(201);
    const overlap = await call<ErrorBody>(on, 'POST', 'pay-runs', {
      id: newId(),
      period_start: '2026-10-31',
      period_end: '2026-11-06',
    });
    expect([overlap.status, overlap.body.error.fields?.period_start]).toEqual([
      409,
      'A pay run already covers 2026-10-01 to 2026-10-31. Choose days outside it.',
    ]);
    // Casual labour in a draft cannot be deleted until the draft goes.
    expect((await call(on, 'DELETE', `casual-labour/${casual.body.id}`)).status).toBe(409);
    expect((await call(on, 'DELETE', `pay-runs/${first.body.id}`)).status).toBe(204);
    const list = await call<CasualLabour[] & { items: CasualLabour[] }>(
      on,
      'GET',
      'casual-labour?from=2026-10-01&to=2026-10-31',
    );
    expect(list.body.items.map((c) => c.pay_run_id)).toEqual([null]);
    // Two drafts for the same month at once: one is made, the other refused.
    const both = await Promise.all(
      [0, 1].map(() =>
        call(on, 'POST', 'pay-runs', { id: newId(), period_start: '2026-10-01', period_end: '2026-10-31' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a period backwards or longer than 31 days, and a casual day of another farm’s planting', async () => {
    const on = await seedFarmTeam(t);
    const other = await seedFarmTeam(t);
    const backwards = await call<ErrorBody>(on, 'POST', 'pay-runs', {
      period_start: '2026-10-10',
      period_end: '2026-10-01',
    });
    expect(backwards.body.error.fields?.period_end).toBe('The last day must be on or after the first day');
    const long = await call<ErrorBody>(on, 'POST', 'pay-runs', {
      period_start: '2026-10-01',
      period_end: '2026-11-05',
    });
    expect(long.body.error.fields?.period_end).toBe('A pay run covers at most 31 days');
    const theirCrop = await call<{ id: string }>(other, 'POST', 'crops', {
      id: newId(),
      crop_key: 'maize',
      area_planted: '1',
      season: 'main',
      planting_date: '2026-06-01',
    });
    const foreign = await call<ErrorBody>(on, 'POST', 'casual-labour', {
      date: '2026-10-02',
      headcount: 2,
      rate_kobo: 100_000,
      crop_id: theirCrop.body.id,
    });
    expect([foreign.status, foreign.body.error.fields]).toEqual([
      400,
      { crop_id: 'Choose a planting of this farm' },
    ]);
    const zero = await call<ErrorBody>(on, 'POST', 'casual-labour', {
      date: '2026-10-02',
      headcount: 0,
      rate_kobo: 100_000,
    });
    expect(zero.body.error.fields?.headcount).toBe('Enter at least 1 person');
    const wrongRun = await call(on, 'GET', `pay-runs/${newId()}`);
    expect(wrongRun.status).toBe(404);
  });
});

describe('the expenses a pay run wrote', () => {
  it('appear in the expense list under labour', async () => {
    const on = await seedFarmTeam(t);
    await seedStaff(on, { first_name: 'Musa', pay_rate_kobo: 2_600_000, pay_period: 'month' });
    const run = await call<PayRunWithLines>(on, 'POST', 'pay-runs', {
      period_start: '2026-09-01',
      period_end: '2026-09-30',
    });
    await call(on, 'POST', `pay-runs/${run.body.id}/pay`, { version: 1, paid_on: '2026-09-30' });
    const list = await call<Page<Expense>>(on, 'GET', 'expenses?category=labour');
    expect(list.body.items.map((e) => [e.amount_kobo, e.paid_to, e.description])).toEqual([
      [2_600_000, 'Musa Bello', 'Wages 2026-09-01 to 2026-09-30'],
    ]);
  });
});
