import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { SALE_UNIT_WORDS, type SaleUnit } from '@gona/shared/finance';
import {
  DELIVERY_CODE_LENGTH,
  FRESH_PRODUCT_KEYS,
  ORDER_ACCEPT_HOURS,
  ORDER_COMPLETE_HOURS_FRESH,
  ORDER_DISPATCH_DAYS,
  ORDER_PAYMENT_MINUTES,
  type Order,
  type OrderStatus,
  type PlaceOrderInput,
} from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { PlanId } from '@gona/shared/plans';
import type { Db, Tx } from '../../db/client';
import {
  disputes,
  farm_memberships,
  farms,
  listings,
  order_payments,
  orders,
  payouts,
  refunds,
  users,
} from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn } from '../../lib/farm-time';
import { keyset, newestFirst } from '../../lib/pagination';
import { notify } from '../notifications/notify.service';
import { farmPlan } from '../plans/plans.service';
import { recordLedger } from './ledger.service';
import { assertMaySell, listingOffSale } from './moderation.service';
import {
  disputeAnswerName,
  disputePhotoRows,
  toDispute,
  toDisputePhotos,
  type PhotoReader,
} from './disputes.read';
import { MIN_ORDER_TOTAL_KOBO, requestRefund, SECOND_PAYMENT, startRefund } from './order-payments.service';
import { createPayout, sendPayouts } from './payouts.service';
import { buyerBriefs, ratingsGiven } from './ratings.service';
import {
  acceptRefusedMessage,
  listingWithdrawal,
  listingWithheldSql,
  NOT_FOR_SALE_NOW,
  orderWithdrawal,
} from './withdrawal.service';

const ORDER_NOT_FOUND = 'Order not found';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/**
 * Wrong delivery codes in a row before codes are refused for CODE_LOCK_MS:
 * a 6-digit code cannot be guessed.
 */
const CODE_TRIES_MAX = 5;
const CODE_LOCK_MS = 15 * MINUTE_MS;
/** Orders one sweep looks at; the next run goes on. */
const SWEEP_BATCH = 500;

const orderPages = keyset({ order: newestFirst(orders) });

export type OrderRow = typeof orders.$inferSelect;
type OrdersDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>;
/** What the sweeps (jobs/marketplace-orders.ts) need: they run on their own clock. */
type SweepDeps = Pick<Deps, 'db' | 'payments' | 'logger'>;
/** Who reads an order: its buyer, or a member of the selling farm. */
export type Viewer = { as: 'buyer'; userId: string } | { as: 'seller'; farmId: string };

/** Quantities are kept to 3 decimals; whole thousandths keep the sums exact. */
function thousandths(quantity: number | string): bigint {
  return BigInt(Math.round(Number(quantity) * 1000));
}

function quantityText(quantity: number | string): string {
  return String(Number(quantity));
}

function unitWords(unit: SaleUnit): string {
  return SALE_UNIT_WORDS[unit];
}

/** Half up, in whole kobo: price × quantity (thousandths). */
function subtotalKobo(priceKobo: number, quantity: number): number {
  const value = (BigInt(priceKobo) * thousandths(quantity) + 500n) / 1000n;
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new AppError('VALIDATION', undefined, { quantity: 'Enter a smaller quantity' });
  return Number(value);
}

/**
 * Gona's share of the subtotal (never of the delivery fee), whole kobo rounded half up, at the
 * selling farm's plan's rate (MARKET_COMMISSION_BPS_FREE / _PRO, basis points).
 */
