import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import type { Order } from '@gona/shared/marketplace';
import { loadConfig } from '../../config';
import { ledger_entries, listings, notifications, orders, refunds } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { signPaystackBody } from '../../integrations/payments';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import {
  expectLedgerBalanced,
  orderLedger,
  seedListing,
  type SeededListing,
  paystackTestApp,
  type PaystackTestApp,
} from './orders.test-setup';
import { completeOrders, remindUndispatchedOrders } from './order-sweeps.service';
import { completionMoney } from './orders.rows';

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

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

const HOUR_MS = 3_600_000;
const DRIVER = { driver_name: 'Musa Bello', driver_phone: '0803 111 2222', vehicle: 'Blue Hilux' };

function today(): string {
  return dateIn(DEFAULT_TIMEZONE, new Date(t.deps.now()));
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function available(listingId: string): Promise<number> {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, listingId));
  return Number(row!.quantity_available);
}

/** An order of `quantity` placed and paid on the fake checkout, then accepted by the manager. */
async function acceptedOrder(
  listing: SeededListing,
  { quantity = 5, delivery = 'pickup' }: { quantity?: number; delivery?: 'pickup' | 'seller_delivers' } = {},
): Promise<string> {
  const placed = await t.request<Order>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: {
      id: newId(),
      listing_id: listing.id,
      quantity,
      delivery,
      buyer_phone: '0805 555 1234',
      delivery_address: delivery === 'seller_delivers' ? '12 Aba Road, Port Harcourt' : undefined,
    },
  });
  expect(placed.status).toBe(201);
  const pay = await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, {
    cookie: buyer.cookie,
  });
  expect(pay.status).toBe(200);
  await fake.pay(placed.body.reference);
  const accepted = await t.request<Order>('POST', `${team.base}/orders/${placed.body.id}/accept`, {
    cookie: team.cookies.manager,
    body: { version: 2 },
  });
  expect([accepted.status, accepted.body.status], accepted.text).toEqual([200, 'accepted']);
  return placed.body.id;
}

function dispatch(id: string, body: Record<string, unknown>, cookie = team.cookies.owner) {
  return t.request<Order & Refusal>('POST', `${team.base}/orders/${id}/dispatch`, { cookie, body });
}

function deliver(id: string, body: Record<string, unknown>, cookie = team.cookies.manager) {
  return t.request<Order & Refusal>('POST', `${team.base}/orders/${id}/deliver`, { cookie, body });
}

function received(id: string, version: number, cookie = buyer.cookie) {
  return t.request<Order & Refusal>('POST', `/api/marketplace/orders/${id}/received`, {
    cookie,
    body: { version },
  });
}

