/** What the selling farm does with an order: accept or decline, dispatch, record the delivery, and read them. */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import {
  DELIVERY_CODE_LENGTH,
  FRESH_PRODUCT_KEYS,
  ORDER_COMPLETE_HOURS_FRESH,
  ORDER_DISPATCH_DAYS,
  type Order,
} from '@gona/shared/marketplace';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { milliOf, type Quantity } from '@gona/shared/units';
import type { Tx } from '../../db/client';
import { listings, orders } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn } from '../../lib/farm-time';
import { assertMaySell } from './moderation.service';
import { requestRefund, startRefundIn } from './order-payments.service';
import { acceptRefusedMessage, dispatchRefusedMessage, orderWithdrawal } from './withdrawal.service';
import {
  ORDER_NOT_FOUND,
  MINUTE_MS,
  HOUR_MS,
  DAY_MS,
  type OrdersDeps,
  type OrderRow,
  type Viewer,
  type Delivered,
  quantityText,
  unitWords,
  readOrder,
  listOrders,
  statusMessage,
  farmOrderRow,
  changedMeanwhile,
  giveBackIn,
  shortRefundKobo,
  auditOrderStepIn,
} from './orders.rows';
import { notifyBuyer, notifySeller } from './orders.notify';

/**
 * Wrong delivery codes in a row before codes are refused for CODE_LOCK_MS:
 * a 6-digit code cannot be guessed.
 */
const CODE_TRIES_MAX = 5;
const CODE_LOCK_MS = 15 * MINUTE_MS;

export async function listFarmOrders(ctx: FarmCtx, query: PageQuery, now: Date): Promise<Page<Order>> {
  const { farmId } = ctx;
  return listOrders(ctx.db, eq(orders.farm_id, farmId), query, { as: 'seller', farmId, now: now.getTime() });
}

export async function getFarmOrder(ctx: FarmCtx, orderId: string, now: Date): Promise<Order> {
  const { farmId } = ctx;
  return readOrder(ctx.db, and(eq(orders.id, orderId), eq(orders.farm_id, farmId)), {
    as: 'seller',
    farmId,
    now: now.getTime(),
  });
}

/**
 * The seller accepts a paid order (with the version they saw): Gona keeps holding the money until
 * the order completes, and the seller dispatches it within ORDER_DISPATCH_DAYS; or declines it:
 * refunded in full and its quantity back on the listing. A person Gona stopped selling may
 * decline, not accept (docs/decisions/045).
 */
export async function decideOrder(
  ctx: FarmCtx,
  orderId: string,
  input: { decision: 'accepted' | 'declined'; version: number },
  deps: OrdersDeps,
): Promise<Order> {
  const { farmId } = ctx;
  const { decision, version } = input;
  const viewer: Viewer = { as: 'seller', farmId, now: deps.now() };
  if (decision === 'accepted') await assertMaySell(deps.db, ctx.userId);
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
      await giveBackIn(tx, changed);
      await startRefundIn(tx, changed, { reason: 'Declined by the seller' });
    }
    await auditOrderStepIn(tx, ctx, { from: 'paid', order: changed, by: 'seller' });
    return changed;
  });
  if (!done)
    throw await changedMeanwhile(deps.db, and(eq(orders.id, orderId), eq(orders.farm_id, farmId)), 'paid');
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
  ctx: FarmCtx,
  orderId: string,
  input: {
    version: number;
    expected_on: string;
    driver_name?: string | null;
    driver_phone?: string | null;
    vehicle?: string | null;
  },
  deps: OrdersDeps,
): Promise<Order> {
  const { farmId } = ctx;
  const order = await farmOrderRow(deps.db, farmId, orderId);
  if (order.status !== 'accepted') throw new AppError('CONFLICT', statusMessage(order.status));
  const now = new Date(deps.now());
  // Accepted before a treatment whose withdrawal period still runs: nothing leaves until the day.
  const withdrawal = await orderWithdrawal(deps.db, farmId, orderId, now);
  if (withdrawal) throw new AppError('CONFLICT', dispatchRefusedMessage(withdrawal));
  const fields: Record<string, string> = {};
  if (input.expected_on < dateIn(DEFAULT_TIMEZONE, now)) fields.expected_on = 'Choose today or a later day';
  if (order.delivery === 'seller_delivers') {
    if (!input.driver_name) fields.driver_name = "Enter the driver's name";
    if (!input.driver_phone) fields.driver_phone = "Enter the driver's phone";
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);

  const done = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
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
    if (!changed) return null;
    await auditOrderStepIn(tx, ctx, { from: 'accepted', order: changed, by: 'seller' });
    return changed;
  });
  if (!done)
    throw await changedMeanwhile(
      deps.db,
      and(eq(orders.id, orderId), eq(orders.farm_id, farmId)),
      'accepted',
    );
  await notifyBuyer(deps.db, done, 'dispatched');
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'seller', farmId, now: deps.now() });
}

/**
 * The seller records the delivery with the code the buyer gave the driver and the quantity weighed
 * (never more than ordered). A wrong code is counted: after CODE_TRIES_MAX wrong codes in a row the
 * order refuses codes for CODE_LOCK_MS (429), so the code cannot be guessed. Less than ordered
 * refunds the buyer the difference.
 */
export async function deliverOrder(
  ctx: FarmCtx,
  orderId: string,
  input: { version: number; code: string; delivered_quantity: Quantity },
  deps: OrdersDeps,
): Promise<Order> {
  const { farmId } = ctx;
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
    if (milliOf(input.delivered_quantity) > milliOf(order.quantity))
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
    const delivered = await markDeliveredIn(tx, order, input.delivered_quantity, deps, now);
    await auditOrderStepIn(tx, ctx, { from: 'dispatched', order: delivered.order, by: 'seller' });
    return delivered;
  });
  if ('refused' in result) throw result.refused;
  await afterDelivery(deps, result);
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'seller', farmId, now: deps.now() });
}

/**
 * Marks a dispatched order (read locked) delivered: the quantity, the time, and when it completes
 * (ORDER_COMPLETE_HOURS_FRESH for fresh produce, else the configured MARKET_COMPLETE_HOURS). What
 * was short is refunded in the same transaction; the quantity is not put back on the listing (it
 * was never there to sell again).
 */
export async function markDeliveredIn(
  tx: Tx,
  order: OrderRow,
  deliveredQuantity: Quantity,
  deps: Pick<OrdersDeps, 'config'>,
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
    await startRefundIn(tx, delivered, {
      reason: `Short on delivery: ${quantityText(deliveredQuantity)} of ${quantityText(order.quantity)} ${unitWords(order.unit)} delivered`,
      kind: 'short_delivery',
    });
  return { order: delivered, refundKobo, completeHours };
}

export async function afterDelivery(deps: OrdersDeps, delivered: Delivered): Promise<void> {
  if (delivered.refundKobo > 0) await requestRefund(deps, delivered.order.id);
  await notifyBuyer(deps.db, delivered.order, 'delivered', delivered);
  await notifySeller(deps.db, delivered.order, 'delivered', delivered);
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