export function commissionKobo(subtotal: number, plan: PlanId, rates: { free: number; pro: number }): number {
  const bps = BigInt(plan === 'pro' ? rates.pro : rates.free);
  return Number((BigInt(subtotal) * bps + 5_000n) / 10_000n);
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

const sellerPhone = sql<string | null>`(
  SELECT ${users.phone} FROM ${farm_memberships}
  JOIN ${users} ON ${users.id} = ${farm_memberships.user_id}
  WHERE ${farm_memberships.farm_id} = ${orders.farm_id} AND ${farm_memberships.role} = 'owner'
  ORDER BY ${farm_memberships.created_at} LIMIT 1)`;

function selectOrders(db: Db | Tx) {
  return db
    .select({
      order: orders,
      buyer_name: sql<string>`coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
      seller_phone: sellerPhone,
      refund: { status: refunds.status, amount_kobo: refunds.amount_kobo, reason: refunds.reason },
      refund_id: refunds.id,
      payout: { status: payouts.status, paid_at: payouts.paid_at, failure: payouts.failure },
      payout_id: payouts.id,
      dispute: getTableColumns(disputes),
      dispute_answer_name: disputeAnswerName,
      dispute_photos: disputePhotoRows,
      extra_payments: extraPayments,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.buyer_id))
    .leftJoin(refunds, eq(refunds.id, latestRefundId))
    .leftJoin(payouts, eq(payouts.order_id, orders.id))
    .leftJoin(disputes, eq(disputes.order_id, orders.id));
}

/**
 * An order may have a refund of what was short on delivery and a full one: it shows the latest
 * (refunds of extra payments are listed apart, extra_payments).
 */
const latestRefundId = sql`(
  SELECT r.id FROM ${refunds} r WHERE r.order_id = ${orders.id} AND r.kind <> 'extra_payment'
  ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`;

type ExtraPaymentRow = {
  amount_kobo: number;
  second: boolean;
  paid_at: string;
  refund_status: 'pending' | 'processed' | 'failed' | null;
  refunded_at: string | null;
};

/** The order's payments that paid nothing, with their refunds, oldest first (order-payments.service). */
const extraPayments = sql<ExtraPaymentRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'amount_kobo', p.charged_kobo,
    'second', p.problem LIKE ${`${SECOND_PAYMENT}%`},
    'paid_at', p.charged_at,
    'refund_status', r.status,
    'refunded_at', CASE WHEN r.status = 'processed' THEN r.processed_at END
  ) ORDER BY p.charged_at, p.id), '[]'::json)
  FROM ${order_payments} p
  LEFT JOIN ${refunds} r ON r.reference = p.reference AND r.kind = 'extra_payment'
  WHERE p.order_id = ${orders.id} AND p.status = 'extra' AND p.charged_kobo > 0)`;

type SelectedOrder = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/**
 * Phones cross over only once the order is paid: the buyer's to the seller, the seller's to the
 * buyer. The delivery code is the buyer's alone, and only while it is on its way.
 */
function toOrder(row: SelectedOrder, viewer: Viewer, photoReader?: PhotoReader): Order {
  const o = row.order;
  const paid = o.paid_at !== null;
  return {
    id: o.id,
    listing_id: o.listing_id,
    listing_title: o.title,
    farm_id: o.farm_id,
    farm_name: o.seller_name,
    buyer_id: o.buyer_id,
    buyer_name: row.buyer_name,
    status: o.status,
    quantity: Number(o.quantity),
    unit: o.unit,
    unit_price_kobo: o.unit_price_kobo,
    subtotal_kobo: o.subtotal_kobo,
    delivery: o.delivery,
    delivery_fee_kobo: o.delivery_fee_kobo,
    total_kobo: o.total_kobo,
    buyer_phone: viewer.as === 'buyer' || paid ? o.buyer_phone : null,
    seller_phone: viewer.as === 'buyer' && paid ? row.seller_phone : null,
    delivery_address: o.delivery_address,
    note: o.note,
    reference: o.reference,
    expires_at: o.expires_at.toISOString(),
    accept_by: iso(o.accept_by),
    paid_at: iso(o.paid_at),
    decided_at: iso(o.decided_at),
    cancel_reason: o.cancel_reason,
    refund: row.refund_id ? row.refund : null,
    extra_payments:
      viewer.as === 'buyer'
        ? row.extra_payments.map((p) => ({
            amount_kobo: Number(p.amount_kobo),
            reason: p.second ? ('second' as const) : ('mismatch' as const),
            refund_status: p.refund_status,
            paid_at: new Date(p.paid_at).toISOString(),
            refunded_at: p.refunded_at ? new Date(p.refunded_at).toISOString() : null,
          }))
        : [],
    dispatch_by: iso(o.dispatch_by),
    dispatch:
      o.dispatched_at && o.expected_on
        ? {
            expected_on: o.expected_on,
            driver_name: o.driver_name,
            driver_phone: o.driver_phone,
            vehicle: o.vehicle,
            dispatched_at: o.dispatched_at.toISOString(),
          }
        : null,
    delivery_code: viewer.as === 'buyer' && o.status === 'dispatched' ? o.delivery_code : null,
    delivered_quantity: o.delivered_quantity === null ? null : Number(o.delivered_quantity),
    delivered_at: iso(o.delivered_at),
    complete_by: iso(o.complete_by),
    completed_at: iso(o.completed_at),
    seller_amount_kobo: o.seller_amount_kobo,
    // The farm's payout of a completed order; the buyer does not see it.
    payout:
      viewer.as === 'seller' && row.payout_id && row.payout
        ? { status: row.payout.status, paid_at: iso(row.payout.paid_at), failure: row.payout.failure }
        : null,
    // Filled by withRatings.
    my_rating: null,
    buyer_rating: null,
    dispute: row.dispute
      ? toDispute(
          row.dispute,
          row.dispute_answer_name,
          toDisputePhotos(
            row.dispute_photos,
            photoReader ??
              (viewer.as === 'buyer'
                ? { as: 'buyer', orderId: o.id }
                : { as: 'seller', farmId: viewer.farmId }),
          ),
        )
      : null,
    created_at: o.created_at.toISOString(),
    version: o.version,
  };
}

/**
 * The viewer's own rating of the other side on each order, and, for the seller, the buyer's
 * ratings from sellers (count and weighted average at this moment).
 */
async function withRatings(db: Db | Tx, list: Order[], viewer: Viewer): Promise<Order[]> {
  const ids = list.map((o) => o.id);
  const [given, briefs] = await Promise.all([
    ratingsGiven(db, ids, viewer.as),
    viewer.as === 'seller'
      ? buyerBriefs(
          db,
          list.flatMap((o) => (o.buyer_id ? [o.buyer_id] : [])),
          Date.now(),
        )
      : Promise.resolve(null),
  ]);
  return list.map((o) => ({
    ...o,
    my_rating: given.get(o.id) ?? null,
    buyer_rating: briefs && o.buyer_id ? (briefs.get(o.buyer_id) ?? null) : null,
  }));
}

/** One order as `viewer` reads it; Gona's staff read a dispute's photos through it (`photoReader`). */
export async function readOrder(
  db: Db | Tx,
  where: SQL | undefined,
  viewer: Viewer,
  photoReader?: PhotoReader,
): Promise<Order> {
  const [row] = await selectOrders(db).where(where).limit(1);
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [order] = await withRatings(db, [toOrder(row, viewer, photoReader)], viewer);
  return order!;
}

async function listOrders(
  db: Db,
  where: SQL | undefined,
  query: PageQuery,
  viewer: Viewer,
): Promise<Page<Order>> {
  const rows = await selectOrders(db)
    .where(and(where, orderPages.after(query.cursor)))
    .orderBy(...orderPages.orderBy)
    .limit(query.limit + 1);
  const page = orderPages.page(
    rows.map((r) => ({ ...r, id: r.order.id, created_at: r.order.created_at })),
    query.limit,
  );
  return {
    next_cursor: page.next_cursor,
    items: await withRatings(
      db,
      page.items.map((r) => toOrder(r, viewer)),
      viewer,
    ),
  };
}

// Buyers -------------------------------------------------------------------------------------------

export async function listMyOrders(deps: OrdersDeps, userId: string, query: PageQuery): Promise<Page<Order>> {
  return listOrders(deps.db, eq(orders.buyer_id, userId), query, { as: 'buyer', userId });
}

export async function getMyOrder(deps: OrdersDeps, userId: string, orderId: string): Promise<Order> {
  return readOrder(deps.db, and(eq(orders.id, orderId), eq(orders.buyer_id, userId)), {
    as: 'buyer',
    userId,
  });
}

/**
 * A buyer orders a quantity of an active listing (not of a farm they belong to). The quantity is
 * taken off the listing by one conditional UPDATE, so buyers racing for the last bags never get
 * more than there is: the ones too late are told what is left. Prices are copied onto the order;
 * it waits ORDER_PAYMENT_MINUTES for payment. The device's id makes a second tap or a retry
 * answer the first order.
 */
export async function placeOrder(
  deps: OrdersDeps,
  userId: string,
  input: PlaceOrderInput & { buyer_phone: string },
): Promise<{ order: Order; created: boolean }> {
  const viewer: Viewer = { as: 'buyer', userId };
  const [existing] = await deps.db
    .select({ buyer_id: orders.buyer_id })
    .from(orders)
    .where(eq(orders.id, input.id));
  if (existing) {
    if (existing.buyer_id !== userId) throw new AppError('CONFLICT', 'Send a new order id');
    return { order: await readOrder(deps.db, eq(orders.id, input.id), viewer), created: false };
  }

  const [listing] = await deps.db.select().from(listings).where(eq(listings.id, input.listing_id));
  if (!listing || listing.status === 'draft')
    throw new AppError('VALIDATION', undefined, { listing_id: 'This listing does not exist' });
  const [member] = await deps.db
    .select({ role: farm_memberships.role })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, listing.farm_id), eq(farm_memberships.user_id, userId)));
  if (member)
    throw new AppError('VALIDATION', undefined, { listing_id: 'You cannot order from your own farm' });
  if (listing.status !== 'active')
    throw new AppError('CONFLICT', soldOutMessage(listing.status), {
      quantity: soldOutMessage(listing.status),
    });
  // Hidden by Gona, or the farm's owner stopped selling (docs/decisions/045).
  const offSale = await listingOffSale(deps.db, listing.id);
  if (offSale) throw new AppError('CONFLICT', offSale, { quantity: offSale });
  // Its animals in a withdrawal period (docs/decisions/052): the buyer is told no more than this.
  if (await listingWithdrawal(deps.db, listing, new Date(deps.now())))
    throw new AppError('CONFLICT', NOT_FOR_SALE_NOW, { quantity: NOT_FOR_SALE_NOW });

  const units = unitWords(listing.unit);
  const fields: Record<string, string> = {};
  if (thousandths(input.quantity) < thousandths(listing.min_order))
    fields.quantity = `The smallest order is ${quantityText(listing.min_order)} ${units}`;
  else if (thousandths(input.quantity) > thousandths(listing.quantity_available))
    fields.quantity = leftMessage(listing.quantity_available, units);
  const delivers = input.delivery === 'seller_delivers';
  if (delivers ? !listing.delivery_seller : !listing.delivery_pickup)
    fields.delivery = delivers ? 'This seller does not deliver' : 'This seller only delivers';
  if (delivers && !input.delivery_address?.trim()) fields.delivery_address = 'Enter where to deliver';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);

  const subtotal = subtotalKobo(listing.price_kobo, input.quantity);
  const deliveryFee = delivers ? (listing.delivery_fee_kobo ?? 0) : 0;
  // The gateway cannot charge less than ₦1: refused before anything is reserved.
  if (subtotal + deliveryFee < MIN_ORDER_TOTAL_KOBO) {
    const message = 'An order must come to at least ₦1. Order a larger quantity.';
    throw new AppError('VALIDATION', message, { quantity: message });
  }
  const plan = await farmPlan(deps.db, listing.farm_id);
  const [farm] = await deps.db.select({ name: farms.name }).from(farms).where(eq(farms.id, listing.farm_id));
  const commission = commissionKobo(subtotal, plan, deps.config.marketCommissionBps);
  const now = deps.now();

  const created = await deps.db
    .transaction(async (tx) => {
      const quantity = quantityText(input.quantity);
      const [reserved] = await tx
        .update(listings)
        .set({
          quantity_available: sql`${listings.quantity_available} - ${quantity}::numeric`,
          status: sql`CASE WHEN ${listings.quantity_available} - ${quantity}::numeric = 0 THEN 'sold_out' ELSE ${listings.status} END`,
          updated_at: new Date(now),
          version: sql`${listings.version} + 1`,
        })
        .where(
          and(
            eq(listings.id, listing.id),
            eq(listings.status, 'active'),
            isNull(listings.hidden_at),
            sql`NOT EXISTS (SELECT 1 FROM ${farms} INNER JOIN ${users} ON ${users.id} = ${farms.owner_id} WHERE ${farms.id} = ${listings.farm_id} AND ${users.selling_suspended_at} IS NOT NULL)`,
            sql`NOT ${listingWithheldSql(new Date(now))}`,
            sql`${listings.quantity_available} >= ${quantity}::numeric`,
          ),
        )
        .returning({ id: listings.id });
      if (!reserved) return null;
      const [row] = await tx
        .insert(orders)
        .values({
          id: input.id,
          listing_id: listing.id,
          farm_id: listing.farm_id,
          buyer_id: userId,
          title: listing.title,
          seller_name: farm?.name ?? '',
          status: 'placed',
          quantity,
          unit: listing.unit,
          unit_price_kobo: listing.price_kobo,
          subtotal_kobo: subtotal,
          delivery: input.delivery,
          delivery_fee_kobo: deliveryFee,
          total_kobo: subtotal + deliveryFee,
          commission_kobo: commission,
          buyer_phone: input.buyer_phone,
          delivery_address: delivers ? (input.delivery_address ?? null) : null,
          note: input.note ?? null,
          reference: `gona-${input.id}`,
          expires_at: new Date(now + ORDER_PAYMENT_MINUTES * MINUTE_MS),
          created_at: new Date(now),
          updated_at: new Date(now),
        })
        .onConflictDoNothing({ target: orders.id })
        .returning({ id: orders.id });
      // The same id sent twice at once: the other request placed it; this reservation is undone.
      if (!row) throw new SameOrderPlaced();
      return row;
    })
    .catch((err: unknown) => {
      if (err instanceof SameOrderPlaced) return null;
      throw err;
    });

  if (!created) {
    const [after] = await deps.db
      .select({ status: listings.status, quantity_available: listings.quantity_available })
      .from(listings)
      .where(eq(listings.id, listing.id));
    const [raced] = await deps.db
      .select({ buyer_id: orders.buyer_id })
      .from(orders)
      .where(eq(orders.id, input.id));
    if (raced?.buyer_id === userId)
      return { order: await readOrder(deps.db, eq(orders.id, input.id), viewer), created: false };
    const message =
      (await listingOffSale(deps.db, listing.id)) ??
      ((await listingWithdrawal(deps.db, listing, new Date(now))) ? NOT_FOR_SALE_NOW : null) ??
      (!after || after.status !== 'active' || Number(after.quantity_available) === 0
        ? soldOutMessage(after?.status ?? 'closed')
        : leftMessage(after.quantity_available, units));
    throw new AppError('CONFLICT', message, { quantity: message });
  }
  return { order: await readOrder(deps.db, eq(orders.id, input.id), viewer), created: true };
}

class SameOrderPlaced extends Error {}

function leftMessage(available: string, units: string): string {
  return `Only ${quantityText(available)} ${units} ${Number(available) === 1 ? 'is' : 'are'} left`;
}

function soldOutMessage(status: string): string {
  return status === 'sold_out' ? 'Sold out: nothing is left to order' : 'This listing is not for sale now';
}

export function statusMessage(status: OrderStatus): string {
  switch (status) {
    case 'placed':
      return 'This order is waiting for payment';
    case 'paid':
      return 'This order is paid and waiting for the seller';
    case 'accepted':
      return 'The seller has accepted this order';
    case 'declined':
      return 'The seller declined this order';
    case 'cancelled':
      return 'This order was cancelled';
    case 'expired':
      return 'This order expired before it was paid';
    case 'dispatched':
      return 'This order has been dispatched';
    case 'delivered':
      return 'This order has been delivered';
    case 'disputed':
      return 'A problem was reported with this order; Gona is looking at it';
    case 'completed':
      return 'This order is complete';
  }
}

/**
 * The buyer cancels: an unpaid order frees its quantity; a paid order not yet accepted is
 * cancelled and refunded in full, and so is an accepted one the seller did not dispatch by its
 * dispatch_by. Before that day an accepted order cannot be cancelled here.
 */
export async function cancelMyOrder(deps: OrdersDeps, userId: string, orderId: string): Promise<Order> {
  const viewer: Viewer = { as: 'buyer', userId };
  const now = new Date(deps.now());
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, userId)));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const late = order.status === 'accepted' && order.dispatch_by !== null && order.dispatch_by <= now;
  if (order.status === 'accepted' && !late)
    throw new AppError(
      'CONFLICT',
      order.dispatch_by
        ? `The seller has accepted this order and has until ${lagosDay(order.dispatch_by)} to dispatch it. You can cancel it if it is not dispatched by then.`
        : statusMessage(order.status),
    );
  if (order.status !== 'placed' && order.status !== 'paid' && !late)
    throw new AppError('CONFLICT', statusMessage(order.status));
  const refunded = order.status !== 'placed';
  const done = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancel_reason: late
          ? 'Cancelled by the buyer: not dispatched in time; refunded in full'
          : refunded
            ? 'Cancelled by the buyer; refunded in full'
            : 'Cancelled by the buyer',
        decided_at: now,
        updated_at: now,
        version: sql`${orders.version} + 1`,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          late ? lte(orders.dispatch_by, now) : undefined,
        ),
      )
      .returning();
    if (!changed) return null;
    await giveBack(tx, changed);
    if (refunded)
      await startRefund(
        tx,
        changed,
        late ? 'Cancelled by the buyer: not dispatched in time' : 'Cancelled by the buyer',
      );
    return changed;
  });
  if (!done) throw new AppError('CONFLICT', 'This order changed meanwhile. Reload and try again.');
  if (refunded) {
    await requestRefund(deps, done.id);
    await notifySeller(deps.db, done, 'cancelled');
  }
  return readOrder(deps.db, eq(orders.id, order.id), viewer);
}