async function buyerView(id: string): Promise<Order> {
  const res = await t.request<Order>('GET', `/api/marketplace/orders/${id}`, { cookie: buyer.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

async function sellerView(id: string): Promise<Order> {
  const res = await t.request<Order>('GET', `${team.base}/orders/${id}`, { cookie: team.cookies.viewer });
  expect(res.status).toBe(200);
  return res.body;
}

/** An accepted order dispatched for pickup today: answers its id and the buyer's code. */
async function dispatchedOrder(
  listing: SeededListing,
  options: { quantity?: number; delivery?: 'pickup' | 'seller_delivers' } = {},
): Promise<{ id: string; code: string }> {
  const id = await acceptedOrder(listing, options);
  const res = await dispatch(id, { version: 3, expected_on: today(), ...DRIVER });
  expect([res.status, res.body.status]).toEqual([200, 'dispatched']);
  const code = (await buyerView(id)).delivery_code!;
  return { id, code };
}

async function notificationsOf(orderId: string) {
  const rows = await t.db
    .select({
      user_id: notifications.user_id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      params: notifications.params,
    })
    .from(notifications)
    .where(inArray(notifications.kind, ['order_sold', 'order_update']));
  return rows.filter((r) => (r.params as { order_id?: string }).order_id === orderId);
}

describe('accepting', () => {
  it(`sets dispatch_by ${3} days after acceptance`, async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const row = await orderRow(id);
    expect(row.dispatch_by!.getTime() - row.decided_at!.getTime()).toBe(3 * 24 * HOUR_MS);
    expect((await buyerView(id)).dispatch_by).toBe(row.dispatch_by!.toISOString());
  });
});

describe('dispatching', () => {
  it('marks a pickup ready on a day without a driver; the buyer alone sees a 6-digit code and is told', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const day = addDays(today(), 1);
    const res = await dispatch(id, { version: 3, expected_on: day });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'dispatched',
      version: 4,
      delivery_code: null,
      dispatch: { expected_on: day, driver_name: null, driver_phone: null, vehicle: null },
    });
    expect(res.body.dispatch!.dispatched_at).toBe(new Date(t.deps.now()).toISOString());
    const mine = await buyerView(id);
    expect(mine.delivery_code).toMatch(/^\d{6}$/);
    expect(mine.delivery_code).toBe((await orderRow(id)).delivery_code);
    expect((await sellerView(id)).delivery_code).toBeNull();
    const [y, m, d] = day.split('-');
    expect(await notificationsOf(id)).toContainEqual(
      expect.objectContaining({
        user_id: buyer.user.id,
        kind: 'order_update',
        title: 'Ready for pickup: 5 bags (100 kg) of White maize',
        body: `Green Acres has it ready for pickup on ${d}/${m}/${y}. Give your delivery code only when you have the produce.`,
      }),
    );
    await expectLedgerBalanced(t, farmIds);
  });

  it("needs the driver's name and phone for a delivery, and says who brings it", async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing, { delivery: 'seller_delivers' });
    const missing = await dispatch(id, { version: 3, expected_on: today(), driver_name: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      driver_name: "Enter the driver's name",
      driver_phone: "Enter the driver's phone",
    });
    const badPhone = await dispatch(id, { version: 3, expected_on: today(), ...DRIVER, driver_phone: '123' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.fields!.driver_phone).toMatch(/Nigerian mobile number/);
    expect((await orderRow(id)).status).toBe('accepted');

    const res = await dispatch(id, { version: 3, expected_on: today(), ...DRIVER });
    expect(res.status).toBe(200);
    expect(res.body.dispatch).toMatchObject({
      expected_on: today(),
      driver_name: 'Musa Bello',
      driver_phone: '+2348031112222',
      vehicle: 'Blue Hilux',
    });
    const [y, m, d] = today().split('-');
    expect(await notificationsOf(id)).toContainEqual(
      expect.objectContaining({
        user_id: buyer.user.id,
        title: 'On its way: 5 bags (100 kg) of White maize',
        body: `On its way with Musa Bello (+2348031112222), expected ${d}/${m}/${y}. Give the driver your delivery code only when you have the produce.`,
      }),
    );
  });

  it('refuses a day in the past (Lagos), an order not accepted, and a stale version', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const past = await dispatch(id, { version: 3, expected_on: addDays(today(), -1) });
    expect([past.status, past.body.error.fields]).toEqual([
      400,
      { expected_on: 'Choose today or a later day' },
    ]);
    const stale = await dispatch(id, { version: 2, expected_on: today() });
    expect(stale.status).toBe(409);
    expect((await orderRow(id)).status).toBe('accepted');
    expect((await dispatch(id, { version: 3, expected_on: today() })).status).toBe(200);
    const twice = await dispatch(id, { version: 4, expected_on: today() });
    expect([twice.status, twice.body.error.message]).toEqual([409, 'This order has been dispatched']);

    const placed = await t.request<Order>('POST', '/api/marketplace/orders', {
      cookie: buyer.cookie,
      body: {
        id: newId(),
        listing_id: listing.id,
        quantity: 2,
        delivery: 'pickup',
        buyer_phone: '08055551234',
      },
    });
    await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
    await fake.pay(placed.body.reference);
    const paid = await dispatch(placed.body.id, { version: 2, expected_on: today() });
    expect([paid.status, paid.body.error.message]).toEqual([
      409,
      'This order is paid and waiting for the seller',
    ]);
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('the buyer confirms receipt', () => {
  it('delivers all that was ordered, hides the code, and starts the 72-hour window', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id } = await dispatchedOrder(listing);
    const stale = await received(id, 3);
    expect(stale.status).toBe(409);
    const res = await received(id, 4);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'delivered',
      delivered_quantity: '5',
      delivery_code: null,
      refund: null,
    });
    expect(new Date(res.body.complete_by!).getTime() - new Date(res.body.delivered_at!).getTime()).toBe(
      72 * HOUR_MS,
    );
    const again = await received(id, 5);
    expect([again.status, again.body.error.message]).toEqual([409, 'This order has been delivered']);
    expect(await orderLedger(t, id)).toEqual({ gateway: 13_000_000 - 500_000, held: -12_500_000 });
    const told = await notificationsOf(id);
    expect(told).toContainEqual(
      expect.objectContaining({
        user_id: team.users.owner.id,
        kind: 'order_sold',
        title: 'Delivered: 5 bags (100 kg) of White maize',
        body: 'The order completes in 72 hours unless the buyer reports a problem.',
      }),
    );
    expect(told).toContainEqual(expect.objectContaining({ user_id: buyer.user.id, kind: 'order_update' }));
    await expectLedgerBalanced(t, farmIds);
  });

  it('refuses an order not yet dispatched', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const res = await received(id, 3);
    expect([res.status, res.body.error.message]).toEqual([409, 'The seller has accepted this order']);
  });
});

