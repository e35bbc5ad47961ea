/**
 * Orders as rows: how one is read (selectOrders → toOrder → readOrder / listOrders), the
 * quantity and money arithmetic every step shares, and the row helpers the buyer's, the seller's
 * and the sweeps' transitions use (heldAt, changedMeanwhile, giveBackIn).
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { SALE_UNIT_WORDS, type SaleUnit } from '@gona/shared/finance';
import { shortRefundKobo, type Order, type OrderStatus } from '@gona/shared/marketplace';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { PlanId } from '@gona/shared/plans';
import { koboForQuantity, milliOf, normalizeQuantity, type Quantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import {
  disputes,
  farm_memberships,
  listings,
  order_payments,
  orders,
  payouts,
  refunds,
  users,
} from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { dateIn } from '../../lib/farm-time';
import { keyset, newestFirst } from '../../lib/pagination';
import {
  disputeAnswerName,
  disputePhotoRows,
  toDispute,
  toDisputePhotos,
  type PhotoReader,
} from './disputes.read';
import { buyerBriefs, ratingsGiven } from './ratings.service';

export const ORDER_NOT_FOUND = 'Order not found';
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const orderPages = keyset({ order: newestFirst(orders) });

/** How the problem of a second payment of a paid order starts (the buyer's order says so). */
export const SECOND_PAYMENT = 'A second payment of an order already paid';

export type OrderRow = typeof orders.$inferSelect;
export type OrdersDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>;

/** Who reads an order: its buyer, or a member of the selling farm. */
export type Viewer =
  | { as: 'buyer'; userId: string }
  /** `now`: the app's clock (deps.now()), at which the buyers' ratings are weighed by their age. */
  | { as: 'seller'; farmId: string; now: number };

/**
 * A quantity (the input's decimal string, or numeric(14,3)'s "12.500") as words show it: "12.5".
 * Comparisons and prices work in milli-units through the shared helpers (docs/decisions/058).
 */
export function quantityText(quantity: Quantity): string {
  return normalizeQuantity(quantity);
}

export function unitWords(unit: SaleUnit): string {
  return SALE_UNIT_WORDS[unit];
}

/** Price × quantity in whole kobo, half up: the shared koboForQuantity. */
export function subtotalKobo(priceKobo: number, quantity: Quantity): number {
  const value = koboForQuantity(priceKobo, milliOf(quantity));
  if (!Number.isSafeInteger(value))
    throw new AppError('VALIDATION', undefined, { quantity: 'Enter a smaller quantity' });
  return value;
}

/**
 * Gona's share of the subtotal (never of the delivery fee), whole kobo rounded half up, at the
 * selling farm's plan's rate (MARKET_COMMISSION_BPS_FREE / _PRO, basis points).
 */
export function commissionKobo(subtotal: number, plan: PlanId, rates: { free: number; pro: number }): number {
  const bps = BigInt(plan === 'pro' ? rates.pro : rates.free);
  return Number((BigInt(subtotal) * bps + 5_000n) / 10_000n);
}

export function iso(value: Date | null): string | null {
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
    quantity: normalizeQuantity(o.quantity),
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
    delivered_quantity: o.delivered_quantity === null ? null : normalizeQuantity(o.delivered_quantity),
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
          viewer.now,
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

export async function listOrders(
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
 * The order `which` finds, held for the rest of the transaction, if it is still in `status` at the
 * version the person saw; null when it has moved on (the caller says what it is now).
 */
export async function heldAt(
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

export type Delivered = { order: OrderRow; refundKobo: number; completeHours: number };

/**
 * What the buyer gets back for the quantity not delivered: (ordered − delivered) × unit price,
 * whole kobo rounded half up (koboForQuantity); 0 when all was delivered. The seller's screen
 * works it out with the same shared function.
 */
export { shortRefundKobo };

export async function farmOrderRow(db: Db, farmId: string, orderId: string): Promise<OrderRow> {
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
export async function changedMeanwhile(
  db: Db,
  where: SQL | undefined,
  expected: OrderStatus,
): Promise<AppError> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(where);
  if (!order) return new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (order.status !== expected) return new AppError('CONFLICT', statusMessage(order.status));
  return new AppError('CONFLICT');
}

/** A time as its day in Lagos, 24/11/2026. */
export function lagosDay(at: Date): string {
  const [y, m, d] = dateIn(DEFAULT_TIMEZONE, at).split('-');
  return `${d}/${m}/${y}`;
}

// Money ------------------------------------------------------------------------------------------

/** The order's quantity back on its listing (a sold-out listing is active again). */
export async function giveBackIn(tx: Tx, order: OrderRow): Promise<void> {
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

/** Who moved an order on: a person (the buyer or a member of the selling farm), or Gona's sweeps. */
export type OrderStepBy = 'buyer' | 'seller' | 'gona';

/**
 * The audit row of an order's step (accept, decline, dispatch, deliver, receive, complete, cancel),
 * in the step's transaction, on the selling farm's history: the status it moved from and to, what
 * was ordered (title, quantity, unit) and who moved it, so the Activity screen writes its sentence
 * without looking anything up. Orders are a money table: roles without money.read never read these
 * rows (lib/visible-fields.ts). Never the buyer's name or phone.
 */
export function auditOrderStepIn(
  tx: Tx,
  ctx: { userId: string | null; logger: Logger },
  input: { from: OrderStatus; order: OrderRow; by: OrderStepBy },
): Promise<boolean> {
  const { order } = input;
  return auditUpdate(tx, { userId: ctx.userId, farmId: order.farm_id, logger: ctx.logger }, orders, {
    id: order.id,
    changes: { status: { from: input.from, to: order.status } },
    context: {
      title: order.title,
      quantity: order.quantity,
      delivered_quantity: order.delivered_quantity,
      unit: order.unit,
      by: input.by,
    },
  });
}