// Sellers ------------------------------------------------------------------------------------------

export async function listFarmOrders(
  deps: OrdersDeps,
  farmId: string,
  query: PageQuery,
): Promise<Page<Order>> {
  return listOrders(deps.db, eq(orders.farm_id, farmId), query, { as: 'seller', farmId });
}

export async function getFarmOrder(deps: OrdersDeps, farmId: string, orderId: string): Promise<Order> {
  return readOrder(deps.db, and(eq(orders.id, orderId), eq(orders.farm_id, farmId)), {
    as: 'seller',
    farmId,
  });
}

/**
 * The seller accepts a paid order (with the version they saw): Gona keeps holding the money until
 * the order completes, and the seller dispatches it within ORDER_DISPATCH_DAYS; or declines it:
 * refunded in full and its quantity back on the listing. A person Gona stopped selling may
 * decline, not accept (docs/decisions/045).
 */
export async function decideOrder(
  deps: OrdersDeps,
  seller: { farmId: string; userId: string },
  orderId: string,
  decision: 'accepted' | 'declined',
  version: number,
): Promise<Order> {
  const { farmId } = seller;
  const viewer: Viewer = { as: 'seller', farmId };
  if (decision === 'accepted') await assertMaySell(deps.db, seller.userId);
  const now = new Date(deps.now());
  // Not while its animals are in a withdrawal period: the seller is told why and until when.
  const withdrawal = decision === 'accepted' ? await orderWithdrawal(deps.db, farmId, orderId, now) : null;
  if (withdrawal) throw new AppError('CONFLICT', acceptRefusedMessage(withdrawal));
  const done = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        status: decision,
        decided_at: now,
        updated_at: now,
        cancel_reason: decision === 'declined' ? 'Declined by the seller; refunded in full' : null,
        dispatch_by: decision === 'accepted' ? new Date(now.getTime() + ORDER_DISPATCH_DAYS * DAY_MS) : null,
        version: sql`${orders.version} + 1`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.farm_id, farmId),
          eq(orders.status, 'paid'),
          eq(orders.version, version),
        ),
      )
      .returning();
    if (!changed) return null;
    if (decision === 'declined') {
      await giveBack(tx, changed);
      await startRefund(tx, changed, 'Declined by the seller');
    }
    return changed;
  });
  if (!done) {
    const [order] = await deps.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)));
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status !== 'paid') throw new AppError('CONFLICT', statusMessage(order.status));
    throw new AppError('CONFLICT');
  }
  if (decision === 'declined') await requestRefund(deps, done.id);
  await notifyBuyer(deps.db, done, decision);
  return readOrder(deps.db, eq(orders.id, orderId), viewer);
}