describe('the seller records the delivery with the code', () => {
  it('delivers with the right code and the quantity weighed', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing);
    const res = await deliver(id, {
      version: 4,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      delivered_quantity: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'delivered', delivered_quantity: '5', refund: null });
    expect(await orderLedger(t, id)).toEqual({ gateway: 12_500_000, held: -12_500_000 });
    await expectLedgerBalanced(t, farmIds);
  });

  it('refuses a wrong code beside it, more than ordered, and nothing', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await deliver(id, { version: 4, code: wrong, delivered_quantity: 5 });
    expect([res.status, res.body.error.fields]).toEqual([
      400,
      { code: 'That code does not match. Ask the buyer for the code in their order' },
    ]);
    const more = await deliver(id, { version: 4, code, delivered_quantity: 5.5 });
    expect([more.status, more.body.error.fields]).toEqual([
      400,
      { delivered_quantity: 'At most 5 bags (100 kg) were ordered' },
    ]);
    const none = await deliver(id, { version: 4, code, delivered_quantity: 0 });
    expect([none.status, none.body.error.fields]).toEqual([
      400,
      { delivered_quantity: 'Enter a quantity above 0' },
    ]);
    const short = await deliver(id, { version: 4, code: '12345', delivered_quantity: 5 });
    expect([short.status, short.body.error.fields]).toEqual([
      400,
      { code: 'Enter the 6-digit code from the buyer' },
    ]);
    expect((await orderRow(id)).status).toBe('dispatched');
    expect((await orderRow(id)).code_tries).toBe(1);
  });

  it('refuses codes for 15 minutes after 5 wrong ones, even the right one, then takes it', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await deliver(id, { version: 4, code: wrong, delivered_quantity: 5 })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await deliver(id, { version: 4, code, delivered_quantity: 5 });
    expect(locked.status).toBe(429);
    expect(locked.body.error.fields!.code).toMatch(/^Too many wrong codes\. Try again in 15 minutes/);
    t.clock.advance(14 * 60);
    expect((await deliver(id, { version: 4, code, delivered_quantity: 5 })).status).toBe(429);
    t.clock.advance(60);
    const res = await deliver(id, { version: 4, code, delivered_quantity: 5 });
    expect([res.status, res.body.status]).toEqual([200, 'delivered']);
  });

  it('counts wrong codes sent at once one by one', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      guesses.map((g) => deliver(id, { version: 4, code: g, delivered_quantity: 5 })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    expect((await orderRow(id)).status).toBe('dispatched');
  });
});

