import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPayment } from '@gona/shared/marketplace';

type Refusal = { error: { message: string; fields?: Record<string, string> } };
import { listings, notifications, orders, payment_events, refunds } from '../../db/schema/index';
import { signPaystackBody } from '../../integrations/payments';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { newId } from '../../lib/ids';
import { TEST_BASE_URL, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  expectLedgerBalanced,
  orderLedger,
  seedListing,
  seedPlacedOrder,
  type SeededListing,
  paystackTestApp,
  type PaystackTestApp,
} from './orders.test-setup';
import { cancelUnacceptedOrders, expireOrders } from './order-sweeps.service';

let fake: FakePaystack;
let t: TestContext;
let app: PaystackTestApp;
let team: FarmTeam;
let buyer: SeededUser;
const farmIds: string[] = [];

beforeAll(async () => {
  app = await paystackTestApp();
  ({ t, fake } = app);
  team = await seedFarmTeam(t);
  farmIds.push(team.farm.id);
  buyer = await seedUser(t, { first_name: 'Bisi' });
});

afterAll(() => app.close());

const ORDER = { delivery: 'pickup', buyer_phone: '0805 555 1234' } as const;

async function place(
  listing: SeededListing,
  cookie: string,
  body: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: Order & { error?: { message: string; fields?: Record<string, string> } };
}> {
  return t.request('POST', '/api/marketplace/orders', {
    cookie,
    body: { id: newId(), listing_id: listing.id, quantity: 5, ...ORDER, ...body },
  });
}

async function listingNow(id: string) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Places an order of `quantity` and pays it on the fake checkout; answers the paid order's id. */
async function paidOrder(listing: SeededListing, quantity = 2): Promise<string> {
  const placed = await place(listing, buyer.cookie, { quantity });
  expect(placed.status).toBe(201);
  const pay = await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
    cookie: buyer.cookie,
  });
  expect(pay.status).toBe(200);
  await fake.pay(placed.body.reference);
  expect((await orderRow(placed.body.id)).status).toBe('paid');
  return placed.body.id;
}