/**
 * The seller dispatches an accepted order (with the version they saw): ready for pickup on a day,
 * or on its way with a driver (name and phone needed) to arrive on a day, never before today in
 * Lagos. A random delivery code is made for the buyer to give only when they have the produce.
 */
export async function dispatchOrder(
  deps: OrdersDeps,
  farmId: string,
  orderId: string,
  input: {
    version: number;
    expected_on: string;
    driver_name?: string | null;
    driver_phone?: string | null;
    vehicle?: string | null;
  },
): Promise<Order> {
  const order = await farmOrderRow(deps.db, farmId, orderId);
  if (order.status !== 'accepted') throw new AppError('CONFLICT', statusMessage(order.status));
  const now = new Date(deps.now());
  const fields: Record<string, string> = {};
  if (input.expected_on < dateIn(DEFAULT_TIMEZONE, now)) fields.expected_on = 'Choose today or a later day';
  if (order.delivery === 'seller_delivers') {
    if (!input.driver_name) fields.driver_name = "Enter the driver's name";
    if (!input.driver_phone) fields.driver_phone = "Enter the driver's phone";
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);

  const [done] = await deps.db
    .update(orders)
    .set({
      status: 'dispatched',
      dispatched_at: now,
      expected_on: input.expected_on,
      driver_name: input.driver_name ?? null,
      driver_phone: input.driver_phone ?? null,
      vehicle: input.vehicle ?? null,
      delivery_code: newDeliveryCode(),
      code_tries: 0,
      code_locked_until: null,
      updated_at: now,
      version: sql`${orders.version} + 1`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.farm_id, farmId),
        eq(orders.status, 'accepted'),
        eq(orders.version, input.version),
      ),
    )
    .returning();
  if (!done)
    throw await changedMeanwhile(
      deps.db,
      and(eq(orders.id, orderId), eq(orders.farm_id, farmId)),
      'accepted',
    );
  await notifyBuyer(deps.db, done, 'dispatched');
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'seller', farmId });
}

