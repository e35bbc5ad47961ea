import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import type { Order } from '@gona/shared/marketplace';
import {
  accounts,
  ledger_entries,
  listings,
  order_payments,
  orders,
  payouts,
  refunds,
} from '../../db/schema/index';
import { startFakePaystack, type FakePaystack } from '../../integrations/fake-paystack';
import { dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { setPlatformAdmin } from '../../scripts/admin';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { completeOrders } from './order-sweeps.service';
import { sendPayouts } from './payouts.service';

/** What a refused request answers. */
export type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A signed-in person made one of Gona's platform admins (the back office). */
export async function seedAdmin(t: TestContext): Promise<SeededUser> {
  const admin = await seedUser(t, { first_name: 'Ada' });
  expect(await setPlatformAdmin(t.db, 'grant', admin.email)).toBe(true);
  return admin;
}

/**
 * A farm team whose owner signs in with TEST_PASSWORD (seeded owners have no password), as saving a
 * payout account asks; its farm is added to `farmIds` when given (the farms a test's ledger covers).
 */
export async function seedTeamWithPassword(t: TestContext, farmIds?: string[]): Promise<FarmTeam> {
  const team = await seedFarmTeam(t);
  const ownerId = team.users.owner.id;
  await t.db.insert(accounts).values({
    user_id: ownerId,
    account_id: ownerId,
    provider_id: 'credential',
    password: await hashPassword(TEST_PASSWORD),
  });
  farmIds?.push(team.farm.id);
  return team;
}

export type SeededListing = typeof listings.$inferSelect;

/**
 * An active listing on `farmId`, written straight into the database: 20 bags (100 kg) of maize at
 * ₦25,000 a bag, at least 2 a order, picked up or delivered for ₦5,000.
 */
export async function seedListing(
  t: TestContext,
  farmId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<SeededListing> {
  const [row] = await t.db
    .insert(listings)
    .values({
      farm_id: farmId,
      status: 'active',
      category: 'crop',
      product_key: 'maize',
      title: 'White maize',
      quantity_available: '20',
      unit: 'bag_100kg',
      unit_kg: '100',
      min_order: '2',
      price_kobo: 2_500_000,
      state: 'Rivers',
      delivery_pickup: true,
      delivery_seller: true,
      delivery_area: 'Port Harcourt',
      delivery_fee_kobo: 500_000,
      published_at: new Date(),
      ...overrides,
      id: newId(),
    })
    .returning();
  if (!row) throw new Error('seedListing: no listing');
  return row;
}

/** A placed (unpaid) order of 2 bags of `listing` by `buyerId`, its quantity taken off the listing. */
export async function seedPlacedOrder(
  t: TestContext,
  listing: SeededListing,
  buyerId: string,
): Promise<string> {
  const id = newId();
  await t.db
    .update(listings)
    .set({ quantity_available: sql`${listings.quantity_available} - 2` })
    .where(eq(listings.id, listing.id));
  await t.db.insert(orders).values({
    id,
    listing_id: listing.id,
    farm_id: listing.farm_id,
    buyer_id: buyerId,
    title: listing.title,
    seller_name: 'Green Acres',
    quantity: '2',
    unit: listing.unit,
    unit_price_kobo: listing.price_kobo,
    subtotal_kobo: 2 * listing.price_kobo,
    delivery: 'pickup',
    delivery_fee_kobo: 0,
    total_kobo: 2 * listing.price_kobo,
    commission_kobo: 0,
    buyer_phone: '+2348031234567',
    reference: `gona-${id}`,
    expires_at: new Date(Date.now() + 30 * 60_000),
  });
  return id;
}

/**
 * The ledger's invariants over the orders of `farmIds`: every transaction adds up to zero; what is
 * held equals the totals of paid, accepted, dispatched, delivered and disputed orders less their refunds not
 * failed (what was short on delivery), plus the failed refunds of the other orders (held again: an
 * open order's failed refund is simply still in its total); and what the farms are owed
 * (seller_payable) equals seller_amount_kobo of their completed orders less the payouts paid to them.
 */
export async function expectLedgerBalanced(t: TestContext, farmIds: string[]): Promise<void> {
  const ids = t.db.select({ id: orders.id }).from(orders).where(inArray(orders.farm_id, farmIds));
  const unbalanced = await t.db
    .select({ txn: ledger_entries.txn_id, sum: sql<string>`sum(${ledger_entries.amount_kobo})` })
    .from(ledger_entries)
    .where(inArray(ledger_entries.order_id, ids))
    .groupBy(ledger_entries.txn_id)
    .having(sql`sum(${ledger_entries.amount_kobo}) <> 0`);
  expect(unbalanced).toEqual([]);
  const balance = async (account: 'held' | 'seller_payable' | 'suspense') => {
    const [row] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${ledger_entries.amount_kobo}), 0)` })
      .from(ledger_entries)
      .where(and(eq(ledger_entries.account, account), inArray(ledger_entries.order_id, ids)));
    return -Number(row!.sum) + 0;
  };
  // A disputed order's money stays held until Gona decides.
  const openStatuses = ['paid', 'accepted', 'dispatched', 'delivered', 'disputed'] as const;
  const openIds = t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.farm_id, farmIds), inArray(orders.status, [...openStatuses])));
  const [open] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${orders.total_kobo}), 0)` })
    .from(orders)
    .where(and(inArray(orders.farm_id, farmIds), inArray(orders.status, [...openStatuses])));
  const [refundedOpen] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount_kobo}), 0)` })
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, ['pending', 'processed']),
        inArray(refunds.order_id, openIds),
        ne(refunds.kind, 'extra_payment'),
      ),
    );
  const closedIds = t.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.farm_id, farmIds), notInArray(orders.status, [...openStatuses])));
  const [failed] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount_kobo}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'failed'),
        inArray(refunds.order_id, closedIds),
        ne(refunds.kind, 'extra_payment'),
      ),
    );
  expect(await balance('held')).toBe(Number(open!.sum) - Number(refundedOpen!.sum) + Number(failed!.sum));
  const [owed] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${orders.seller_amount_kobo}), 0)` })
    .from(orders)
    .where(and(inArray(orders.farm_id, farmIds), eq(orders.status, 'completed')));
  const [paidOut] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${payouts.amount_kobo}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.status, 'paid'), inArray(payouts.order_id, ids)));
  expect(await balance('seller_payable')).toBe(Number(owed!.sum) - Number(paidOut!.sum));
  // Extra payments (docs/decisions/054) are in suspense until their refund is asked: what is there is
  // what was charged on them less their refunds asked or done.
  const [extra] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${order_payments.charged_kobo}), 0)` })
    .from(order_payments)
    .where(and(eq(order_payments.status, 'extra'), inArray(order_payments.order_id, ids)));
  const [extraRefunded] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount_kobo}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.kind, 'extra_payment'),
        inArray(refunds.status, ['pending', 'processed']),
        inArray(refunds.order_id, ids),
      ),
    );
  expect(await balance('suspense')).toBe(Number(extra!.sum) - Number(extraRefunded!.sum));
}

/** Balances per account of one order's ledger lines. */
export async function orderLedger(t: TestContext, orderId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ account: ledger_entries.account, sum: sql<string>`sum(${ledger_entries.amount_kobo})` })
    .from(ledger_entries)
    .where(eq(ledger_entries.order_id, orderId))
    .groupBy(ledger_entries.account);
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.sum)]));
}

/** The app served on a free port, with the Paystack stand-in it pays through sending its webhooks back. */
export type PaystackTestApp = {
  t: TestContext;
  fake: FakePaystack;
  /** Where the stand-in's webhooks go (a test that holds them back sets it again after). */
  webhookUrl: string;
  close: () => Promise<void>;
};

export async function paystackTestApp(options: { ownDatabase?: boolean } = {}): Promise<PaystackTestApp> {
  const fake = await startFakePaystack({ webhookRetryDelaysMs: [20] });
  const t = await createTestContext(
    { PAYSTACK_BASE_URL: fake.url, PAYSTACK_SECRET_KEY: fake.secretKey },
    { ownDatabase: options.ownDatabase },
  );
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const webhookUrl = `http://127.0.0.1:${port}/api/webhooks/paystack`;
  fake.setWebhookUrl(webhookUrl);
  return {
    t,
    fake,
    webhookUrl,
    close: async () => {
      await fake.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An order taken through its steps over HTTP: who sells, who buys, what and how much (2). */
export type OrderSteps = {
  on: FarmTeam;
  buyer: SeededUser;
  /** A new listing of `on`'s farm when not given. */
  listing?: SeededListing;
  quantity?: number;
};

/** An order of `quantity` (2) of `listing` placed by `buyer` and paid on the Paystack stand-in; answers it as placed. */
export async function placePaidOrder(
  { t, fake }: PaystackTestApp,
  buyer: SeededUser,
  listing: SeededListing,
  quantity = 2,
): Promise<Order> {
  const placed = await t.request<Order>('POST', '/api/marketplace/orders', {
    cookie: buyer.cookie,
    body: { id: newId(), listing_id: listing.id, quantity, delivery: 'pickup', buyer_phone: '0805 555 1234' },
  });
  expect(placed.status, placed.text).toBe(201);
  expect(
    (await t.request('POST', `/api/marketplace/orders/${placed.body.id}/pay`, { cookie: buyer.cookie }))
      .status,
  ).toBe(200);
  await fake.pay(placed.body.reference);
  return placed.body;
}

/** The order placed and paid, accepted, dispatched for pickup and delivered with the buyer's code; answers its id. */
export async function deliveredOrder(app: PaystackTestApp, steps: OrderSteps): Promise<string> {
  const { t } = app;
  const { on, buyer, quantity = 2 } = steps;
  const listing = steps.listing ?? (await seedListing(t, on.farm.id));
  const { id } = await placePaidOrder(app, buyer, listing, quantity);
  const step = async (action: string, body: Record<string, unknown>) => {
    const res = await t.request<Order>('POST', `${on.base}/orders/${id}/${action}`, {
      cookie: on.cookies.manager,
      body,
    });
    expect(res.status, res.text).toBe(200);
  };
  await step('accept', { version: 2 });
  await step('dispatch', { version: 3, expected_on: dateIn(DEFAULT_TIMEZONE, new Date(t.deps.now())) });
  const mine = await t.request<Order>('GET', `/api/marketplace/orders/${id}`, { cookie: buyer.cookie });
  await step('deliver', { version: 4, code: mine.body.delivery_code, delivered_quantity: quantity });
  return id;
}

/** The delivered order completed by the sweep; answers it as its farm sees it. */
export async function completedOrder(app: PaystackTestApp, steps: OrderSteps): Promise<Order> {
  const { t } = app;
  const id = await deliveredOrder(app, steps);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  await completeOrders(t.deps, row!.complete_by!);
  const seller = await t.request<Order>('GET', `${steps.on.base}/orders/${id}`, {
    cookie: steps.on.cookies.manager,
  });
  expect(seller.body.status).toBe('completed');
  return seller.body;
}

/** The payout row of an order. */
export async function payoutOf(t: TestContext, orderId: string) {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.order_id, orderId));
  return row!;
}

/** Runs the payout sweep at `at` (the app's clock) and waits for the webhooks of the transfers it asked. */
export async function sweepPayouts(
  { t, fake }: PaystackTestApp,
  at = new Date(t.deps.now()),
): Promise<number> {
  const sent = await sendPayouts(t.deps, at);
  await fake.settled();
  return sent;
}
