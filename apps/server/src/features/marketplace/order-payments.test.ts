import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminOrderPage,
  AdminPayment,
  AdminPaymentPage,
  Order,
  OrderPayment,
} from '@gona/shared/marketplace';
import {
  audit_logs,
  ledger_entries,
  listings,
  notifications,
  order_payments,
  orders,
} from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  expectLedgerBalanced,
  orderLedger,
  paystackTestApp,
  seedAdmin,
  seedListing,
  type PaystackTestApp,
  type Refusal,
  type SeededListing,
} from './orders.test-setup';
import { reconcilePayments } from './reconciliation.service';

/**
 * Money a buyer pays is never kept without paying for something (docs/decisions/054): one open
 * checkout per order, every reference kept, a second or mismatched payment refunded from suspense,
 * refunds that cannot be made shown to staff, and the daily reconciliation with Paystack.
 */

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
let admin: SeededUser;
const farmIds: string[] = [];
const TOTAL = 5_000_000;

beforeAll(async () => {
  // The gateway's account and the reconciliation are compared over the whole ledger: a database of its own.
  app = await paystackTestApp({ ownDatabase: true });
  ({ t, fake } = app);
  team = await seedFarmTeam(t);
  farmIds.push(team.farm.id);
  buyer = await seedUser(t, { first_name: 'Bisi' });
  admin = await seedAdmin(t);
});

afterAll(() => app.close());

/** 2 bags at ₦25,000: ₦50,000, picked up. */
async function placeOrder(listing?: SeededListing): Promise<Order> {
  const res = await t.request<Order>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: {
      id: newId(),
      listing_id: (listing ?? (await seedListing(t, team.farm.id))).id,
      quantity: 2,
      delivery: 'pickup',
      buyer_phone: '0805 555 1234',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

function pay(orderId: string) {
  return t.request<OrderPayment & Refusal>('POST', `/api/marketplace/orders/${orderId}/pay`, {
    cookie: buyer.cookie,
  });
}

async function mine(orderId: string): Promise<Order> {
  const res = await t.request<Order>('GET', `/api/marketplace/orders/${orderId}`, { cookie: buyer.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** The ledger's gateway account is what the Paystack stand-in holds: nothing taken is left out. */
async function expectGatewayMatchesLedger() {
  await fake.settled();
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledger_entries.amount_kobo}), 0)` })
    .from(ledger_entries)
    .where(eq(ledger_entries.account, 'gateway'));
  const held = fake.transactions.reduce((sum, tr) => sum + (tr.paidAmount ?? 0) - tr.refunded, 0);
  expect(Number(row!.sum)).toBe(held);
  const [suspense] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${ledger_entries.amount_kobo}), 0)` })
    .from(ledger_entries)
    .where(eq(ledger_entries.account, 'suspense'));
  return -Number(suspense!.sum) + 0;
}

async function staffTold(reference: string): Promise<string[]> {
  const rows = await t.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.user_id, admin.user.id), eq(notifications.kind, 'payment_check')));
  return rows
    .filter((r) => r.body.includes(reference))
    .map((r) => r.title)
    .sort();
}