/**
 * The seller records the delivery with the code the buyer gave the driver and the quantity weighed
 * (never more than ordered). A wrong code is counted: after CODE_TRIES_MAX wrong codes in a row the
 * order refuses codes for CODE_LOCK_MS (429), so the code cannot be guessed. Less than ordered
 * refunds the buyer the difference.
 */
export async function deliverOrder(
  deps: OrdersDeps,
  farmId: string,
  orderId: string,
  input: { version: number; code: string; delivered_quantity: number },
): Promise<Order> {
  const now = new Date(deps.now());
  const result = await deps.db.transaction(async (tx): Promise<{ refused: AppError } | Delivered> => {
    // Locked, so codes sent at once are counted one after another.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)))
      .for('update');
    if (!order) return { refused: new AppError('NOT_FOUND', ORDER_NOT_FOUND) };
    if (order.status !== 'dispatched')
      return { refused: new AppError('CONFLICT', statusMessage(order.status)) };
    if (order.code_locked_until && order.code_locked_until > now) return { refused: codeLocked() };
    if (thousandths(input.delivered_quantity) > thousandths(order.quantity))
      return {
        refused: new AppError('VALIDATION', undefined, {
          delivered_quantity: `At most ${quantityText(order.quantity)} ${unitWords(order.unit)} were ordered`,
        }),
      };
    if (order.version !== input.version) return { refused: new AppError('CONFLICT') };
    if (!sameCode(order.delivery_code, input.code)) {
      const tries = order.code_tries + 1;
      const locks = tries >= CODE_TRIES_MAX;
      await tx
        .update(orders)
        .set({
          code_tries: locks ? 0 : tries,
          code_locked_until: locks ? new Date(now.getTime() + CODE_LOCK_MS) : order.code_locked_until,
        })
        .where(eq(orders.id, order.id));
      return {
        refused: locks
          ? codeLocked()
          : new AppError('VALIDATION', undefined, {
              code: 'That code does not match. Ask the buyer for the code in their order',
            }),
      };
    }
    return markDelivered(deps, tx, order, input.delivered_quantity, now);
  });
  if ('refused' in result) throw result.refused;
  await afterDelivery(deps, result);
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'seller', farmId });
}