describe('a short delivery', () => {
  it('refunds the difference through Paystack, keeps it off the listing, and refund.processed settles it', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing, { delivery: 'seller_delivers' });
    expect(await available(listing.id)).toBe(15);
    const res = await deliver(id, { version: 4, code, delivered_quantity: 4.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'delivered',
      quantity: '5',
      delivered_quantity: '4.5',
      refund: {
        amount_kobo: 1_250_000,
        reason: 'Short on delivery: 4.5 of 5 bags (100 kg) delivered',
      },
    });
    // The half bag was never on the listing to sell again.
    expect(await available(listing.id)).toBe(15);
    const reference = (await orderRow(id)).reference;
    expect(fake.refunds.filter((r) => r.reference === reference).map((r) => r.amount)).toEqual([1_250_000]);
    await expectLedgerBalanced(t, farmIds);

    await fake.settled();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    expect([refund!.kind, refund!.status, refund!.amount_kobo]).toEqual([
      'short_delivery',
      'processed',
      1_250_000,
    ]);
    expect(await orderLedger(t, id)).toEqual({
      gateway: 13_000_000 - 1_250_000,
      held: -(13_000_000 - 1_250_000),
      refunds_payable: 0,
    });
    const told = await notificationsOf(id);
    expect(told).toContainEqual(
      expect.objectContaining({
        user_id: buyer.user.id,
        title: 'Delivered: 5 bags (100 kg) of White maize',
        body: '4.5 bags (100 kg) delivered. You are refunded ₦12,500 for the rest. The order completes in 72 hours. Something wrong? Report a problem before then.',
      }),
    );
    expect(told).toContainEqual(
      expect.objectContaining({
        user_id: team.users.manager.id,
        body: '4.5 bags (100 kg) delivered. The buyer is refunded ₦12,500 for the rest. The order completes in 72 hours unless the buyer reports a problem.',
      }),
    );
    await expectLedgerBalanced(t, farmIds);

    // Delivered: no full refund by cancelling now; the one refund stays the only one.
    const cancel = await t.request<Refusal>('POST', `/api/marketplace/orders/${id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect([cancel.status, cancel.body.error.message]).toEqual([409, 'This order has been delivered']);
    expect(await t.db.select().from(refunds).where(eq(refunds.order_id, id))).toHaveLength(1);
    await expectLedgerBalanced(t, farmIds);
  });

  it('rounds the refund half up to whole kobo', async () => {
    const listing = await seedListing(t, team.farm.id, { price_kobo: 1_000_001 });
    const { id, code } = await dispatchedOrder(listing);
    const res = await deliver(id, { version: 4, code, delivered_quantity: 4.5 });
    expect(res.body.refund!.amount_kobo).toBe(500_001);
    await fake.settled();
    await expectLedgerBalanced(t, farmIds);
  });

  it('holds again a short refund that failed, and the ledger stays balanced when it completes', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing);
    fake.setWebhookUrl(null);
    try {
      expect((await deliver(id, { version: 4, code, delivered_quantity: 4 })).status).toBe(200);
    } finally {
      fake.setWebhookUrl(app.webhookUrl);
    }
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    const body = JSON.stringify({
      event: 'refund.failed',
      data: { id: Number(refund!.provider_refund_id), status: 'failed', amount: 2_500_000, currency: 'NGN' },
    });
    const sent = await t.request('POST', '/api/webhooks/paystack', {
      raw: body,
      origin: null,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(fake.secretKey, body),
      },
    });
    expect(sent.status).toBe(200);
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    expect(failed!.status).toBe('failed');
    await expectLedgerBalanced(t, farmIds);
    await completeOrders(t.deps, (await orderRow(id)).complete_by!);
    expect((await orderRow(id)).status).toBe('completed');
    // The failed refund stays held for people to look at.
    expect((await orderLedger(t, id)).held).toBe(-2_500_000);
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('refund events of an order with two refunds', () => {
  it("settle the refund of Paystack's refund id, or, before that id is kept, the one of the event's amount", async () => {
    // On a farm of its own: the second refund is written straight in, without its ledger lines.
    const other = await seedFarmTeam(t);
    const listing = await seedListing(t, other.farm.id);
    const placed = await t.request<Order>('POST', '/api/marketplace/orders', {
      cookie: buyer.cookie,
      body: {
        id: newId(),
        listing_id: listing.id,
        quantity: 5,
        delivery: 'pickup',
        buyer_phone: '08055551234',
      },
    });
    await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie });
    await fake.pay(placed.body.reference);
    const id = placed.body.id;
    await t.request('POST', `${other.base}/orders/${id}/accept`, {
      cookie: other.cookies.owner,
      body: { version: 2 },
    });
    await t.request('POST', `${other.base}/orders/${id}/dispatch`, {
      cookie: other.cookies.owner,
      body: { version: 3, expected_on: today() },
    });
    const code = (await buyerView(id)).delivery_code!;
    fake.setWebhookUrl(null);
    try {
      const res = await t.request('POST', `${other.base}/orders/${id}/deliver`, {
        cookie: other.cookies.owner,
        body: { version: 4, code, delivered_quantity: 4 },
      });
      expect(res.status).toBe(200);
    } finally {
      fake.setWebhookUrl(app.webhookUrl);
    }
    const [short] = await t.db.select().from(refunds).where(eq(refunds.order_id, id));
    expect(short!.provider_refund_id).not.toBeNull();
    await t.db.insert(refunds).values({ order_id: id, kind: 'full', amount_kobo: 777, reason: 'Test' });
    const reference = (await orderRow(id)).reference;
    const send = (data: Record<string, unknown>) => {
      const body = JSON.stringify({ event: 'refund.processed', data: { currency: 'NGN', ...data } });
      return t.request('POST', '/api/webhooks/paystack', {
        raw: body,
        origin: null,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(fake.secretKey, body),
        },
      });
    };
    const statusOf = async () =>
      Object.fromEntries(
        (await t.db.select().from(refunds).where(eq(refunds.order_id, id))).map((r) => [r.kind, r.status]),
      );
    expect(
      (
        await send({
          id: Number(short!.provider_refund_id),
          transaction_reference: reference,
          amount: 2_500_000,
        })
      ).status,
    ).toBe(200);
    expect(await statusOf()).toEqual({ short_delivery: 'processed', full: 'pending' });
    expect((await send({ id: 424_242, transaction_reference: reference, amount: 777 })).status).toBe(200);
    expect(await statusOf()).toEqual({ short_delivery: 'processed', full: 'processed' });
    const [full] = await t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.order_id, id), eq(refunds.kind, 'full')));
    expect(full!.provider_refund_id).toBe('424242');
  });
});

describe('completion', () => {
  it('completes a delivered order after its window: held to commission and the farm, once, and tells the seller', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id, code } = await dispatchedOrder(listing, { delivery: 'seller_delivers' });
    await deliver(id, { version: 4, code, delivered_quantity: 4.5 });
    await fake.settled();
    const completeBy = (await orderRow(id)).complete_by!;
    await completeOrders(t.deps, new Date(completeBy.getTime() - 1));
    expect((await orderRow(id)).status).toBe('delivered');
    expect(await completeOrders(t.deps, completeBy)).toBeGreaterThanOrEqual(1);
    const row = await orderRow(id);
    // ₦112,500 delivered + ₦5,000 delivery = ₦117,500; commission 5 % of ₦112,500 = ₦5,625.
    expect([row.status, row.completed_at, row.seller_amount_kobo]).toEqual([
      'completed',
      completeBy,
      11_750_000 - 562_500,
    ]);
    expect(await orderLedger(t, id)).toEqual({
      gateway: 13_000_000 - 1_250_000,
      held: 0,
      refunds_payable: 0,
      commission: -562_500,
      seller_payable: -11_187_500,
    });
    await completeOrders(t.deps, new Date(completeBy.getTime() + 60_000));
    const completions = await t.db
      .select()
      .from(ledger_entries)
      .where(and(eq(ledger_entries.order_id, id), eq(ledger_entries.kind, 'completion')));
    expect(completions).toHaveLength(3);
    const seller = await sellerView(id);
    expect([seller.status, seller.seller_amount_kobo]).toEqual(['completed', 11_187_500]);
    expect(await notificationsOf(id)).toContainEqual(
      expect.objectContaining({
        user_id: team.users.owner.id,
        title: '₦111,875 for White maize is due to your farm',
      }),
    );
    await expectLedgerBalanced(t, farmIds);
  });

  it('completes fresh produce after 24 hours and other produce after 72', async () => {
    const tomato = await seedListing(t, team.farm.id, { product_key: 'tomato', title: 'Roma tomatoes' });
    const maize = await seedListing(t, team.farm.id);
    const fresh = await dispatchedOrder(tomato);
    const kept = await dispatchedOrder(maize);
    await received(fresh.id, 4);
    await received(kept.id, 4);
    const freshRow = await orderRow(fresh.id);
    const keptRow = await orderRow(kept.id);
    expect(freshRow.complete_by!.getTime() - freshRow.delivered_at!.getTime()).toBe(24 * HOUR_MS);
    expect(keptRow.complete_by!.getTime() - keptRow.delivered_at!.getTime()).toBe(72 * HOUR_MS);
    await completeOrders(t.deps, new Date(freshRow.delivered_at!.getTime() + 24 * HOUR_MS));
    expect((await orderRow(fresh.id)).status).toBe('completed');
    expect((await orderRow(kept.id)).status).toBe('delivered');
    await completeOrders(t.deps, keptRow.complete_by!);
    expect((await orderRow(kept.id)).status).toBe('completed');
    await expectLedgerBalanced(t, farmIds);
  });

  it('completes once when two sweeps run at the same time', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id } = await dispatchedOrder(listing);
    await received(id, 4);
    const completeBy = (await orderRow(id)).complete_by!;
    await Promise.all([completeOrders(t.deps, completeBy), completeOrders(t.deps, completeBy)]);
    const completions = await t.db
      .select()
      .from(ledger_entries)
      .where(and(eq(ledger_entries.order_id, id), eq(ledger_entries.kind, 'completion')));
    expect(completions).toHaveLength(3);
    const told = (await notificationsOf(id)).filter((n) => n.title.endsWith('is due to your farm'));
    expect(told.map((n) => n.user_id).sort()).toEqual([team.users.owner.id, team.users.manager.id].sort());
    await expectLedgerBalanced(t, farmIds);
  });

  it('works out the commission in proportion to what was delivered, half up, and the farm the rest', () => {
    const order = { subtotal_kobo: 1_000, delivery_fee_kobo: 300, commission_kobo: 50, unit_price_kobo: 100 };
    expect(completionMoney({ ...order, quantity: '10', delivered_quantity: '10' })).toEqual({
      releasedKobo: 1_300,
      commissionKobo: 50,
      sellerKobo: 1_250,
    });
    // 50 × 970 / 1000 = 48.5 → 49.
    expect(completionMoney({ ...order, quantity: '10', delivered_quantity: '9.7' })).toEqual({
      releasedKobo: 1_270,
      commissionKobo: 49,
      sellerKobo: 1_221,
    });
    expect(
      completionMoney({ ...order, commission_kobo: 0, quantity: '10', delivered_quantity: '1' }),
    ).toEqual({ releasedKobo: 400, commissionKobo: 0, sellerKobo: 400 });
  });

  it('reads MARKET_COMPLETE_HOURS as a whole number from 1 to 720, 72 unless set', () => {
    const base = { NODE_ENV: 'test', BASE_URL: 'http://localhost:3000', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).marketCompleteHours).toBe(72);
    expect(loadConfig({ ...base, MARKET_COMPLETE_HOURS: '48' }).marketCompleteHours).toBe(48);
    expect(() => loadConfig({ ...base, MARKET_COMPLETE_HOURS: '0' })).toThrow(
      /MARKET_COMPLETE_HOURS: must be 1 or more/,
    );
    expect(() => loadConfig({ ...base, MARKET_COMPLETE_HOURS: '721' })).toThrow(/MARKET_COMPLETE_HOURS/);
    expect(() => loadConfig({ ...base, MARKET_COMPLETE_HOURS: '1.5' })).toThrow(/MARKET_COMPLETE_HOURS/);
  });
});

describe('not dispatched in time', () => {
  it('reminds the seller once when dispatch_by passes', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const dispatchBy = (await orderRow(id)).dispatch_by!;
    await remindUndispatchedOrders(t.deps, new Date(dispatchBy.getTime() - 1));
    expect((await orderRow(id)).reminded_at).toBeNull();
    await remindUndispatchedOrders(t.deps, dispatchBy);
    expect((await orderRow(id)).reminded_at).toEqual(dispatchBy);
    await Promise.all([
      remindUndispatchedOrders(t.deps, new Date(dispatchBy.getTime() + 60_000)),
      remindUndispatchedOrders(t.deps, new Date(dispatchBy.getTime() + 60_000)),
    ]);
    expect((await orderRow(id)).reminded_at).toEqual(dispatchBy);
    const told = (await notificationsOf(id)).filter((n) => n.title.startsWith('Not dispatched yet'));
    expect(told.map((n) => n.user_id).sort()).toEqual([team.users.owner.id, team.users.manager.id].sort());
    expect(told[0]!.body).toMatch(/^It was due to be dispatched by \d{2}\/\d{2}\/\d{4}\. Dispatch it now/);
  });

  it('lets the buyer cancel for a full refund with the quantity back only after dispatch_by', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing, { quantity: 4 });
    expect(await available(listing.id)).toBe(16);
    const early = await t.request<Refusal>('POST', `/api/marketplace/orders/${id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(
      /^The seller has accepted this order and has until \d{2}\/\d{2}\/\d{4}/,
    );
    expect((await orderRow(id)).status).toBe('accepted');

    const dispatchBy = (await orderRow(id)).dispatch_by!;
    t.clock.advance((dispatchBy.getTime() - t.deps.now()) / 1000);
    const res = await t.request<Order>('POST', `/api/marketplace/orders/${id}/cancel`, {
      cookie: buyer.cookie,
    });
    expect([res.status, res.body.status, res.body.cancel_reason]).toEqual([
      200,
      'cancelled',
      'Cancelled by the buyer: not dispatched in time; refunded in full',
    ]);
    expect(await available(listing.id)).toBe(20);
    const reference = (await orderRow(id)).reference;
    expect(fake.refunds.filter((r) => r.reference === reference).map((r) => r.amount)).toEqual([10_000_000]);
    await fake.settled();
    expect(await orderLedger(t, id)).toEqual({ gateway: 0, held: 0, refunds_payable: 0 });
    expect((await buyerView(id)).refund).toMatchObject({ status: 'processed', amount_kobo: 10_000_000 });
    // Too late now to dispatch it.
    expect((await dispatch(id, { version: res.body.version, expected_on: today() })).status).toBe(409);
    await expectLedgerBalanced(t, farmIds);
  });
});

