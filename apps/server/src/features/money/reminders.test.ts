import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SaleWithPayments } from '@gona/shared/finance';
import { farms, notifications, sales } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { remindPaymentsDue } from './reminders.service';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

async function sale(on: FarmTeam, body: Record<string, unknown>): Promise<SaleWithPayments> {
  const res = await t.request<SaleWithPayments>('POST', `${on.base}/sales`, {
    cookie: on.cookies.owner,
    body: {
      id: newId(),
      date: '2026-08-01',
      product: 'Maize grain',
      quantity: 10,
      unit: 'bag_100kg',
      amount_kobo: 45_000_000,
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`sale: ${res.status} ${res.text}`);
  return res.body;
}

/** The payment reminders each member of the team has, oldest first, as [who, title, body]. */
async function remindersOf(on: FarmTeam): Promise<[string, string, string][]> {
  const people = Object.entries(on.users);
  const rows = await t.db
    .select({
      user_id: notifications.user_id,
      title: notifications.title,
      body: notifications.body,
      created_at: notifications.created_at,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'payment_due'),
        inArray(
          notifications.user_id,
          people.map(([, user]) => user.id),
        ),
      ),
    );
  const who = (userId: string) => people.find(([, user]) => user.id === userId)![0];
  return rows
    .sort(
      (a, b) =>
        a.created_at.getTime() - b.created_at.getTime() || who(a.user_id).localeCompare(who(b.user_id)),
    )
    .map((row) => [who(row.user_id), row.title, row.body]);
}

const remindedOn = async (saleId: string) =>
  (await t.db.select({ on: sales.reminded_on }).from(sales).where(eq(sales.id, saleId)))[0]?.on;

const at = (iso: string) => remindPaymentsDue(t.db, new Date(iso));

describe('payment reminders', () => {
  it('tells owners and managers on the due day from 08:00 farm time, once a day, then weekly until paid', async () => {
    const on = await seedFarmTeam(t);
    const credit = await sale(on, {
      buyer_name: 'Mama Ngozi',
      paid_kobo: 10_000_000,
      due_date: '2026-09-01',
    });
    const paid = await sale(on, { product: 'Eggs', due_date: '2026-09-01' });
    const open = await sale(on, { product: 'Yam', paid_kobo: 0 });

    await at('2026-08-31T12:00:00Z');
    // 07:30 in Lagos: not yet.
    await at('2026-09-01T06:30:00Z');
    expect(await remindersOf(on)).toEqual([]);

    // 08:10 in Lagos.
    await at('2026-09-01T07:10:00Z');
    const dueToday: [string, string] = [
      'Payment due today: Mama Ngozi owes ₦350,000',
      'For Maize grain on Green Acres, due on 01/09/2026. Call them, or record the payment when it comes.',
    ];
    expect(await remindersOf(on)).toEqual([
      ['manager', ...dueToday],
      ['owner', ...dueToday],
    ]);
    expect(await remindedOn(credit.id)).toBe('2026-09-01');

    // The same day again, and the days after within the week: nothing more.
    await at('2026-09-01T15:00:00Z');
    await at('2026-09-07T09:00:00Z');
    expect(await remindersOf(on)).toHaveLength(2);

    await at('2026-09-08T09:00:00Z');
    const reminders = await remindersOf(on);
    expect(reminders.slice(2)).toEqual([
      ['manager', 'Still unpaid: Mama Ngozi owes ₦350,000', dueToday[1]],
      ['owner', 'Still unpaid: Mama Ngozi owes ₦350,000', dueToday[1]],
    ]);
    expect(await remindedOn(credit.id)).toBe('2026-09-08');

    const payment = await t.request('POST', `${on.base}/sales/${credit.id}/payments`, {
      cookie: on.cookies.manager,
      body: { id: newId(), date: '2026-09-10', amount_kobo: 35_000_000 },
    });
    expect(payment.status).toBe(201);
    await at('2026-09-15T09:00:00Z');
    await at('2026-09-22T09:00:00Z');
    expect(await remindersOf(on)).toHaveLength(4);
    // Paid on the day, or no day given: never reminded.
    expect([await remindedOn(paid.id), await remindedOn(open.id)]).toEqual([null, null]);
  });

  it('reminds again on a new due day, in the farm’s own time zone, for what is still owed', async () => {
    const on = await seedFarmTeam(t);
    await t.db.update(farms).set({ timezone: 'Asia/Tokyo' }).where(eq(farms.id, on.farm.id));
    const credit = await sale(on, {
      buyer_name: null,
      paid_kobo: 45_000,
      amount_kobo: 125_050,
      due_date: '2026-10-01',
    });
    // 08:30 on 1 October in Tokyo is still 30 September in UTC.
    await at('2026-09-30T23:30:00Z');
    expect(await remindersOf(on)).toEqual([
      [
        'manager',
        'Payment due today: A buyer owes ₦800.50',
        'For Maize grain on Green Acres, due on 01/10/2026. Call them, or record the payment when it comes.',
      ],
      [
        'owner',
        'Payment due today: A buyer owes ₦800.50',
        'For Maize grain on Green Acres, due on 01/10/2026. Call them, or record the payment when it comes.',
      ],
    ]);

    // The buyer asked for three more days.
    const moved = await t.request<SaleWithPayments>('PATCH', `${on.base}/sales/${credit.id}`, {
      cookie: on.cookies.owner,
      body: { due_date: '2026-10-04', version: credit.version },
    });
    expect(moved.status).toBe(200);
    await at('2026-10-02T23:30:00Z');
    expect(await remindersOf(on)).toHaveLength(2);
    await at('2026-10-03T23:30:00Z');
    expect((await remindersOf(on)).slice(2).map(([who, title]) => [who, title])).toEqual([
      ['manager', 'Payment due today: A buyer owes ₦800.50'],
      ['owner', 'Payment due today: A buyer owes ₦800.50'],
    ]);
    expect(await remindedOn(credit.id)).toBe('2026-10-04');
  });

  it('sends one reminder a day when two runs go at once', async () => {
    const on = await seedFarmTeam(t);
    await sale(on, { buyer_name: 'Alhaji Musa', paid_kobo: 0, due_date: '2026-11-02' });
    await Promise.all([at('2026-11-02T10:00:00Z'), at('2026-11-02T10:00:00Z')]);
    expect((await remindersOf(on)).map(([who]) => who)).toEqual(['manager', 'owner']);
  });
});