/** The buyer confirms they have the produce (with the version they saw): all of it was delivered. */
export async function receiveOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  version: number,
): Promise<Order> {
  const now = new Date(deps.now());
  const mine = and(eq(orders.id, orderId), eq(orders.buyer_id, userId));
  const delivered = await deps.db.transaction(async (tx) => {
    const order = await heldAt(tx, mine, 'dispatched', version);
    return order ? markDelivered(deps, tx, order, Number(order.quantity), now) : null;
  });
  if (!delivered) throw await changedMeanwhile(deps.db, mine, 'dispatched');
  await afterDelivery(deps, delivered);
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'buyer', userId });
}

/**
 * The order `which` finds, held for the rest of the transaction, if it is still in `status` at the
 * version the person saw; null when it has moved on (the caller says what it is now).
 */
async function heldAt(
  tx: Tx,
  which: SQL | undefined,
  status: OrderRow['status'],
  version: number,
): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(which, eq(orders.status, status), eq(orders.version, version)))
    .for('update');
  return order ?? null;
}

type Delivered = { order: OrderRow; refundKobo: number; completeHours: number };

/**
 * Marks a dispatched order (read locked) delivered: the quantity, the time, and when it completes
 * (ORDER_COMPLETE_HOURS_FRESH for fresh produce, else the configured MARKET_COMPLETE_HOURS). What
 * was short is refunded in the same transaction; the quantity is not put back on the listing (it
 * was never there to sell again).
 */
async function markDelivered(
  deps: OrdersDeps,
  tx: Tx,
  order: OrderRow,
  deliveredQuantity: number,
  now: Date,
): Promise<Delivered> {
  const [listing] = order.listing_id
    ? await tx
        .select({ product_key: listings.product_key })
        .from(listings)
        .where(eq(listings.id, order.listing_id))
    : [];
  const completeHours =
    listing && FRESH_PRODUCT_KEYS.includes(listing.product_key)
      ? ORDER_COMPLETE_HOURS_FRESH
      : deps.config.marketCompleteHours;
  const [changed] = await tx
    .update(orders)
    .set({
      status: 'delivered',
      delivered_quantity: quantityText(deliveredQuantity),
      delivered_at: now,
      complete_by: new Date(now.getTime() + completeHours * HOUR_MS),
      code_tries: 0,
      code_locked_until: null,
      updated_at: now,
      version: sql`${orders.version} + 1`,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'dispatched')))
    .returning();
  const delivered = changed!;
  const refundKobo = shortRefundKobo(delivered);
  if (refundKobo > 0)
    await startRefund(
      tx,
      delivered,
      `Short on delivery: ${quantityText(deliveredQuantity)} of ${quantityText(order.quantity)} ${unitWords(order.unit)} delivered`,
      'short_delivery',
    );
  return { order: delivered, refundKobo, completeHours };
}

async function afterDelivery(deps: OrdersDeps, delivered: Delivered): Promise<void> {
  if (delivered.refundKobo > 0) await requestRefund(deps, delivered.order.id);
  await notifyBuyer(deps.db, delivered.order, 'delivered', delivered);
  await notifySeller(deps.db, delivered.order, 'delivered', delivered);
}

/**
 * What the buyer gets back for the quantity not delivered: (ordered − delivered) × unit price,
 * whole kobo rounded half up; 0 when all was delivered.
 */
export function shortRefundKobo(order: {
  quantity: string;
  delivered_quantity: string | null;
  unit_price_kobo: number;
}): number {
  if (order.delivered_quantity === null) return 0;
  const short = thousandths(order.quantity) - thousandths(order.delivered_quantity);
  if (short <= 0n) return 0;
  return Number((BigInt(order.unit_price_kobo) * short + 500n) / 1000n);
}

