/** What a buyer does with their orders: place, cancel, confirm receipt, release early, and read them. */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { ORDER_PAYMENT_MINUTES, type Order, type PlaceOrder } from '@gona/shared/marketplace';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { milliOf } from '@gona/shared/units';
import { farm_memberships, farms, listings, orders, users } from '../../db/schema/index';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { farmPlan } from '../plans/plans.service';
import { listingOffSale } from './moderation.service';
import { MIN_ORDER_TOTAL_KOBO, requestRefund, startRefundIn } from './order-payments.service';
import { sendPayouts } from './payouts.service';
import { listingWithdrawal, listingWithheldSql, NOT_FOR_SALE_NOW } from './withdrawal.service';
import {
  ORDER_NOT_FOUND,
  MINUTE_MS,
  type OrdersDeps,
  type Viewer,
  quantityText,
  unitWords,
  subtotalKobo,
  commissionKobo,
  readOrder,
  listOrders,
  statusMessage,
  heldAt,
  changedMeanwhile,
  lagosDay,
  giveBackIn,
  auditOrderStepIn,
} from './orders.rows';
import { notifySeller } from './orders.notify';
import { completeDeliveredIn } from './order-sweeps.service';
import { markDeliveredIn, afterDelivery } from './seller-orders.service';

export async function listMyOrders(ctx: Ctx, query: PageQuery): Promise<Page<Order>> {
  const { userId } = ctx;
  return listOrders(ctx.db, eq(orders.buyer_id, userId), query, { as: 'buyer', userId });
}

export async function getMyOrder(ctx: Ctx, orderId: string): Promise<Order> {
  const { userId } = ctx;
  return readOrder(ctx.db, and(eq(orders.id, orderId), eq(orders.buyer_id, userId)), {
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
  ctx: Ctx,
  input: PlaceOrder,
  deps: OrdersDeps,
): Promise<{ order: Order; created: boolean }> {
  const { userId } = ctx;
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
  if (milliOf(input.quantity) < milliOf(listing.min_order))
    fields.quantity = `The smallest order is ${quantityText(listing.min_order)} ${units}`;
  else if (milliOf(input.quantity) > milliOf(listing.quantity_available))
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
      (!after || after.status !== 'active' || milliOf(after.quantity_available) === 0
        ? soldOutMessage(after?.status ?? 'closed')
        : leftMessage(after.quantity_available, units));
    throw new AppError('CONFLICT', message, { quantity: message });
  }
  return { order: await readOrder(deps.db, eq(orders.id, input.id), viewer), created: true };
}

class SameOrderPlaced extends Error {}

function leftMessage(available: string, units: string): string {
  return `Only ${quantityText(available)} ${units} ${milliOf(available) === 1000 ? 'is' : 'are'} left`;
}

function soldOutMessage(status: string): string {
  return status === 'sold_out' ? 'Sold out: nothing is left to order' : 'This listing is not for sale now';
}

/**
 * The buyer cancels: an unpaid order frees its quantity; a paid order not yet accepted is
 * cancelled and refunded in full, and so is an accepted one the seller did not dispatch by its
 * dispatch_by. Before that day an accepted order cannot be cancelled here.
 */
export async function cancelMyOrder(ctx: Ctx, orderId: string, deps: OrdersDeps): Promise<Order> {
  const { userId } = ctx;
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
    await giveBackIn(tx, changed);
    if (refunded)
      await startRefundIn(tx, changed, {
        reason: late ? 'Cancelled by the buyer: not dispatched in time' : 'Cancelled by the buyer',
      });
    await auditOrderStepIn(tx, ctx, { from: order.status, order: changed, by: 'buyer' });
    return changed;
  });
  if (!done)
    throw await changedMeanwhile(
      deps.db,
      and(eq(orders.id, order.id), eq(orders.buyer_id, userId)),
      order.status,
    );
  if (refunded) {
    await requestRefund(deps, done.id);
    await notifySeller(deps.db, done, 'cancelled');
  }
  return readOrder(deps.db, eq(orders.id, order.id), viewer);
}

/** The buyer confirms they have the produce (with the version they saw): all of it was delivered. */
export async function receiveOrder(
  ctx: Ctx,
  orderId: string,
  input: { version: number },
  deps: OrdersDeps,
): Promise<Order> {
  const { userId } = ctx;
  const { version } = input;
  const now = new Date(deps.now());
  const mine = and(eq(orders.id, orderId), eq(orders.buyer_id, userId));
  const delivered = await deps.db.transaction(async (tx) => {
    const order = await heldAt(tx, mine, 'dispatched', version);
    if (!order) return null;
    const delivered = await markDeliveredIn(tx, order, order.quantity, deps, now);
    await auditOrderStepIn(tx, ctx, { from: 'dispatched', order: delivered.order, by: 'buyer' });
    return delivered;
  });
  if (!delivered) throw await changedMeanwhile(deps.db, mine, 'dispatched');
  await afterDelivery(deps, delivered);
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'buyer', userId });
}

/**
 * The buyer of a delivered order says all is well before the window for problems ends (with the
 * version they saw): it completes now, as the sweep would complete it, and its payout is sent at
 * once. They can no longer report a problem with it.
 */
export async function releaseMyOrder(
  ctx: Ctx,
  orderId: string,
  input: { version: number },
  deps: OrdersDeps,
): Promise<Order> {
  const { userId } = ctx;
  const { version } = input;
  const now = new Date(deps.now());
  const mine = and(eq(orders.id, orderId), eq(orders.buyer_id, userId));
  const done = await deps.db.transaction(async (tx) => {
    const order = await heldAt(tx, mine, 'delivered', version);
    const completed = order ? await completeDeliveredIn(tx, order, now, undefined) : null;
    if (completed) await auditOrderStepIn(tx, ctx, { from: 'delivered', order: completed, by: 'buyer' });
    return completed;
  });
  if (!done) throw await changedMeanwhile(deps.db, mine, 'delivered');
  await notifySeller(deps.db, done, 'completed');
  await sendPayouts(deps, now, { orderId: done.id });
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'buyer', userId });
}