describe('placing an order', () => {
  it('reserves the quantity, copies the prices and the delivery fee, and works out the commission on the subtotal', async () => {
    const listing = await seedListing(t, team.farm.id);
    const res = await place(listing, buyer.cookie, {
      quantity: 5,
      delivery: 'seller_delivers',
      delivery_address: '12 Aba Road, Port Harcourt',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'placed',
      quantity: '5',
      unit: 'bag_100kg',
      unit_price_kobo: 2_500_000,
      subtotal_kobo: 12_500_000,
      delivery: 'seller_delivers',
      delivery_fee_kobo: 500_000,
      total_kobo: 13_000_000,
      buyer_phone: '+2348055551234',
      seller_phone: null,
      listing_title: 'White maize',
      farm_name: 'Green Acres',
    });
    expect(new Date(res.body.expires_at).getTime() - t.deps.now()).toBe(30 * 60_000);
    const row = await orderRow(res.body.id);
    // 5 % of ₦125,000 on Free; never of the delivery fee.
    expect(row.commission_kobo).toBe(625_000);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(15);
    await expectLedgerBalanced(t, farmIds);
  });

  it('answers the same order for the same id (a second tap), taking the quantity once', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = newId();
    const first = await place(listing, buyer.cookie, { id, quantity: 4 });
    const second = await place(listing, buyer.cookie, { id, quantity: 4 });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(16);
    const other = await seedUser(t, { first_name: 'Chidi' });
    expect((await place(listing, other.cookie, { id, quantity: 4 })).status).toBe(409);
  });

  it('refuses beside the field: below the minimum, more than is left, a delivery not offered, a bad phone', async () => {
    const listing = await seedListing(t, team.farm.id, { delivery_seller: false, delivery_fee_kobo: null });
    const small = await place(listing, buyer.cookie, { quantity: 1 });
    expect(small.status).toBe(400);
    expect(small.body.error!.fields).toEqual({ quantity: 'The smallest order is 2 bags (100 kg)' });
    const big = await place(listing, buyer.cookie, { quantity: 21 });
    expect(big.body.error!.fields).toEqual({ quantity: 'Only 20 bags (100 kg) are left' });
    const delivered = await place(listing, buyer.cookie, {
      delivery: 'seller_delivers',
      delivery_address: 'Aba',
    });
    expect(delivered.body.error!.fields).toEqual({ delivery: 'This seller does not deliver' });
    const phone = await place(listing, buyer.cookie, { buyer_phone: '12345' });
    expect(phone.status).toBe(400);
    expect(phone.body.error!.fields!.buyer_phone).toMatch(/Nigerian mobile number/);
    const unknown = await place({ ...listing, id: newId() }, buyer.cookie);
    expect(unknown.body.error!.fields).toEqual({ listing_id: 'This listing does not exist' });
    const malformed = await t.request('POST', '/api/marketplace/orders', {
      cookie: buyer.cookie,
      raw: '{"quantity": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await place(listing, buyer.cookie, { quantity: 'five' })).status).toBe(400);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
  });

  it("refuses an order of one's own farm's listing, and a paused one", async () => {
    const listing = await seedListing(t, team.farm.id);
    const own = await place(listing, team.cookies.worker);
    expect(own.status).toBe(400);
    expect(own.body.error!.fields).toEqual({ listing_id: 'You cannot order from your own farm' });
    const paused = await seedListing(t, team.farm.id, { status: 'paused' });
    const res = await place(paused, buyer.cookie);
    expect([res.status, res.body.error!.message]).toEqual([409, 'This listing is not for sale now']);
  });

  it('never oversells: 20 buyers racing for the last 5 bags, 5 get one each and 15 are told it is sold out', async () => {
    const listing = await seedListing(t, team.farm.id, { quantity_available: '5', min_order: '1' });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => seedUser(t, { first_name: `Buyer${i}` })),
    );
    const results = await Promise.all(buyers.map((b) => place(listing, b.cookie, { quantity: 1 })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const lost of results.filter((r) => r.status === 409))
      expect(lost.body.error!.fields).toEqual({ quantity: 'Sold out: nothing is left to order' });
    const after = await listingNow(listing.id);
    expect([Number(after.quantity_available), after.status]).toEqual([0, 'sold_out']);
    const placed = await t.db.select().from(orders).where(eq(orders.listing_id, listing.id));
    expect(placed.reduce((sum, o) => sum + Number(o.quantity), 0)).toBe(5);
  });

  it('tells a buyer too late what is left', async () => {
    const listing = await seedListing(t, team.farm.id, { quantity_available: '6' });
    expect((await place(listing, buyer.cookie, { quantity: 4 })).status).toBe(201);
    const late = await place(listing, buyer.cookie, { quantity: 4 });
    expect(late.body.error!.fields).toEqual({ quantity: 'Only 2 bags (100 kg) are left' });
  });
});