/** DELIVERY_CODE_LENGTH random digits, leading zeros kept. */
function newDeliveryCode(): string {
  return String(randomInt(0, 10 ** DELIVERY_CODE_LENGTH)).padStart(DELIVERY_CODE_LENGTH, '0');
}

function sameCode(expected: string | null, given: string): boolean {
  if (!expected || expected.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

function codeLocked(): AppError {
  const message = `Too many wrong codes. Try again in ${CODE_LOCK_MS / MINUTE_MS} minutes, or ask the buyer to confirm in their order that they have it`;
  return new AppError('RATE_LIMITED', message, { code: message });
}

async function farmOrderRow(db: Db, farmId: string, orderId: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/**
 * Why a conditional update from `expected` changed nothing: gone (404), moved on, or a stale
 * version (409).
 */
async function changedMeanwhile(db: Db, where: SQL | undefined, expected: OrderStatus): Promise<AppError> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(where);
  if (!order) return new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (order.status !== expected) return new AppError('CONFLICT', statusMessage(order.status));
  return new AppError('CONFLICT');
}

/** A time as its day in Lagos, 24/11/2026. */
function lagosDay(at: Date): string {
  const [y, m, d] = dateIn(DEFAULT_TIMEZONE, at).split('-');
  return `${d}/${m}/${y}`;
}

// Money ------------------------------------------------------------------------------------------

/** The order's quantity back on its listing (a sold-out listing is active again). */
async function giveBack(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.listing_id) return;
  await tx
    .update(listings)
    .set({
      quantity_available: sql`${listings.quantity_available} + ${order.quantity}::numeric`,
      status: sql`CASE WHEN ${listings.status} = 'sold_out' THEN 'active' ELSE ${listings.status} END`,
      version: sql`${listings.version} + 1`,
    })
    .where(eq(listings.id, order.listing_id));
}

// Sweeps -----------------------------------------------------------------------------------------

/** Unpaid orders past their ORDER_PAYMENT_MINUTES expire and give their quantity back. */
export async function expireOrders(deps: SweepDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'placed'), lte(orders.expires_at, now)))
    .limit(SWEEP_BATCH);
  let expired = 0;
  for (const { id } of due) {
    expired += await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: 'expired', updated_at: now, version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, id), eq(orders.status, 'placed'), lte(orders.expires_at, now)))
        .returning();
      if (!changed) return 0;
      await giveBack(tx, changed);
      return 1;
    });
  }
  return expired;
}

/** Paid orders the seller did not accept within ORDER_ACCEPT_HOURS are cancelled and refunded in full. */
export async function cancelUnacceptedOrders(deps: SweepDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), lte(orders.accept_by, now)))
    .limit(SWEEP_BATCH);
  const reason = `The seller did not accept within ${ORDER_ACCEPT_HOURS} hours; refunded in full`;
  let cancelled = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({
          status: 'cancelled',
          cancel_reason: reason,
          decided_at: now,
          updated_at: now,
          version: sql`${orders.version} + 1`,
        })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), lte(orders.accept_by, now)))
        .returning();
      if (!changed) return null;
      await giveBack(tx, changed);
      await startRefund(tx, changed, reason);
      return changed;
    });
    if (!done) continue;
    cancelled++;
    await requestRefund(deps, done.id);
    await notifyBuyer(deps.db, done, 'cancelled');
    await notifySeller(deps.db, done, 'cancelled');
  }
  return cancelled;
}

/**
 * Accepted orders not dispatched by their dispatch_by: the seller is reminded once (reminded_at,
 * set by one conditional update, so runs at once remind once). The buyer may cancel them from then.
 */
export async function remindUndispatchedOrders(deps: SweepDeps, now: Date): Promise<number> {
  const due = deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'accepted'), isNull(orders.reminded_at), lte(orders.dispatch_by, now)))
    .limit(SWEEP_BATCH);
  const reminded = await deps.db
    .update(orders)
    .set({ reminded_at: now })
    .where(and(inArray(orders.id, due), eq(orders.status, 'accepted'), isNull(orders.reminded_at)))
    .returning();
  for (const order of reminded) await notifySeller(deps.db, order, 'dispatch_late');
  return reminded.length;
}

/**
 * Delivered orders past complete_by complete: the money held for them (the delivered value and the
 * delivery fee) goes to Gona's commission (the commission placed, in proportion to what was
 * delivered, whole kobo half up) and the rest to what the farm is owed (seller_payable,
 * seller_amount_kobo). One conditional update from `delivered` per order: a second run, or one at
 * the same time, completes nothing twice.
 */
export async function completeOrders(deps: SweepDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'delivered'), lte(orders.complete_by, now)))
    .limit(SWEEP_BATCH);
  let completed = 0;
  for (const order of due) {
    const done = await deps.db.transaction((tx) =>
      completeDelivered(tx, order, now, lte(orders.complete_by, now)),
    );
    if (!done) continue;
    completed++;
    await notifySeller(deps.db, done, 'completed');
  }
  return completed;
}

/**
 * Completes one delivered order (one conditional update from `delivered`, with `also`): the money
 * held for it moves to the commission and to what the farm is owed, and its payout is created.
 * Null when it was no longer delivered (completed or disputed meanwhile).
 */
