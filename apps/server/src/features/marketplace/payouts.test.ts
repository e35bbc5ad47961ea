import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYOUT_MAX_TRIES,
  type Bank,
  type Order,
  type Payout,
  type PayoutAccount,
} from '@gona/shared/marketplace';
import type { Page } from '@gona/shared/pagination';
import {
  audit_logs,
  ledger_entries,
  notification_deliveries,
  notifications,
  payout_accounts,
  sale_payments,
  sales,
} from '../../db/schema/index';
import { FAKE_UNKNOWN_ACCOUNT, type FakePaystack } from '../../integrations/fake-paystack';
import { signPaystackBody } from '../../integrations/payments';
import { TEST_PASSWORD, type TestContext } from '../../test/context';
import { seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { completeOrders } from './order-sweeps.service';
import {
  completedOrder,
  deliveredOrder,
  expectLedgerBalanced,
  orderLedger,
  payoutOf,
  paystackTestApp,
  seedTeamWithPassword,
  sweepPayouts,
  type PaystackTestApp,
  type Refusal,
} from './orders.test-setup';
import { sendPayouts } from './payouts.service';

const HOUR_MS = 3_600_000;
const ACCOUNT = { bank_code: '057', account_number: '0123456789' };

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
const farmIds: string[] = [];

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedTeamWithPassword(t, farmIds);
  buyer = await seedUser(t, { first_name: 'Bisi' });
});

afterAll(() => app.close());

function save(on: FarmTeam, body: Record<string, unknown>, cookie = on.cookies.owner) {
  return t.request<PayoutAccount & Refusal>('PUT', `${on.base}/payout-account`, { cookie, body });
}

function now(): Date {
  return new Date(t.deps.now());
}