async function adminFlag(reference: string): Promise<string | null> {
  const res = await t.request<AdminOrderPage>('GET', `/api/admin/orders?q=${encodeURIComponent(reference)}`, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  expect(res.body.items).toHaveLength(1);
  return res.body.items[0]!.flag;
}

/** A first checkout whose payment failed (a declined card, a transfer not yet confirmed), and the second Pay opens. */
async function twoCheckouts(order: Order): Promise<[string, string]> {
  const first = await pay(order.id);
  expect(first.status).toBe(200);
  fake.decline(first.body.reference);
  const second = await pay(order.id);
  expect(second.status, second.text).toBe(200);
  expect(second.body.reference).not.toBe(first.body.reference);
  return [first.body.reference, second.body.reference];
}

describe('one open checkout per order', () => {
  it('answers the same checkout to a second tab and to Pay tapped twice at once: one payment can be made', async () => {
    const order = await placeOrder();
    const [a, b] = await Promise.all([pay(order.id), pay(order.id)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of [a, b])
      if (r.status !== 200)
        expect([r.status, r.body.error.message]).toEqual([
          409,
          'The payment is being started. Try again in a moment.',
        ]);
    const again = await pay(order.id);
    expect(again.status).toBe(200);
    for (const r of ok) expect(r.body).toEqual(again.body);
    expect(fake.transactions.filter((tr) => tr.reference.startsWith(`gona-${order.id}`))).toHaveLength(1);
    const rows = await t.db.select().from(order_payments).where(eq(order_payments.order_id, order.id));
    expect(rows.map((r) => [r.reference, r.status])).toEqual([[`gona-${order.id}`, 'open']]);
  });

  it('opens a new checkout when the gateway did not answer the first time, keeping the unanswered reference', async () => {
    const order = await placeOrder();
    fake.failNext(503);
    const first = await pay(order.id);
    expect([first.status, first.body.error.message]).toEqual([
      503,
      'The payment service did not answer. Try again in a moment.',
    ]);
    const second = await pay(order.id);
    expect(second.status).toBe(200);
    expect(second.body.reference).toBe(`gona-${order.id}.2`);
    const rows = await t.db
      .select({ reference: order_payments.reference, status: order_payments.status })
      .from(order_payments)
      .where(eq(order_payments.order_id, order.id))
      .orderBy(order_payments.created_at, order_payments.reference);
    expect(rows).toEqual([
      { reference: `gona-${order.id}`, status: 'closed' },
      { reference: `gona-${order.id}.2`, status: 'open' },
    ]);
    await fake.pay(second.body.reference);
    expect((await mine(order.id)).status).toBe('paid');
  });
});

describe('two checkouts of one order, both paid', () => {
  it('the second paid first, then a late transfer on the first: paid once, the late one refunded and shown to the buyer', async () => {
    const order = await placeOrder();
    const [first, second] = await twoCheckouts(order);
    await fake.pay(second);
    expect((await mine(order.id)).status).toBe('paid');
    // The bank transfer on the first checkout is confirmed late.
    await fake.pay(first);
    await fake.settled();

    const after = await mine(order.id);
    expect([after.status, after.version, after.reference]).toEqual(['paid', 2, second]);
    expect(after.refund).toBeNull();
    expect(after.extra_payments).toEqual([
      {
        amount_kobo: TOTAL,
        reason: 'second',
        refund_status: 'processed',
        paid_at: expect.any(String) as unknown,
        refunded_at: expect.any(String) as unknown,
      },
    ]);
    expect(fake.refunds.filter((r) => r.reference === first)).toMatchObject([{ amount: TOTAL }]);
    expect(fake.refunds.filter((r) => r.reference === second)).toEqual([]);
    expect(await orderLedger(t, order.id)).toEqual({
      gateway: TOTAL,
      held: -TOTAL,
      suspense: 0,
      refunds_payable: 0,
    });
    expect(await adminFlag(first)).toMatch(/^A second payment of an order already paid/);
    expect(await staffTold(first)).toEqual(['A payment of ₦50,000 paid for nothing']);
    // The seller sees one paid order and nothing of the buyer's second payment.
    const seller = await t.request<Order>('GET', `${team.base}/orders/${order.id}`, {
      cookie: team.cookies.owner,
    });
    expect([seller.body.status, seller.body.extra_payments]).toEqual(['paid', []]);
    await expectLedgerBalanced(t, farmIds);
    expect(await expectGatewayMatchesLedger()).toBe(0);
  });

  it('the first paid late before the second: the first pays the order, its later refunds go to it, the second is refunded', async () => {
    const order = await placeOrder();
    const [first, second] = await twoCheckouts(order);
    await fake.pay(first);
    expect((await mine(order.id)).status).toBe('paid');
    expect((await orderRow(order.id)).reference).toBe(first);
    await fake.pay(second);
    await fake.settled();
    expect(fake.refunds.filter((r) => r.reference === second)).toMatchObject([{ amount: TOTAL }]);
    expect((await mine(order.id)).extra_payments).toHaveLength(1);

    // Cancelled before the seller accepts: the order's own refund goes back on the payment that paid it.
    const cancel = await t.request<Order>('POST', `/api/marketplace/orders/${order.id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect(cancel.status).toBe(200);
    await fake.settled();
    expect(fake.refunds.filter((r) => r.reference === first)).toMatchObject([{ amount: TOTAL }]);
    expect(await orderLedger(t, order.id)).toEqual({
      gateway: 0,
      held: 0,
      suspense: 0,
      refunds_payable: 0,
    });
    await expectLedgerBalanced(t, farmIds);
    expect(await expectGatewayMatchesLedger()).toBe(0);
  });
});

describe('a payment that does not match its order', () => {
  it('short or in another currency: refunded from suspense, the order flagged and unpaid, staff told; Pay opens a new checkout', async () => {
    const order = await placeOrder();
    const first = await pay(order.id);
    await fake.pay(first.body.reference, { currency: 'GHS' });
    await fake.settled();
    let row = await orderRow(order.id);
    expect([row.status, row.flag]).toEqual(['placed', 'Did not match the order: paid in GHS, not NGN']);
    expect(await staffTold(first.body.reference)).toEqual(['A payment of ₦50,000 paid for nothing']);
    expect((await mine(order.id)).extra_payments).toMatchObject([
      { amount_kobo: TOTAL, reason: 'mismatch', refund_status: 'processed' },
    ]);

    const second = await pay(order.id);
    expect(second.status).toBe(200);
    expect(second.body.reference).not.toBe(first.body.reference);
    await fake.pay(second.body.reference, { amountKobo: 100_000 });
    await fake.settled();
    row = await orderRow(order.id);
    expect([row.status, row.flag]).toEqual([
      'placed',
      'Did not match the order: paid ₦1,000.00 where the order is ₦50,000.00',
    ]);
    expect(await adminFlag(order.reference)).toBe(row.flag);

    const third = await pay(order.id);
    await fake.pay(third.body.reference);
    expect((await mine(order.id)).status).toBe('paid');
    expect(await orderLedger(t, order.id)).toEqual({
      gateway: TOTAL,
      held: -TOTAL,
      suspense: 0,
      refunds_payable: 0,
    });
    await expectLedgerBalanced(t, farmIds);
    expect(await expectGatewayMatchesLedger()).toBe(0);
  });
});

describe('refunds that cannot be made, and charges of no order', () => {
  /** `cookie` null: no session. */
  function attention(cookie: string | null = admin.cookie) {
    return t.request<AdminPaymentPage & Refusal>('GET', '/api/admin/payments', {
      cookie: cookie ?? undefined,
    });
  }
  function refundAgain(id: string, cookie: string | null = admin.cookie) {
    return t.request<AdminPayment & Refusal>('POST', `/api/admin/payments/${id}/refund`, {
      cookie: cookie ?? undefined,
    });
  }

  it('a refund Paystack refuses stays in suspense for staff, who refund it again once', async () => {
    const order = await placeOrder();
    const [first, second] = await twoCheckouts(order);
    await fake.pay(second);
    fake.refuseNextRefund();
    await fake.pay(first);
    await fake.settled();
    expect(await expectGatewayMatchesLedger()).toBe(TOTAL);
    expect(await staffTold(first)).toEqual([
      'A payment of ₦50,000 paid for nothing',
      'A refund of ₦50,000 could not be made',
    ]);
    expect((await mine(order.id)).extra_payments).toMatchObject([{ refund_status: 'failed' }]);

    const list = await attention();
    expect(list.status).toBe(200);
    const waiting = list.body.items.find((p) => p.reference === first)!;
    expect(waiting).toMatchObject({
      order_id: order.id,
      status: 'extra',
      charged_kobo: TOTAL,
      refund_status: 'failed',
      needs_attention: true,
    });

    const [a, b] = await Promise.all([refundAgain(waiting.id), refundAgain(waiting.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // Audited once, as Gona's own record: not on the farm's history.
    const audits = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, waiting.id));
    expect(audits.map((r) => [r.user_id, r.farm_id, r.table_name, r.action])).toEqual([
      [admin.user.id, null, 'order_payments', 'update'],
    ]);
    await fake.settled();
    expect(fake.refunds.filter((r) => r.reference === first)).toMatchObject([{ amount: TOTAL }]);
    expect((await attention()).body.items.some((p) => p.reference === first)).toBe(false);
    expect((await mine(order.id)).extra_payments).toMatchObject([{ refund_status: 'processed' }]);
    expect(await expectGatewayMatchesLedger()).toBe(0);
    await expectLedgerBalanced(t, farmIds);
  });

  it('a charge on a reference no order issued is kept in suspense for staff to refund', async () => {
    const started = await fetch(`${fake.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stray@example.com', amount: 250_000, reference: `stray-${newId()}` }),
    });
    const { data } = (await started.json()) as { data: { reference: string } };
    await fake.pay(data.reference);
    expect(await expectGatewayMatchesLedger()).toBe(250_000);
    const waiting = (await attention()).body.items.find((p) => p.reference === data.reference)!;
    expect(waiting).toMatchObject({ order_id: null, charged_kobo: 250_000, refund_status: null });
    expect(await staffTold(data.reference)).toEqual(['A payment of ₦2,500 paid for nothing']);

    expect((await refundAgain(waiting.id)).status).toBe(200);
    await fake.settled();
    expect(await expectGatewayMatchesLedger()).toBe(0);
  });

  it('only Gona staff list and refund payments', async () => {
    expect((await attention(null)).status).toBe(401);
    expect((await attention(buyer.cookie)).status).toBe(403);
    expect((await attention(team.cookies.owner)).status).toBe(403);
    expect((await refundAgain(newId(), null)).status).toBe(401);
    expect((await refundAgain(newId(), buyer.cookie)).status).toBe(403);
    expect((await refundAgain(newId())).status).toBe(404);
    expect((await refundAgain('not-an-id')).status).toBe(400);
  });
});

describe('orders worth less than ₦1', () => {
  it('are refused before any stock is reserved', async () => {
    const listing = await seedListing(t, team.farm.id, {
      unit: 'kg',
      unit_kg: '1',
      price_kobo: 100,
      min_order: '0.001',
      quantity_available: '10',
    });
    const res = await t.request<Refusal>('POST', '/api/marketplace/orders', {
      cookie: buyer.cookie,
      body: {
        id: newId(),
        listing_id: listing.id,
        quantity: 0.004,
        delivery: 'pickup',
        buyer_phone: '0805 555 1234',
      },
    });
    const message = 'An order must come to at least ₦1. Order a larger quantity.';
    expect([res.status, res.body.error.message, res.body.error.fields]).toEqual([
      400,
      message,
      { quantity: message },
    ]);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after!.quantity_available).toBe('10.000');
  });

  it('one placed before the rule is refused at Pay with what to do, not "try again"', async () => {
    const listing = await seedListing(t, team.farm.id, { unit: 'kg', unit_kg: '1', price_kobo: 100 });
    const id = newId();
    await t.db.insert(orders).values({
      id,
      listing_id: listing.id,
      farm_id: listing.farm_id,
      buyer_id: buyer.user.id,
      title: listing.title,
      seller_name: 'Green Acres',
      quantity: '0.004',
      unit: 'kg',
      unit_price_kobo: 100,
      subtotal_kobo: 0,
      delivery: 'pickup',
      total_kobo: 0,
      commission_kobo: 0,
      buyer_phone: '+2348031234567',
      reference: `gona-${id}`,
      expires_at: new Date(Date.now() + 30 * 60_000),
    });
    const res = await pay(id);
    expect([res.status, res.body.error.message]).toEqual([
      409,
      'This order comes to less than ₦1 and cannot be paid. Cancel it and order a larger quantity.',
    ]);
    expect(fake.transactions.some((tr) => tr.reference.startsWith(`gona-${id}`))).toBe(false);
  });
});

describe('the daily reconciliation with Paystack', () => {
  it('records a charge whose webhook was lost, and tells staff of it and of money the ledger has that Paystack does not', async () => {
    const order = await placeOrder();
    const checkout = await pay(order.id);
    fake.setWebhookUrl(null);
    try {
      await fake.pay(checkout.body.reference);
    } finally {
      fake.setWebhookUrl(app.webhookUrl);
    }
    expect((await orderRow(order.id)).status).toBe('placed');
    const planted = `gona-planted-${newId()}`;
    await t.db
      .insert(ledger_entries)
      .values([
        { txn_id: newId(), account: 'gateway', amount_kobo: 12_345, kind: 'payment', reference: planted },
      ]);
    await t.db
      .insert(ledger_entries)
      .values([
        { txn_id: newId(), account: 'suspense', amount_kobo: -12_345, kind: 'payment', reference: planted },
      ]);

    // An hour on: the charges are past the settling time.
    const result = await reconcilePayments(t.deps, new Date(Date.now() + 3_600_000));
    expect(result!.differences).toEqual([
      {
        reference: checkout.body.reference,
        kind: 'missing',
        gateway_kobo: TOTAL,
        ledger_kobo: 0,
        recorded: true,
      },
      {
        reference: planted,
        kind: 'not_at_gateway',
        gateway_kobo: null,
        ledger_kobo: 12_345,
        recorded: false,
      },
    ]);
    expect((await mine(order.id)).status).toBe('paid');
    const told = await t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.user_id, admin.user.id), eq(notifications.kind, 'payment_check')));
    expect(told.map((n) => n.title)).toContain('Payments check: 2 differences with Paystack');
    expect(told.map((n) => n.body)).toContain(
      `Up to ${dateIn('Africa/Lagos', result!.to).split('-').reverse().join('/')}, 2 of Paystack's charges and the ledger did not agree. 1 missing charge was recorded now. References: ${checkout.body.reference}, ${planted}.`,
    );

    // The next run finds only the planted line.
    const again = await reconcilePayments(t.deps, new Date(Date.now() + 3_600_000));
    expect(again!.differences.map((d) => d.reference)).toEqual([planted]);
    expect(again!.charges).toBe(fake.transactions.filter((tr) => tr.status === 'success').length);
  });
});