async function completeDelivered(
  tx: Tx,
  order: OrderRow,
  now: Date,
  also: SQL | undefined,
): Promise<OrderRow | null> {
  const money = completionMoney(order);
  const [changed] = await tx
    .update(orders)
    .set({
      status: 'completed',
      completed_at: now,
      seller_amount_kobo: money.sellerKobo,
      updated_at: now,
      version: sql`${orders.version} + 1`,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'delivered'), also))
    .returning();
  if (!changed) return null;
  const lines = [
    { account: 'held' as const, amountKobo: money.releasedKobo },
    { account: 'commission' as const, amountKobo: -money.commissionKobo },
    { account: 'seller_payable' as const, amountKobo: -money.sellerKobo },
  ].filter((l) => l.amountKobo !== 0);
  if (lines.length > 0) await recordLedger(tx, changed.id, 'completion', lines);
  await createPayout(tx, changed, money.sellerKobo);
  return changed;
}

/**
 * The buyer of a delivered order says all is well before the window for problems ends (with the
 * version they saw): it completes now, as the sweep would complete it, and its payout is sent at
 * once. They can no longer report a problem with it.
 */
export async function releaseMyOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  version: number,
): Promise<Order> {
  const now = new Date(deps.now());
  const mine = and(eq(orders.id, orderId), eq(orders.buyer_id, userId));
  const done = await deps.db.transaction(async (tx) => {
    const order = await heldAt(tx, mine, 'delivered', version);
    return order ? completeDelivered(tx, order, now, undefined) : null;
  });
  if (!done) throw await changedMeanwhile(deps.db, mine, 'delivered');
  await notifySeller(deps.db, done, 'completed');
  await sendPayouts(deps, now, { orderId: done.id });
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'buyer', userId });
}

/**
 * What completing a delivered order moves: released = delivered value (the subtotal less what was
 * refunded for being short) + the delivery fee; commission = the placed commission × delivered
 * value / subtotal, half up; the farm's share is the rest.
 */
export function completionMoney(order: {
  subtotal_kobo: number;
  delivery_fee_kobo: number;
  commission_kobo: number;
  quantity: string;
  delivered_quantity: string | null;
  unit_price_kobo: number;
}): { releasedKobo: number; commissionKobo: number; sellerKobo: number } {
  const deliveredValue = order.subtotal_kobo - shortRefundKobo(order);
  const commission =
    order.subtotal_kobo > 0
      ? Number(
          (2n * BigInt(order.commission_kobo) * BigInt(deliveredValue) + BigInt(order.subtotal_kobo)) /
            (2n * BigInt(order.subtotal_kobo)),
        )
      : 0;
  const released = deliveredValue + order.delivery_fee_kobo;
  return { releasedKobo: released, commissionKobo: commission, sellerKobo: released - commission };
}

// Notifications ------------------------------------------------------------------------------------

function orderFacts(order: OrderRow) {
  return {
    order_id: order.id,
    listing_title: order.title,
    farm_name: order.seller_name,
    quantity: quantityText(order.quantity),
    unit: order.unit,
    total_kobo: order.total_kobo,
  };
}

/**
 * The farm's owners and managers hear of a paid order to accept, of one cancelled, of one not
 * dispatched in time, of its delivery, and of the money due to the farm once it completes.
 */
export async function notifySeller(
  db: Db,
  order: OrderRow,
  status: 'paid' | 'cancelled' | 'dispatch_late' | 'delivered' | 'completed',
  delivered?: Delivered,
): Promise<void> {
  if (!order.farm_id) return;
  const facts = orderFacts(order);
  await notify(
    { db },
    {
      farmId: order.farm_id,
      roles: ['owner', 'manager'],
      kind: 'order_sold',
      params:
        status === 'dispatch_late'
          ? { ...facts, status, dispatch_by: dateIn(DEFAULT_TIMEZONE, order.dispatch_by ?? new Date()) }
          : status === 'delivered'
            ? { ...facts, status, ...deliveredFacts(order, delivered) }
            : status === 'completed'
              ? { ...facts, status, seller_amount_kobo: order.seller_amount_kobo ?? 0 }
              : { ...facts, status },
      link: NOTIFICATION_PATHS.farmOrders,
      dedupeKey: `order_sold:${order.id}:${status}`,
    },
  );
}

/** The buyer hears of each step of their order. */
export async function notifyBuyer(
  db: Db,
  order: OrderRow,
  status: 'paid' | 'accepted' | 'declined' | 'cancelled' | 'dispatched' | 'delivered',
  delivered?: Delivered,
): Promise<void> {
  if (!order.buyer_id) return;
  const facts = orderFacts(order);
  await notify(
    { db },
    {
      userIds: [order.buyer_id],
      kind: 'order_update',
      params:
        status === 'dispatched'
          ? {
              ...facts,
              status,
              delivery: order.delivery,
              expected_on: order.expected_on ?? dateIn(DEFAULT_TIMEZONE, order.updated_at),
              driver_name: order.driver_name,
              driver_phone: order.driver_phone,
            }
          : status === 'delivered'
            ? { ...facts, status, ...deliveredFacts(order, delivered) }
            : { ...facts, status, reason: order.cancel_reason },
      link: NOTIFICATION_PATHS.order(order.id),
      dedupeKey: `order_update:${order.id}:${status}`,
    },
  );
}

function deliveredFacts(order: OrderRow, delivered: Delivered | undefined) {
  return {
    delivered_quantity: quantityText(order.delivered_quantity ?? order.quantity),
    refund_kobo: delivered?.refundKobo ?? shortRefundKobo(order),
    complete_hours: delivered?.completeHours ?? 0,
  };
}