function naira(kobo: number): string {
  const whole = String(Math.floor(kobo / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}${kobo % 100 ? `.${String(kobo % 100).padStart(2, '0')}` : ''}`;
}

describe('banks', () => {
  it('answers 503 in our words when Paystack is down, then its banks by name, kept a day', async () => {
    fake.failNext(503);
    const down = await t.request<Refusal>('GET', '/api/marketplace/banks', { cookie: buyer.cookie });
    expect([down.status, down.body.error.message]).toEqual([
      503,
      'Banks could not be loaded. Try again in a moment.',
    ]);
    const res = await t.request<Bank[]>('GET', '/api/marketplace/banks', { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ code: '057', name: 'Zenith Bank' });
    const names = res.body.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    // Kept: Paystack down now does not matter.
    fake.failNext(503);
    const cached = await t.request<Bank[]>('GET', '/api/marketplace/banks', { cookie: team.cookies.worker });
    expect([cached.status, cached.body.length]).toEqual([200, res.body.length]);
    // The app did not ask: the failure still waits for the next request to Paystack.
    expect((await fetch(`${fake.url}/bank`)).status).toBe(503);
    expect((await t.request('GET', '/api/marketplace/banks')).status).toBe(401);
  });
});

describe('resolving an account', () => {
  it('answers the name on the account for the owner', async () => {
    const res = await t.request('POST', `${team.base}/payout-account/resolve`, {
      cookie: team.cookies.owner,
      body: { bank_code: '057', account_number: '0123 456 789' },
    });
    expect([res.status, res.body]).toEqual([
      200,
      {
        bank_code: '057',
        bank_name: 'Zenith Bank',
        account_number: '0123456789',
        account_name: 'FAKE ACCOUNT 6789',
      },
    ]);
  });

  it('says beside the number when the bank does not know it; refuses others and bad input', async () => {
    const url = `${team.base}/payout-account/resolve`;
    const unknown = await t.request<Refusal>('POST', url, {
      cookie: team.cookies.owner,
      body: { bank_code: '057', account_number: FAKE_UNKNOWN_ACCOUNT },
    });
    expect([unknown.status, unknown.body.error.code, unknown.body.error.fields]).toEqual([
      400,
      'VALIDATION',
      { account_number: 'The bank does not know this account number. Check it and the bank.' },
    ]);
    const badBank = await t.request<Refusal>('POST', url, {
      cookie: team.cookies.owner,
      body: { bank_code: '999', account_number: '0123456789' },
    });
    expect([badBank.status, badBank.body.error.fields]).toEqual([
      400,
      { bank_code: 'Choose the bank from the list' },
    ]);
    const malformed = await t.request<Refusal>('POST', url, {
      cookie: team.cookies.owner,
      body: { bank_code: '057', account_number: '12345' },
    });
    expect([malformed.status, malformed.body.error.fields]).toEqual([
      400,
      { account_number: 'Enter the 10-digit account number' },
    ]);
    expect((await t.request('POST', url, { cookie: team.cookies.manager, body: ACCOUNT })).status).toBe(403);
    expect((await t.request('POST', url, { cookie: team.cookies.stranger, body: ACCOUNT })).status).toBe(404);
    expect((await t.request('POST', url, { body: ACCOUNT })).status).toBe(401);
  });
});

describe('saving the payout account', () => {
  it('refuses a wrong password, other roles, another farm, no session and a malformed body', async () => {
    const wrong = await save(team, { ...ACCOUNT, password: 'not my password' });
    expect([wrong.status, wrong.body.error.code, wrong.body.error.fields]).toEqual([
      400,
      'VALIDATION',
      { password: 'That password is not right' },
    ]);
    for (const role of ['manager', 'worker', 'viewer'] as const) {
      const res = await save(team, { ...ACCOUNT, password: TEST_PASSWORD }, team.cookies[role]);
      expect(res.status, role).toBe(403);
    }
    expect((await save(team, { ...ACCOUNT, password: TEST_PASSWORD }, team.cookies.stranger)).status).toBe(
      404,
    );
    expect((await t.request('PUT', `${team.base}/payout-account`, { body: ACCOUNT })).status).toBe(401);
    const malformed = await save(team, { bank_code: '', account_number: 'abc', extra: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION');
    const unknown = await save(team, {
      ...ACCOUNT,
      account_number: FAKE_UNKNOWN_ACCOUNT,
      password: TEST_PASSWORD,
    });
    expect([unknown.status, unknown.body.error.fields]).toEqual([
      400,
      { account_number: 'The bank does not know this account number. Check it and the bank.' },
    ]);
    const none = await t.request('GET', `${team.base}/payout-account`, { cookie: team.cookies.owner });
    expect([none.status, none.body]).toEqual([200, null]);
  });

  it('saves the first account without a hold, shows only its last 4 digits, and audits it', async () => {
    const before = fake.recipients.length;
    const res = await save(team, { ...ACCOUNT, password: TEST_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      bank_code: '057',
      bank_name: 'Zenith Bank',
      account_last4: '6789',
      account_name: 'FAKE ACCOUNT 6789',
      hold_until: null,
    });
    expect(res.text).not.toContain('0123456789');
    expect(fake.recipients.slice(before)).toMatchObject([{ accountNumber: '0123456789', bankCode: '057' }]);
    const read = await t.request<PayoutAccount>('GET', `${team.base}/payout-account`, {
      cookie: team.cookies.manager,
    });
    expect(read.body).toEqual(res.body);
    expect(
      (await t.request('GET', `${team.base}/payout-account`, { cookie: team.cookies.worker })).status,
    ).toBe(403);
    const changed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.farm_id, team.farm.id), eq(notifications.kind, 'payout')));
    expect(changed).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(audit_logs)
      .where(and(eq(audit_logs.farm_id, team.farm.id), eq(audit_logs.table_name, 'payout_accounts')));
    expect(audit).toMatchObject({ action: 'insert' });
    expect(JSON.stringify(audit)).not.toContain('0123456789');
  });
});

describe('payouts', () => {
  it('pays a completed order: pending, sent with its reference, paid on transfer.success, once', async () => {
    const order = await completedOrder(app, { on: team, buyer, quantity: 4 });
    const pending = await payoutOf(t, order.id);
    expect(pending).toMatchObject({ status: 'pending', amount_kobo: order.seller_amount_kobo, tries: 0 });
    expect(order.payout).toEqual({ status: 'pending', paid_at: null, failure: null });

    expect(await sweepPayouts(app)).toBe(1);
    const reference = `${order.reference}-payout-1`;
    const transfers = fake.transfers.filter((tr) => tr.reference === reference);
    expect(transfers).toMatchObject([
      { amount: order.seller_amount_kobo, reason: `Gona order ${order.listing_title}` },
    ]);
    const paid = await payoutOf(t, order.id);
    expect(paid).toMatchObject({
      status: 'paid',
      tries: 1,
      reference,
      bank_name: 'Zenith Bank',
      account_last4: '6789',
    });
    expect(paid.paid_at).not.toBeNull();
    const seller = await t.request<Order>('GET', `${team.base}/orders/${order.id}`, {
      cookie: team.cookies.viewer,
    });
    expect(seller.body.payout).toMatchObject({ status: 'paid', failure: null });
    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${order.id}`, {
      cookie: buyer.cookie,
    });
    expect(mine.body.payout).toBeNull();
    expect(await orderLedger(t, order.id)).toMatchObject({ seller_payable: 0, held: 0 });
    await expectLedgerBalanced(t, farmIds);

    // The same webhook again, and the sweep again: nothing changes.
    const again = await fake.resendLast();
    expect(JSON.parse(again.body)).toMatchObject({ event: 'transfer.success', data: { reference } });
    expect(again.delivered).toBe(true);
    expect(await sweepPayouts(app)).toBe(0);
    const payoutLines = await t.db
      .select()
      .from(ledger_entries)
      .where(and(eq(ledger_entries.order_id, order.id), eq(ledger_entries.kind, 'payout')));
    expect(payoutLines).toHaveLength(2);
    expect(fake.transfers.filter((tr) => tr.reference.startsWith(order.reference))).toHaveLength(1);
    await expectLedgerBalanced(t, farmIds);

    // The farm's money records have the sale, once, paid by bank transfer.
    const sold = await t.db
      .select()
      .from(sales)
      .where(and(eq(sales.farm_id, team.farm.id), eq(sales.product, `Marketplace: ${order.listing_title}`)));
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({
      amount_kobo: order.seller_amount_kobo,
      paid_kobo: order.seller_amount_kobo,
      source: 'marketplace',
      quantity: '4.000',
      unit: order.unit,
    });
    expect(sold[0]!.notes).toContain('commission');
    const salePayments = await t.db
      .select()
      .from(sale_payments)
      .where(eq(sale_payments.sale_id, sold[0]!.id));
    expect(salePayments).toMatchObject([{ amount_kobo: order.seller_amount_kobo, method: 'bank_transfer' }]);

    // The farm is told, once.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'payout'), like(notifications.dedupe_key, `payout:${paid.id}:%`)));
    expect(told.map((n) => n.user_id).sort()).toEqual([team.users.owner.id, team.users.manager.id].sort());
    expect(told[0]!.body).toBe(
      `${naira(order.seller_amount_kobo!)} for ${order.listing_title} was paid to Zenith Bank ••••6789.`,
    );

    const list = await t.request<Page<Payout>>('GET', `${team.base}/payouts?limit=50`, {
      cookie: team.cookies.manager,
    });
    expect(list.status).toBe(200);
    expect(list.body.items.find((p) => p.order_id === order.id)).toMatchObject({
      order_title: order.listing_title,
      amount_kobo: order.seller_amount_kobo,
      status: 'paid',
      tries: 1,
    });
  });

  it('pays at once when the buyer says all is well before the window ends, and only then', async () => {
    const id = await deliveredOrder(app, { on: team, buyer, quantity: 3 });
    const url = `/api/marketplace/orders/${id}/complete`;
    const mine = await t.request<Order>('GET', `/api/marketplace/orders/${id}`, { cookie: buyer.cookie });
    expect(mine.body.status).toBe('delivered');
    // Who may: no session 401, another buyer 404, the farm's own people 404 (not their order), a stale version 409.
    const other = await seedUser(t);
    expect((await t.request('POST', url, { body: { version: mine.body.version } })).status).toBe(401);
    expect(
      (await t.request('POST', url, { cookie: other.cookie, body: { version: mine.body.version } })).status,
    ).toBe(404);
    expect(
      (await t.request('POST', url, { cookie: team.cookies.owner, body: { version: mine.body.version } }))
        .status,
    ).toBe(404);
    expect((await t.request('POST', url, { cookie: buyer.cookie, body: { version: 'x' } })).status).toBe(400);
    expect(
      (await t.request('POST', url, { cookie: buyer.cookie, body: { version: mine.body.version - 1 } }))
        .status,
    ).toBe(409);

    const done = await t.request<Order>('POST', url, {
      cookie: buyer.cookie,
      body: { version: mine.body.version },
    });
    expect([done.status, done.body.status], done.text).toEqual([200, 'completed']);
    await fake.settled();
    const payout = await payoutOf(t, id);
    expect(payout).toMatchObject({ status: 'paid', tries: 1, amount_kobo: done.body.seller_amount_kobo });
    expect(fake.transfers.filter((tr) => tr.reference === payout.reference)).toHaveLength(1);
    // Once: again is 409, and the sweep completes nothing more and sends nothing more.
    const again = await t.request<Refusal>('POST', url, {
      cookie: buyer.cookie,
      body: { version: done.body.version },
    });
    expect([again.status, again.body.error.message]).toEqual([409, 'This order is complete']);
    expect(await completeOrders(t.deps, new Date(now().getTime() + 100 * HOUR_MS))).toBe(0);
    expect(await sweepPayouts(app)).toBe(0);
    expect((await orderLedger(t, id)).seller_payable).toBe(0);
    await expectLedgerBalanced(t, farmIds);
  });

  it('sends a payout once when two sweeps run at the same time', async () => {
    const order = await completedOrder(app, { on: team, buyer });
    const counts = await Promise.all([sendPayouts(t.deps, now()), sendPayouts(t.deps, now())]);
    await fake.settled();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(fake.transfers.filter((tr) => tr.reference.startsWith(order.reference))).toHaveLength(1);
    expect((await payoutOf(t, order.id)).status).toBe('paid');
    await expectLedgerBalanced(t, farmIds);
  });

  it('tries a failed transfer again with a new reference, and gives up after 3 tries, telling the owners', async () => {
    const order = await completedOrder(app, { on: team, buyer });
    fake.failNextTransfer('failed', 'failed', 'failed');
    for (let n = 1; n <= PAYOUT_MAX_TRIES; n++) {
      expect(await sweepPayouts(app)).toBe(1);
      const row = await payoutOf(t, order.id);
      expect(row).toMatchObject({
        tries: n,
        reference: `${order.reference}-payout-${n}`,
        status: n < PAYOUT_MAX_TRIES ? 'pending' : 'failed',
      });
      expect(row.failure).toContain('The bank did not accept the transfer.');
    }
    expect(await sweepPayouts(app)).toBe(0);
    expect(
      fake.transfers.filter((tr) => tr.reference.startsWith(order.reference)).map((tr) => tr.status),
    ).toEqual(['failed', 'failed', 'failed']);
    const seller = await t.request<Order>('GET', `${team.base}/orders/${order.id}`, {
      cookie: team.cookies.owner,
    });
    expect(seller.body.payout).toMatchObject({ status: 'failed' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupe_key, `payout:${(await payoutOf(t, order.id)).id}:failed`));
    expect(told.map((n) => n.user_id)).toEqual([team.users.owner.id]);
    // Still owed to the farm.
    expect((await orderLedger(t, order.id)).seller_payable).toBe(-order.seller_amount_kobo!);
    await expectLedgerBalanced(t, farmIds);
  });

  it('sends a reversed transfer again, and pays it', async () => {
    const order = await completedOrder(app, { on: team, buyer });
    fake.failNextTransfer('reversed');
    await sweepPayouts(app);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'pending', tries: 1 });
    expect((await payoutOf(t, order.id)).failure).toContain('The bank sent the transfer back.');
    await sweepPayouts(app);
    expect(await payoutOf(t, order.id)).toMatchObject({
      status: 'paid',
      tries: 2,
      reference: `${order.reference}-payout-2`,
      failure: null,
    });
    await expectLedgerBalanced(t, farmIds);
  });

  it('counts a refusal by Paystack as a try, and keeps the same try when Paystack does not answer', async () => {
    const order = await completedOrder(app, { on: team, buyer });
    fake.failNext(503);
    expect(await sweepPayouts(app)).toBe(0);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'pending', tries: 0 });
    fake.failNext(400);
    expect(await sweepPayouts(app)).toBe(0);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'pending', tries: 1 });
    expect((await payoutOf(t, order.id)).failure).toContain('Paystack refused the transfer.');
    expect(await sweepPayouts(app)).toBe(1);
    expect(await payoutOf(t, order.id)).toMatchObject({
      status: 'paid',
      tries: 2,
      reference: `${order.reference}-payout-2`,
    });
    await expectLedgerBalanced(t, farmIds);
  });

  it('takes a try Paystack already has (its answer lost) as sent, and pays it on its webhook', async () => {
    const order = await completedOrder(app, { on: team, buyer });
    const reference = `${order.reference}-payout-1`;
    const [account] = await t.db
      .select()
      .from(payout_accounts)
      .where(eq(payout_accounts.farm_id, team.farm.id));
    // The transfer reached Paystack but its answer and webhook were lost.
    fake.setWebhookUrl(null);
    try {
      await t.deps.payments!.transfer({
        amountKobo: order.seller_amount_kobo!,
        recipientCode: account!.recipient_code,
        reference,
        reason: 'lost answer',
      });
    } finally {
      fake.setWebhookUrl(app.webhookUrl);
    }
    expect(await sweepPayouts(app)).toBe(0);
    expect(fake.transfers.filter((tr) => tr.reference.startsWith(order.reference))).toHaveLength(1);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'sent', tries: 1, reference });
    expect(await sweepPayouts(app)).toBe(0);
    const transfer = fake.transfers.find((tr) => tr.reference === reference)!;
    const body = JSON.stringify({
      event: 'transfer.success',
      data: {
        id: transfer.id,
        reference,
        amount: transfer.amount,
        status: 'success',
        transfer_code: transfer.transferCode,
      },
    });
    const res = await t.request('POST', '/api/webhooks/paystack', {
      raw: body,
      origin: null,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(fake.secretKey, body),
      },
    });
    expect([res.status, res.body]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(await payoutOf(t, order.id)).toMatchObject({
      status: 'paid',
      transfer_code: transfer.transferCode,
    });
    await expectLedgerBalanced(t, farmIds);
  });

  it('lists the farm’s payouts in pages, newest first', async () => {
    const first = await t.request<Page<Payout>>('GET', `${team.base}/payouts?limit=2`, {
      cookie: team.cookies.owner,
    });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next_cursor).not.toBeNull();
    const next = await t.request<Page<Payout>>(
      'GET',
      `${team.base}/payouts?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`,
      { cookie: team.cookies.owner },
    );
    const all = [...first.body.items, ...next.body.items];
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const times = all.map((p) => p.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const bad = await t.request<Refusal>('GET', `${team.base}/payouts?cursor=nonsense`, {
      cookie: team.cookies.owner,
    });
    expect(bad.status).toBe(400);
  });

  it('keeps a payout pending while the farm has no account', async () => {
    const other = await seedTeamWithPassword(t, farmIds);
    const order = await completedOrder(app, { on: other, buyer });
    await sweepPayouts(app);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'pending', tries: 0, reference: null });
    expect(fake.transfers.filter((tr) => tr.reference.startsWith(order.reference))).toEqual([]);
    await expectLedgerBalanced(t, [other.farm.id]);
  });

  it('holds payouts 24 hours after the account is changed, and tells the owners', async () => {
    const other = await seedTeamWithPassword(t, farmIds);
    expect((await save(other, { ...ACCOUNT, password: TEST_PASSWORD })).body.hold_until).toBeNull();
    const changed = await save(other, {
      bank_code: '058',
      account_number: '9876543210',
      password: TEST_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ bank_name: 'Guaranty Trust Bank', account_last4: '3210' });
    expect(changed.body.hold_until).toBe(new Date(t.deps.now() + 24 * HOUR_MS).toISOString());

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.farm_id, other.farm.id), eq(notifications.kind, 'payout')));
    expect(told.map((n) => n.user_id)).toEqual([other.users.owner.id]);
    expect(told[0]!.body).toBe(
      'The payout account of Green Acres was changed to Guaranty Trust Bank ••••3210 (FAKE ACCOUNT 3210). Payouts wait 24 hours. If this was not you, contact Gona support now.',
    );
    const mailed = await t.db
      .select()
      .from(notification_deliveries)
      .where(
        and(
          eq(notification_deliveries.notification_id, told[0]!.id),
          eq(notification_deliveries.channel, 'email'),
        ),
      );
    expect(mailed).toHaveLength(1);

    const order = await completedOrder(app, { on: other, buyer });
    expect(await sweepPayouts(app, new Date(t.deps.now() + 23 * HOUR_MS))).toBe(0);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'pending', tries: 0 });
    expect(await sweepPayouts(app, new Date(t.deps.now() + 24 * HOUR_MS))).toBe(1);
    expect(await payoutOf(t, order.id)).toMatchObject({ status: 'paid', account_last4: '3210' });
    const recipient = fake.recipients.find((r) => r.accountNumber === '9876543210');
    expect(fake.transfers.find((tr) => tr.reference === `${order.reference}-payout-1`)?.recipientCode).toBe(
      recipient?.recipientCode,
    );
    await expectLedgerBalanced(t, [other.farm.id]);
  });
});