describe('paying', () => {
  it('starts the payment at the gateway with the total in kobo, our reference, the order id and the return page', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 3 });
    const pay = await t.request<OrderPayment>('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
      cookie: buyer.cookie,
    });
    expect(pay.status).toBe(200);
    expect(pay.body.authorization_url).toMatch(new RegExp(`^${fake.url}/checkout/`));
    const sent = fake.transactions.find((tr) => tr.reference === placed.body.reference)!;
    expect(sent).toMatchObject({
      amount: 7_500_000,
      email: buyer.email,
      metadata: { order_id: placed.body.id },
      callbackUrl: `${TEST_BASE_URL}/dashboard/marketplace/orders/${placed.body.id}/return`,
    });
    // Opening the checkout again (a second tab, back to the order) answers the same checkout: an
    // order has one open payment at a time.
    const again = await t.request<OrderPayment>('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
      cookie: buyer.cookie,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(pay.body);
    expect(
      fake.transactions.filter(
        (tr) => tr.metadata && (tr.metadata as { order_id?: string }).order_id === placed.body.id,
      ),
    ).toHaveLength(1);
  });

  it('marks the order paid on the verified webhook: held by Gona, 48 hours to accept, both sides told, phones shown', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    const before = await t.request<Order>('GET', `${team.base}/orders/${placed.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(before.body.buyer_phone).toBeNull();
    await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
    expect((await getMine(placed.body.id)).status).toBe('placed');
    await fake.pay(placed.body.reference);

    const order = await getMine(placed.body.id);
    expect(order.status).toBe('paid');
    expect(new Date(order.accept_by!).getTime() - new Date(order.paid_at!).getTime()).toBe(48 * 3_600_000);
    expect(order.seller_phone).toBe('0803 123 4567');
    const seller = await t.request<Order>('GET', `${team.base}/orders/${placed.body.id}`, {
      cookie: team.cookies.manager,
    });
    expect(seller.body.buyer_phone).toBe('+2348055551234');
    expect(seller.body.seller_phone).toBeNull();
    expect(await orderLedger(t, placed.body.id)).toEqual({ gateway: 5_000_000, held: -5_000_000 });

    const told = await t.db
      .select({ user_id: notifications.user_id, kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(inArray(notifications.kind, ['order_sold', 'order_update']));
    const mine = told.filter((n) =>
      [team.users.owner.id, team.users.manager.id, team.users.worker.id, buyer.user.id].includes(n.user_id),
    );
    expect(
      mine
        .filter((n) => n.kind === 'order_sold')
        .map((n) => n.user_id)
        .sort(),
    ).toEqual(expect.arrayContaining([team.users.owner.id, team.users.manager.id].sort()));
    expect(mine.some((n) => n.user_id === team.users.worker.id)).toBe(false);
    expect(mine).toContainEqual({
      user_id: buyer.user.id,
      kind: 'order_update',
      title: 'Payment received: 2 bags (100 kg) of White maize',
    });
    await expectLedgerBalanced(t, farmIds);
  });

  it('applies the same webhook sent twice once', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing);
    const again = await fake.resendLast();
    expect(again.attempts.at(-1)).toBe(200);
    const stored = await t.db
      .select()
      .from(payment_events)
      .where(eq(payment_events.reference, (await orderRow(id)).reference));
    expect(stored).toHaveLength(1);
    expect(await orderLedger(t, id)).toEqual({ gateway: 5_000_000, held: -5_000_000 });
    expect((await orderRow(id)).version).toBe(2);
    await expectLedgerBalanced(t, farmIds);
  });

  it.each(['forged', 'altered', 'missing'] as const)(
    'refuses a %s signature with 401 and stores nothing',
    async (signature) => {
      const listing = await seedListing(t, team.farm.id);
      const placed = await place(listing, buyer.cookie, { quantity: 2 });
      await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
      fake.tamper({ signature });
      await fake.pay(placed.body.reference);
      expect(fake.webhooks.at(-1)!.attempts).toEqual([401, 401]);
      expect((await orderRow(placed.body.id)).status).toBe('placed');
      expect(
        await t.db.select().from(payment_events).where(eq(payment_events.reference, placed.body.reference)),
      ).toEqual([]);
      expect(await orderLedger(t, placed.body.id)).toEqual({});
    },
  );

  it('refuses a body signed with another key sent straight to the webhook', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference: 'gona-x' } });
    const res = await t.request('POST', '/api/webhooks/paystack', {
      raw: body,
      origin: null,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody('sk_other', body),
      },
    });
    expect(res.status).toBe(401);
    const signed = await t.request('POST', '/api/webhooks/paystack', {
      raw: '{"event":',
      origin: null,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(fake.secretKey, '{"event":'),
      },
    });
    expect(signed.status).toBe(400);
  });

  it('leaves an order unpaid and flagged when the amount paid is not its total, and refunds what was paid', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
    await fake.pay(placed.body.reference, { amountKobo: 100_000 });
    await fake.settled();
    const row = await orderRow(placed.body.id);
    expect(row.status).toBe('placed');
    expect(row.flag).toBe('Did not match the order: paid ₦1,000.00 where the order is ₦50,000.00');
    // In through suspense and straight back out: nothing is kept.
    expect(await orderLedger(t, placed.body.id)).toEqual({ gateway: 0, suspense: 0, refunds_payable: 0 });
    expect(fake.refunds.at(-1)).toMatchObject({ reference: placed.body.reference, amount: 100_000 });
    // The charge's event (the refund's own event has the same reference).
    const [event] = await t.db
      .select()
      .from(payment_events)
      .where(
        and(eq(payment_events.reference, placed.body.reference), eq(payment_events.event, 'charge.success')),
      );
    expect(event!.outcome).toBe('extra_refunded');
    await expectLedgerBalanced(t, farmIds);
  });

  it('does not start a payment for an order that is not waiting for one', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing);
    const res = await t.request<Refusal>('POST', `/api/marketplace/orders/${id}/pay`, {
      cookie: buyer.cookie,
    });
    expect([res.status, res.body.error.message]).toEqual([
      409,
      'This order is paid and waiting for the seller',
    ]);
  });
});

async function getMine(id: string): Promise<Order> {
  const res = await t.request<Order>('GET', `/api/marketplace/orders/${id}`, { cookie: buyer.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the seller accepts or declines', () => {
  it('accepts a paid order with its version; the money stays held', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing);
    const stale = await t.request('POST', `${team.base}/orders/${id}/accept`, {
      cookie: team.cookies.manager,
      body: { version: 1 },
    });
    expect(stale.status).toBe(409);
    const res = await t.request<Order>('POST', `${team.base}/orders/${id}/accept`, {
      cookie: team.cookies.manager,
      body: { version: 2 },
    });
    expect([res.status, res.body.status, res.body.version]).toEqual([200, 'accepted', 3]);
    const twice = await t.request<Refusal>('POST', `${team.base}/orders/${id}/decline`, {
      cookie: team.cookies.owner,
      body: { version: 3 },
    });
    expect([twice.status, twice.body.error.message]).toEqual([409, 'The seller has accepted this order']);
    expect(await orderLedger(t, id)).toEqual({ gateway: 5_000_000, held: -5_000_000 });
    await expectLedgerBalanced(t, farmIds);
  });

  it('declines: refunded in full through the gateway, the quantity back, and refund.processed settles it', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing, 3);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(17);
    const res = await t.request<Order>('POST', `${team.base}/orders/${id}/decline`, {
      cookie: team.cookies.owner,
      body: { version: 2 },
    });
    expect([res.status, res.body.status]).toEqual([200, 'declined']);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
    const reference = (await orderRow(id)).reference;
    expect(fake.refunds.filter((r) => r.reference === reference).map((r) => r.amount)).toEqual([7_500_000]);
    await fake.settled();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    expect([refund!.status, refund!.amount_kobo]).toEqual(['processed', 7_500_000]);
    expect(await orderLedger(t, id)).toEqual({ gateway: 0, held: 0, refunds_payable: 0 });
    expect((await getMine(id)).refund).toEqual({
      status: 'processed',
      amount_kobo: 7_500_000,
      reason: 'Declined by the seller',
    });
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('refund and payment events', () => {
  it('puts a refund that failed at Paystack back as held and flags the order', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing);
    // Paystack's own refund events are held back, to send a failure instead.
    fake.setWebhookUrl(null);
    try {
      await t.request('POST', `${team.base}/orders/${id}/decline`, {
        cookie: team.cookies.owner,
        body: { version: 2 },
      });
    } finally {
      fake.setWebhookUrl(app.webhookUrl);
    }
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    const body = JSON.stringify({
      event: 'refund.failed',
      data: {
        id: Number(refund!.provider_refund_id),
        status: 'failed',
        transaction_reference: (await orderRow(id)).reference,
        amount: 5_000_000,
        currency: 'NGN',
      },
    });
    const sent = () =>
      t.request('POST', '/api/webhooks/paystack', {
        raw: body,
        origin: null,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(fake.secretKey, body),
        },
      });
    expect((await sent()).status).toBe(200);
    expect((await sent()).body).toEqual({ received: true, duplicate: true });
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    expect(failed!.status).toBe('failed');
    expect((await orderRow(id)).flag).toBe('The refund failed at the payment provider');
    expect(await orderLedger(t, id)).toEqual({ gateway: 5_000_000, held: -5_000_000, refunds_payable: 0 });
    await expectLedgerBalanced(t, farmIds);
  });

  it('applies a payment whose check with Paystack failed the first time when Paystack sends it again', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
    // The verify call answers 503 once: the webhook is answered 500 and Paystack retries it.
    fake.failNext(503);
    await fake.pay(placed.body.reference);
    expect(fake.webhooks.at(-1)!.attempts).toEqual([500, 200]);
    expect((await orderRow(placed.body.id)).status).toBe('paid');
    expect(await orderLedger(t, placed.body.id)).toEqual({ gateway: 5_000_000, held: -5_000_000 });
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('the buyer cancels', () => {
  it('an unpaid order frees its quantity; a paid one is refunded; an accepted one cannot be', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    const cancelled = await t.request<Order>('POST', `/api/marketplace/orders/${placed.body.id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
    expect(await orderLedger(t, placed.body.id)).toEqual({});

    const paid = await paidOrder(listing);
    const refunded = await t.request<Order>('POST', `/api/marketplace/orders/${paid}/cancel`, {
      cookie: buyer.cookie,
    });
    expect(refunded.body.status).toBe('cancelled');
    await fake.settled();
    expect(await orderLedger(t, paid)).toEqual({ gateway: 0, held: 0, refunds_payable: 0 });

    const accepted = await paidOrder(listing);
    await t.request('POST', `${team.base}/orders/${accepted}/accept`, {
      cookie: team.cookies.owner,
      body: { version: 2 },
    });
    const late = await t.request('POST', `/api/marketplace/orders/${accepted}/cancel`, {
      cookie: buyer.cookie,
    });
    expect(late.status).toBe(409);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(18);
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('the sweeps', () => {
  it('expire unpaid orders after 30 minutes and give the quantity back, once', async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 4 });
    const expiresAt = new Date(placed.body.expires_at).getTime();
    // Other tests' orders share the database: each sweep is judged by this order alone.
    await expireOrders(t.deps, new Date(expiresAt - 1));
    expect((await orderRow(placed.body.id)).status).toBe('placed');
    expect(await expireOrders(t.deps, new Date(expiresAt))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.body.id)).status).toBe('expired');
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
    await expireOrders(t.deps, new Date(expiresAt + 60_000));
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
    const pay = await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
      cookie: buyer.cookie,
    });
    expect(pay.status).toBe(409);
  });

  it('take a payment that arrives after expiry when the quantity is still there, and refund it when it is not', async () => {
    const listing = await seedListing(t, team.farm.id, { quantity_available: '4' });
    const first = await place(listing, buyer.cookie, { quantity: 2 });
    await t.request('POST', `/api/marketplace/orders/${first.body.id}/pay`, { cookie: buyer.cookie });
    const second = await place(listing, buyer.cookie, { quantity: 2 });
    await t.request('POST', `/api/marketplace/orders/${second.body.id}/pay`, { cookie: buyer.cookie });
    await expireOrders(t.deps, new Date(new Date(second.body.expires_at).getTime() + 1));
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(4);

    await fake.pay(first.body.reference);
    expect((await orderRow(first.body.id)).status).toBe('paid');
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(2);
    // Someone else takes the last 2 before the second payment lands.
    const other = await seedUser(t, { first_name: 'Tunde' });
    expect((await place(listing, other.cookie, { quantity: 2 })).status).toBe(201);
    await fake.pay(second.body.reference);
    const late = await orderRow(second.body.id);
    expect([late.status, late.cancel_reason]).toEqual([
      'cancelled',
      'Paid after the order expired, when the quantity was no longer there; refunded in full',
    ]);
    await fake.settled();
    expect(await orderLedger(t, second.body.id)).toEqual({ gateway: 0, held: 0, refunds_payable: 0 });
    await expectLedgerBalanced(t, farmIds);
  });

  it('cancel and refund paid orders not accepted within 48 hours, once', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await paidOrder(listing, 2);
    const acceptBy = (await orderRow(id)).accept_by!.getTime();
    await cancelUnacceptedOrders(t.deps, new Date(acceptBy - 1));
    expect((await orderRow(id)).status).toBe('paid');
    expect(await cancelUnacceptedOrders(t.deps, new Date(acceptBy))).toBeGreaterThanOrEqual(1);
    const row = await orderRow(id);
    expect([row.status, row.cancel_reason]).toEqual([
      'cancelled',
      'The seller did not accept within 48 hours; refunded in full',
    ]);
    expect(Number((await listingNow(listing.id)).quantity_available)).toBe(20);
    await cancelUnacceptedOrders(t.deps, new Date(acceptBy + 60_000));
    const reference = row.reference;
    expect(fake.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
    await fake.settled();
    expect(await orderLedger(t, id)).toEqual({ gateway: 0, held: 0, refunds_payable: 0 });
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('who may do what', () => {
  it('answers 401 without a session on every buyer route', async () => {
    const id = newId();
    for (const [method, path] of [
      ['POST', '/api/marketplace/orders'],
      ['GET', '/api/marketplace/orders'],
      ['GET', `/api/marketplace/orders/${id}`],
      ['POST', `/api/marketplace/orders/${id}/pay`],
      ['POST', `/api/marketplace/orders/${id}/cancel`],
    ] as const)
      expect((await t.request(method, path, { body: method === 'POST' ? {} : undefined })).status, path).toBe(
        401,
      );
  });

  it("lets a buyer without a farm list and read only their own orders; another buyer's are not found", async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    const mine = await t.request<{ items: Order[] }>('GET', '/api/marketplace/orders?limit=100', {
      cookie: buyer.cookie,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.items.every((o) => o.buyer_id === buyer.user.id)).toBe(true);
    expect(mine.body.items.map((o) => o.id)).toContain(placed.body.id);
    const other = await seedUser(t, { first_name: 'Ngozi' });
    for (const [method, path] of [
      ['GET', `/api/marketplace/orders/${placed.body.id}`],
      ['POST', `/api/marketplace/orders/${placed.body.id}/pay`],
      ['POST', `/api/marketplace/orders/${placed.body.id}/cancel`],
    ] as const)
      expect((await t.request(method, path, { cookie: other.cookie })).status, path).toBe(404);
    expect(
      (await t.request('GET', '/api/marketplace/orders/not-a-uuid', { cookie: buyer.cookie })).status,
    ).toBe(400);
  });

  it("shows a farm's orders to its viewers but not to workers or other farms, and only the farm's", async () => {
    const listing = await seedListing(t, team.farm.id);
    const placed = await place(listing, buyer.cookie, { quantity: 2 });
    const viewer = await t.request<{ items: Order[] }>('GET', `${team.base}/orders?limit=100`, {
      cookie: team.cookies.viewer,
    });
    expect(viewer.status).toBe(200);
    expect(viewer.body.items.map((o) => o.id)).toContain(placed.body.id);
    expect(viewer.body.items.every((o) => o.farm_id === team.farm.id)).toBe(true);
    expect((await t.request('GET', `${team.base}/orders`, { cookie: team.cookies.worker })).status).toBe(403);
    expect((await t.request('GET', `${team.base}/orders`, { cookie: team.cookies.stranger })).status).toBe(
      404,
    );
    const viewerAccept = await t.request('POST', `${team.base}/orders/${placed.body.id}/accept`, {
      cookie: team.cookies.viewer,
      body: { version: 1 },
    });
    expect(viewerAccept.status).toBe(403);
    const otherTeam = await seedFarmTeam(t);
    const elsewhere = await t.request('GET', `${otherTeam.base}/orders/${placed.body.id}`, {
      cookie: otherTeam.cookies.owner,
    });
    expect(elsewhere.status).toBe(404);
    const malformed = await t.request('POST', `${team.base}/orders/${placed.body.id}/accept`, {
      cookie: team.cookies.owner,
      body: { version: 'one' },
    });
    expect(malformed.status).toBe(400);
  });

  it('accepts only paid orders', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await seedPlacedOrder(t, listing, buyer.user.id);
    const res = await t.request<Refusal>('POST', `${team.base}/orders/${id}/accept`, {
      cookie: team.cookies.owner,
      body: { version: 1 },
    });
    expect([res.status, res.body.error.message]).toEqual([409, 'This order is waiting for payment']);
    const [row] = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'placed')));
    expect(row).toEqual({ status: 'placed' });
  });
});