describe('who may do what', () => {
  it('answers 401 without a session on every new route', async () => {
    const id = newId();
    for (const path of [
      `${team.base}/orders/${id}/dispatch`,
      `${team.base}/orders/${id}/deliver`,
      `/api/marketplace/orders/${id}/received`,
    ])
      expect((await t.request('POST', path, { body: { version: 1 } })).status, path).toBe(401);
  });

  it('lets only owners and managers of the selling farm dispatch and record delivery', async () => {
    const listing = await seedListing(t, team.farm.id);
    const id = await acceptedOrder(listing);
    const body = { version: 3, expected_on: today() };
    expect((await dispatch(id, body, team.cookies.viewer)).status).toBe(403);
    expect((await dispatch(id, body, team.cookies.worker)).status).toBe(403);
    expect((await dispatch(id, body, team.cookies.stranger)).status).toBe(404);
    const other = await seedFarmTeam(t);
    const elsewhere = await t.request('POST', `${other.base}/orders/${id}/dispatch`, {
      cookie: other.cookies.owner,
      body,
    });
    expect(elsewhere.status).toBe(404);
    expect((await orderRow(id)).status).toBe('accepted');

    expect((await dispatch(id, body, team.cookies.owner)).status).toBe(200);
    const code = (await buyerView(id)).delivery_code!;
    const deliverBody = { version: 4, code, delivered_quantity: 5 };
    expect((await deliver(id, deliverBody, team.cookies.viewer)).status).toBe(403);
    expect((await deliver(id, deliverBody, team.cookies.worker)).status).toBe(403);
    expect((await deliver(id, deliverBody, team.cookies.stranger)).status).toBe(404);
    const elsewhereDeliver = await t.request('POST', `${other.base}/orders/${id}/deliver`, {
      cookie: other.cookies.owner,
      body: deliverBody,
    });
    expect(elsewhereDeliver.status).toBe(404);
    expect((await orderRow(id)).code_tries).toBe(0);
    expect((await orderRow(id)).status).toBe('dispatched');
  });

  it("lets only the order's buyer confirm receipt", async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id } = await dispatchedOrder(listing);
    const other = await seedUser(t, { first_name: 'Ngozi' });
    expect((await received(id, 4, other.cookie)).status).toBe(404);
    expect((await received(id, 4, team.cookies.owner)).status).toBe(404);
    expect((await orderRow(id)).status).toBe('dispatched');
  });

  it('refuses malformed bodies with 400', async () => {
    const listing = await seedListing(t, team.farm.id);
    const { id } = await dispatchedOrder(listing);
    const raw = (path: string, cookie: string) =>
      t.request('POST', path, {
        cookie,
        raw: '{"version": ',
        headers: { 'content-type': 'application/json' },
      });
    expect((await raw(`${team.base}/orders/${id}/dispatch`, team.cookies.owner)).status).toBe(400);
    expect((await raw(`${team.base}/orders/${id}/deliver`, team.cookies.owner)).status).toBe(400);
    expect((await raw(`/api/marketplace/orders/${id}/received`, buyer.cookie)).status).toBe(400);
    const badDay = await dispatch(id, { version: 4, expected_on: '31/12/2026' });
    expect([badDay.status, badDay.body.error.fields]).toEqual([400, { expected_on: 'Choose the day' }]);
    expect((await deliver(id, { version: 'four', code: '123456', delivered_quantity: 5 })).status).toBe(400);
    expect((await deliver(id, { version: 4, code: '123456', delivered_quantity: 'five' })).status).toBe(400);
    expect((await received(id, 'x' as unknown as number)).status).toBe(400);
    expect(
      (
        await t.request('POST', `/api/marketplace/orders/not-a-uuid/received`, {
          cookie: buyer.cookie,
          body: { version: 1 },
        })
      ).status,
    ).toBe(400);
    expect((await orderRow(id)).status).toBe('dispatched');
  });
});
