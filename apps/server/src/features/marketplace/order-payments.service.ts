import { and, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_ACCEPT_HOURS, ORDER_PAYMENT_MINUTES, type OrderPayment } from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS, type NotificationParams } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import { listings, order_payments, orders, refunds, users, type RefundKind } from '../../db/schema/index';
import {
  PaymentGatewayError,
  PaymentGatewayUnreachableError,
  type VerifiedPayment,
} from '../../integrations/payments';
import type { Ctx, Deps } from '../../lib/ctx';
import { auditUpdate } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notify.service';
import { recordLedger } from './ledger.service';
import { listingOffSale } from './moderation.service';
import { notifyBuyer, notifySeller } from './orders.notify';
import { orderWithdrawal, payRefusedMessage } from './withdrawal.service';
import { SECOND_PAYMENT, shortRefundKobo, statusMessage, type OrderRow } from './orders.rows';

/**
 * An order's payments (docs/decisions/040 and 054): its checkouts at the gateway (one open at a
 * time, every reference kept in order_payments), the charges the gateway reports on them (the first
 * that matches pays the order; any other is an extra payment, taken into the ledger's suspense
 * account and refunded), and every refund with its events.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ORDER_NOT_FOUND = 'Order not found';
/** Refunds one sweep looks at; the next run goes on. */
const SWEEP_BATCH = 500;
const REFUND_RETRY_AFTER_MS = 5 * MINUTE_MS;
/** The smallest total the gateway can charge: ₦1. */
export const MIN_ORDER_TOTAL_KOBO = 100;
/** How long a claimed checkout waits for its gateway call before another Pay may look at it. */
const STARTING_MS = 60_000;
/** A checkout the gateway still reports as one of these can still be paid: it is answered again. */
const PAYABLE_STATUSES = new Set(['ongoing', 'pending', 'processing', 'queued', 'abandoned']);

type PaymentDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>;
type SweepDeps = Pick<Deps, 'db' | 'payments' | 'logger'>;
type ChargeDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now'>;
export type PaymentAttempt = typeof order_payments.$inferSelect;

// Checkout -------------------------------------------------------------------------------------------

/**
 * Starts (or answers again) the payment of a placed order. An order has at most one open checkout:
 * while the gateway says it can still be paid, Pay answers that same page, so a second tab or a
 * return to the order cannot open a second payment. A checkout that was paid meanwhile is applied
 * now; one that failed or was reversed is closed and a new reference opens. Every reference stays
 * recorded against the order, so a payment completing late on any of them is recognised.
 */
export async function payOrder(ctx: Ctx, orderId: string, deps: PaymentDeps): Promise<OrderPayment> {
  const { userId } = ctx;
  const [row] = await deps.db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyer_id))
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, userId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const order = row.order;
  if (order.status !== 'placed') throw new AppError('CONFLICT', statusMessage(order.status));
  if (order.expires_at.getTime() <= deps.now())
    throw new AppError(
      'CONFLICT',
      `This order waited more than ${ORDER_PAYMENT_MINUTES} minutes for payment. Order again.`,
    );
  if (order.total_kobo < MIN_ORDER_TOTAL_KOBO)
    throw new AppError(
      'CONFLICT',
      'This order comes to less than ₦1 and cannot be paid. Cancel it and order a larger quantity.',
    );
  // Taken off sale by Gona since it was placed: not paid for now (docs/decisions/045).
  const offSale = order.listing_id ? await listingOffSale(deps.db, order.listing_id) : null;
  if (offSale) throw new AppError('CONFLICT', `${offSale}: this order cannot be paid. Nothing was charged.`);
  // Placed before a treatment whose withdrawal period still runs: the farm cannot deliver it yet.
  const withdrawal = order.farm_id
    ? await orderWithdrawal(deps.db, order.farm_id, order.id, new Date(deps.now()))
    : null;
  if (withdrawal) throw new AppError('CONFLICT', payRefusedMessage(withdrawal));
  const gateway = deps.payments;
  if (!gateway)
    throw new AppError('UNAVAILABLE', 'Payments are not available at the moment. Try again later.');
  const unreachable = () =>
    new AppError('UNAVAILABLE', 'The payment service did not answer. Try again in a moment.');

  const [open] = await deps.db
    .select()
    .from(order_payments)
    .where(and(eq(order_payments.order_id, order.id), eq(order_payments.status, 'open')));
  let reuse: string | null = null;
  if (open) {
    // Claimed by a Pay a moment ago whose gateway call is under way (a double tap): it answers.
    if (!open.authorization_url && deps.now() - open.updated_at.getTime() < STARTING_MS)
      throw new AppError('CONFLICT', 'The payment is being started. Try again in a moment.');
    let verified: VerifiedPayment | null = null;
    try {
      verified = await gateway.verify(open.reference);
    } catch (err) {
      // Not known to the gateway: the checkout never started there; it starts now with its reference.
      if (!(err instanceof PaymentGatewayError) || err.httpStatus >= 500) {
        deps.logger.warn('marketplace: checkout could not be checked', { orderId, err: String(err) });
        throw unreachable();
      }
    }
    if (verified?.status === 'success') {
      // Charged, its event not applied yet: applied now. If it paid the order, Pay is done; if it
      // paid nothing (short, another currency) it is being refunded and a new checkout opens.
      try {
        await applyCharge(deps, open.reference, order.id);
      } catch (err) {
        deps.logger.warn('marketplace: a paid checkout could not be applied', { orderId, err: String(err) });
        throw unreachable();
      }
      const [after] = await deps.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      if (after && after.status !== 'placed') throw new AppError('CONFLICT', statusMessage(after.status));
    } else if (verified && PAYABLE_STATUSES.has(verified.status) && open.authorization_url)
      return { authorization_url: open.authorization_url, reference: open.reference };
    if (!verified) reuse = open.reference;
    else
      await deps.db
        .update(order_payments)
        .set({ status: 'closed', updated_at: new Date(deps.now()) })
        .where(and(eq(order_payments.id, open.id), eq(order_payments.status, 'open')));
  }

  // Claim the order's one open checkout before asking the gateway: a tap at the same moment finds
  // it and is told to wait, never opening a second one.
  const reference = reuse ?? (await newReference(deps.db, order));
  if (!reuse) {
    const claimed = await deps.db
      .insert(order_payments)
      .values({ order_id: order.id, reference, amount_kobo: order.total_kobo, status: 'open' })
      .onConflictDoNothing()
      .returning({ id: order_payments.id });
    if (claimed.length === 0)
      throw new AppError('CONFLICT', 'The payment is being started. Try again in a moment.');
  }
  await deps.db
    .update(orders)
    .set({ reference })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'placed')));
  try {
    const payment = await gateway.initialize({
      email: row.email,
      amountKobo: order.total_kobo,
      reference,
      callbackUrl: `${deps.config.baseUrl}/dashboard/marketplace/orders/${order.id}/return`,
      metadata: { order_id: order.id },
    });
    await deps.db
      .update(order_payments)
      .set({ authorization_url: payment.authorizationUrl, updated_at: new Date(deps.now()) })
      .where(eq(order_payments.reference, reference));
    return { authorization_url: payment.authorizationUrl, reference: payment.reference };
  } catch (err) {
    deps.logger.warn('marketplace: payment could not start', { orderId, err: String(err) });
    // Refused, or no answer: the buyer never got this checkout's page, so it cannot be paid from
    // here; it is closed (still recorded, so a payment on it is recognised) and the next Pay opens
    // another.
    await deps.db
      .update(order_payments)
      .set({ status: 'closed', updated_at: new Date(deps.now()) })
      .where(and(eq(order_payments.reference, reference), eq(order_payments.status, 'open')));
    if (err instanceof PaymentGatewayUnreachableError) throw unreachable();
    throw new AppError('UNAVAILABLE', 'The payment could not be started. Try again in a moment.');
  }
}

/** The order's first reference (gona-<id>) until it is used, then gona-<id>.<n>. */
async function newReference(db: Db, order: OrderRow): Promise<string> {
  const [used] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(order_payments)
    .where(eq(order_payments.order_id, order.id));
  const n = used?.count ?? 0;
  return n === 0 ? `gona-${order.id}` : `gona-${order.id}.${n + 1}`;
}

// Charges --------------------------------------------------------------------------------------------

/** What applying a payment event did, kept on the stored event. */
export type EventOutcome =
  | 'applied'
  | 'already_applied'
  | 'extra_refunded'
  | 'extra_for_staff'
  | 'not_charged'
  | 'refunded_late'
  | 'unknown_order'
  | 'unknown_refund'
  | 'ignored';

/** A `charge.success` whose signature held: applied by its reference (see applyCharge). */
export async function applyChargeSuccess(
  deps: ChargeDeps,
  data: { reference?: unknown; metadata?: unknown },
): Promise<EventOutcome> {
  const reference = typeof data.reference === 'string' ? data.reference : null;
  if (!reference) return 'unknown_order';
  return applyCharge(deps, reference, orderIdOf(data.metadata));
}

/**
 * A charge the gateway reports on `reference`, checked with the gateway itself (verify). Nothing
 * charged: nothing to do. Charged: recorded once on the reference's row, then either
 * - it pays its order: the order issued the reference, the order is not paid yet, and the charge
 *   is the order's total in NGN naming the order. The order is paid (an order that had expired
 *   takes its quantity again if it is still there, else it is refunded in full) and the ledger
 *   records the payment (gateway +, held −) with the reference; or
 * - it is an extra payment (a second payment, a short one, another currency, a reference no order
 *   issued): the ledger takes it into suspense (gateway +, suspense −), the order is flagged for
 *   the back office, staff are told, and it is refunded through the gateway (suspense +,
 *   refunds_payable −), except a charge of no order, which waits for staff.
 * The order's row is held for the decision, so two charges arriving at once pay it once.
 */
export async function applyCharge(
  deps: ChargeDeps,
  reference: string,
  metadataOrderId: string | null = null,
): Promise<EventOutcome> {
  if (!deps.payments) throw new Error('marketplace: a payment event arrived without a payment gateway');
  const [attempt] = await deps.db
    .select({ order_id: order_payments.order_id })
    .from(order_payments)
    .where(eq(order_payments.reference, reference));
  let orderId = attempt?.order_id ?? null;
  if (!attempt) {
    // A reference from before every reference was kept (decision 054): the order's current one,
    // or the order the payment names.
    const [legacy] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        metadataOrderId && isUuidText(metadataOrderId)
          ? or(eq(orders.reference, reference), eq(orders.id, metadataOrderId))
          : eq(orders.reference, reference),
      )
      .limit(1);
    orderId = legacy?.id ?? null;
  }

  const verified = await deps.payments.verify(reference);
  if (verified.status !== 'success') {
    deps.logger.warn('marketplace: a charge event the gateway does not confirm', {
      reference,
      status: verified.status,
    });
    return 'not_charged';
  }
  const now = new Date(deps.now());
  const result = await deps.db.transaction(async (tx) => {
    const [order] = orderId ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update') : [];
    await tx
      .insert(order_payments)
      .values({
        order_id: order?.id ?? null,
        reference,
        amount_kobo: order?.total_kobo ?? verified.amountKobo,
        status: 'closed',
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(order_payments)
      .where(eq(order_payments.reference, reference))
      .for('update');
    if (!row || row.charged_at) return { outcome: 'already_applied' as const };
    const charged = {
      charged_kobo: verified.amountKobo,
      currency: verified.currency,
      charged_at: now,
      gateway_id: String(verified.id),
      updated_at: now,
    };
    const problem = chargeProblem(order ?? null, verified);
    if (order && !problem) {
      await tx
        .update(order_payments)
        .set({ ...charged, status: 'paid' })
        .where(eq(order_payments.id, row.id));
      await tx
        .update(order_payments)
        .set({ status: 'closed', updated_at: now })
        .where(and(eq(order_payments.order_id, order.id), eq(order_payments.status, 'open')));
      return payOrderWith(tx, order, reference, now);
    }
    const why = problem ?? 'No order issued this reference';
    await tx
      .update(order_payments)
      .set({ ...charged, status: 'extra', problem: why, attention_at: order ? null : now })
      .where(eq(order_payments.id, row.id));
    if (verified.amountKobo > 0) {
      await recordLedger(
        tx,
        order?.id ?? null,
        'extra_payment',
        [
          { account: 'gateway', amountKobo: verified.amountKobo },
          { account: 'suspense', amountKobo: -verified.amountKobo },
        ],
        reference,
      );
      if (order) await startExtraRefund(tx, order.id, reference, verified.amountKobo, why);
    }
    if (order) await tx.update(orders).set({ flag: why }).where(eq(orders.id, order.id));
    await tellStaff(tx, {
      status: 'extra',
      reference,
      amount_kobo: verified.amountKobo,
      order_id: order?.id ?? null,
      problem: why,
      refunding: Boolean(order),
    });
    return {
      outcome: order ? ('extra_refunded' as const) : ('extra_for_staff' as const),
      orderId: order?.id,
    };
  });
  if (result.outcome === 'extra_refunded') {
    deps.logger.warn('marketplace: an extra payment is refunded', { reference, orderId: result.orderId });
    await requestRefunds(deps, and(eq(refunds.reference, reference), eq(refunds.kind, 'extra_payment')));
  }
  if (result.outcome === 'extra_for_staff')
    deps.logger.warn('marketplace: a charge of no order waits for staff', { reference });
  if (result.outcome === 'applied' && 'order' in result && result.order) {
    await notifySeller(deps.db, result.order, 'paid');
    await notifyBuyer(deps.db, result.order, 'paid');
  }
  if (result.outcome === 'refunded_late' && 'order' in result && result.order) {
    await requestRefund(deps, result.order.id);
    await notifyBuyer(deps.db, result.order, 'cancelled');
  }
  return result.outcome;
}

/** Why a verified charge cannot pay `order`, in plain words for staff; null when it pays it. */
function chargeProblem(order: OrderRow | null, verified: VerifiedPayment): string | null {
  if (!order) return null;
  if (order.paid_at) return `${SECOND_PAYMENT} (paid by ${order.reference})`;
  const problems = [
    verified.currency !== 'NGN' ? `paid in ${verified.currency}, not NGN` : null,
    verified.amountKobo !== order.total_kobo
      ? `paid ${naira(verified.amountKobo)} where the order is ${naira(order.total_kobo)}`
      : null,
    orderIdOf(verified.metadata) !== null && orderIdOf(verified.metadata) !== order.id
      ? 'the payment names another order'
      : null,
  ].filter((p): p is string => p !== null);
  return problems.length > 0 ? `Did not match the order: ${problems.join('; ')}` : null;
}

/**
 * The matching charge pays the order (held): placed → paid; an order that expired or was cancelled
 * unpaid takes its quantity again if it is there, else it is cancelled and refunded in full.
 */
async function payOrderWith(tx: Tx, current: OrderRow, reference: string, now: Date) {
  let reserved = current.status === 'placed';
  if (!reserved && current.listing_id) {
    const [again] = await tx
      .update(listings)
      .set({
        quantity_available: sql`${listings.quantity_available} - ${current.quantity}::numeric`,
        status: sql`CASE WHEN ${listings.quantity_available} - ${current.quantity}::numeric = 0 THEN 'sold_out' ELSE ${listings.status} END`,
        version: sql`${listings.version} + 1`,
      })
      .where(
        and(
          eq(listings.id, current.listing_id),
          inArray(listings.status, ['active', 'sold_out']),
          sql`${listings.quantity_available} >= ${current.quantity}::numeric`,
        ),
      )
      .returning({ id: listings.id });
    reserved = Boolean(again);
  }
  await recordLedger(
    tx,
    current.id,
    'payment',
    [
      { account: 'gateway', amountKobo: current.total_kobo },
      { account: 'held', amountKobo: -current.total_kobo },
    ],
    reference,
  );
  if (reserved) {
    const [paid] = await tx
      .update(orders)
      .set({
        status: 'paid',
        reference,
        paid_at: now,
        accept_by: new Date(now.getTime() + ORDER_ACCEPT_HOURS * HOUR_MS),
        cancel_reason: null,
        updated_at: now,
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, current.id))
      .returning();
    return { outcome: 'applied' as const, order: paid! };
  }
  const reason = 'Paid after the order expired, when the quantity was no longer there; refunded in full';
  const [cancelled] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      reference,
      paid_at: now,
      cancel_reason: reason,
      decided_at: now,
      updated_at: now,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, current.id))
    .returning();
  await startRefundIn(tx, cancelled!, { reason });
  return { outcome: 'refunded_late' as const, order: cancelled! };
}

// Refunds --------------------------------------------------------------------------------------------

/**
 * A refund of a paid order, in the order's transaction: the refund row (pending, on the reference
 * that paid it) and its ledger lines (held +amount, refunds_payable −amount). `full` refunds what
 * is left of the total after the order's other refunds (a failed one is held again, so it counts
 * as not refunded); `short_delivery` what was short on delivery. One of each kind per order. The
 * gateway is asked after commit (requestRefund); its refund.processed event moves the money out of
 * the gateway's account.
 */
export async function startRefundIn(
  tx: Tx,
  order: OrderRow,
  {
    reason,
    kind = 'full',
    disputeKobo = 0,
  }: {
    reason: string;
    kind?: Exclude<RefundKind, 'extra_payment'>;
    /** The amount of a `dispute` refund, as Gona's staff decided it. */
    disputeKobo?: number;
  },
): Promise<void> {
  let amount: number;
  if (kind === 'short_delivery') amount = shortRefundKobo(order);
  else if (kind === 'dispute') amount = disputeKobo;
  else {
    const [earlier] = await tx
      .select({ sum: sql<string>`coalesce(sum(${refunds.amount_kobo}), 0)` })
      .from(refunds)
      .where(
        and(eq(refunds.order_id, order.id), ne(refunds.status, 'failed'), ne(refunds.kind, 'extra_payment')),
      );
    amount = order.total_kobo - Number(earlier?.sum ?? 0);
  }
  if (amount <= 0) return;
  const [refund] = await tx
    .insert(refunds)
    .values({ order_id: order.id, kind, reference: order.reference, amount_kobo: amount, reason })
    .onConflictDoNothing({
      target: [refunds.order_id, refunds.kind],
      where: sql`${refunds.kind} <> 'extra_payment'`,
    })
    .returning({ id: refunds.id });
  if (!refund) return;
  await recordLedger(
    tx,
    order.id,
    'refund',
    [
      { account: 'held', amountKobo: amount },
      { account: 'refunds_payable', amountKobo: -amount },
    ],
    order.reference,
  );
}

/**
 * The refund of an extra payment, from suspense (suspense +, refunds_payable −): one per reference;
 * one that failed is asked again (staff's "Refund again").
 */
async function startExtraRefund(
  tx: Tx,
  orderId: string | null,
  reference: string,
  amountKobo: number,
  reason: string,
): Promise<boolean> {
  const [existing] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.reference, reference), eq(refunds.kind, 'extra_payment')))
    .for('update');
  if (existing && existing.status !== 'failed') return false;
  if (existing)
    await tx
      .update(refunds)
      .set({ status: 'pending', provider_refund_id: null, processed_at: null })
      .where(eq(refunds.id, existing.id));
  else
    await tx.insert(refunds).values({
      order_id: orderId,
      kind: 'extra_payment',
      reference,
      amount_kobo: amountKobo,
      reason: `Refund of a payment that paid nothing: ${reason}`,
    });
  await recordLedger(
    tx,
    orderId,
    'refund',
    [
      { account: 'suspense', amountKobo },
      { account: 'refunds_payable', amountKobo: -amountKobo },
    ],
    reference,
  );
  return true;
}

/** Asks the gateway for the order's pending refunds (see requestRefunds). */
export async function requestRefund(deps: SweepDeps, orderId: string): Promise<void> {
  await requestRefunds(deps, eq(refunds.order_id, orderId));
}

/**
 * Asks the gateway for the pending refunds `which` finds, once each (a refund with the gateway's id
 * is not asked again), on the payment each names. Unreachable: logged and left for the sweep
 * (retryRefunds). A refusal of an extra payment's refund is final: it fails (back in suspense) and
 * staff are told; other refusals are asked again by the sweep as before.
 */
async function requestRefunds(deps: SweepDeps, which: SQL | undefined): Promise<void> {
  const rows = await deps.db
    .select({ refund: refunds, reference: sql<string>`coalesce(${refunds.reference}, ${orders.reference})` })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.order_id))
    .where(and(which, eq(refunds.status, 'pending'), isNull(refunds.provider_refund_id)))
    .orderBy(refunds.created_at, refunds.id);
  if (rows.length === 0) return;
  if (!deps.payments) {
    deps.logger.warn('marketplace: a refund waits for payments to be configured');
    return;
  }
  for (const row of rows) {
    try {
      const result = await deps.payments.refund({
        reference: row.reference,
        amountKobo: row.refund.amount_kobo,
        note: row.refund.reason,
      });
      await deps.db
        .update(refunds)
        .set({ provider_refund_id: String(result.id) })
        .where(and(eq(refunds.id, row.refund.id), isNull(refunds.provider_refund_id)));
    } catch (err) {
      deps.logger.error('marketplace: refund request failed', {
        orderId: row.refund.order_id,
        reference: row.reference,
        err: String(err),
      });
      if (row.refund.kind === 'extra_payment' && err instanceof PaymentGatewayError && err.httpStatus < 500)
        await deps.db.transaction((tx) => failRefund(tx, row.refund.id, new Date()));
    }
  }
}

/**
 * Refunds recorded but not yet asked of the gateway (it failed or was unreachable), asked again
 * once they are a few minutes old, so a request under way is not sent twice.
 */
export async function retryRefunds(deps: SweepDeps, now: Date): Promise<number> {
  const waiting = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.provider_refund_id),
        lte(refunds.created_at, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    .limit(SWEEP_BATCH);
  if (waiting.length > 0)
    await requestRefunds(
      deps,
      inArray(
        refunds.id,
        waiting.map((w) => w.id),
      ),
    );
  return waiting.length;
}

/**
 * A pending refund (held) that failed: an extra payment's goes back to suspense (refunds_payable +,
 * suspense −), its payment marked for staff and staff told; an order's is held again
 * (refunds_payable +, held −) and the order flagged.
 */
async function failRefund(tx: Tx, refundId: string, now: Date, providerRefundId?: string | null) {
  const [refund] = await tx
    .update(refunds)
    .set({
      status: 'failed',
      processed_at: now,
      ...(providerRefundId ? { provider_refund_id: providerRefundId } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) return false;
  const extra = refund.kind === 'extra_payment';
  await recordLedger(
    tx,
    refund.order_id,
    'refund_failed',
    [
      { account: 'refunds_payable', amountKobo: refund.amount_kobo },
      { account: extra ? 'suspense' : 'held', amountKobo: -refund.amount_kobo },
    ],
    refund.reference,
  );
  if (extra && refund.reference) {
    await tx
      .update(order_payments)
      .set({ attention_at: now, resolved_at: null, resolved_by: null, updated_at: now })
      .where(eq(order_payments.reference, refund.reference));
    await tellStaff(tx, {
      status: 'refund_failed',
      reference: refund.reference,
      amount_kobo: refund.amount_kobo,
      order_id: refund.order_id,
    });
  } else if (refund.order_id) {
    await tx
      .update(orders)
      .set({ flag: 'The refund failed at the payment provider' })
      .where(eq(orders.id, refund.order_id));
  }
  return true;
}

/**
 * `refund.processed` / `refund.failed`: the refund found by the gateway's refund id, or, when the
 * event came before that id was stored, by the payment's reference among the refunds not yet given
 * an id (the one of the event's amount, else the oldest). Processed moves the money out
 * (refunds_payable +, gateway −); failed puts it back (see failRefund).
 */
export async function applyRefundEvent(
  deps: Pick<Deps, 'db' | 'logger' | 'now'>,
  event: 'refund.processed' | 'refund.failed',
  data: Record<string, unknown>,
): Promise<EventOutcome> {
  const refundId = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : null;
  const transaction = data.transaction as { reference?: unknown } | undefined;
  const reference =
    typeof data.transaction_reference === 'string'
      ? data.transaction_reference
      : typeof transaction?.reference === 'string'
        ? transaction.reference
        : null;
  return deps.db.transaction(async (tx) => {
    const [byId] = refundId
      ? await tx.select().from(refunds).where(eq(refunds.provider_refund_id, refundId)).for('update')
      : [];
    let refund = byId;
    if (!refund && reference) {
      const waiting = await tx
        .select({ refund: refunds })
        .from(refunds)
        .leftJoin(orders, eq(orders.id, refunds.order_id))
        .where(
          and(
            sql`coalesce(${refunds.reference}, ${orders.reference}) = ${reference}`,
            isNull(refunds.provider_refund_id),
          ),
        )
        .orderBy(refunds.created_at, refunds.id)
        .for('update', { of: refunds });
      const amount = typeof data.amount === 'number' ? data.amount : null;
      refund = (waiting.find((w) => w.refund.amount_kobo === amount) ?? waiting[0])?.refund;
    }
    if (!refund) return 'unknown_refund';
    if (refund.status !== 'pending') return 'already_applied';
    const now = new Date(deps.now());
    if (event === 'refund.failed') {
      await failRefund(tx, refund.id, now, refund.provider_refund_id ?? refundId);
      deps.logger.error('marketplace: a refund failed at the provider', {
        orderId: refund.order_id,
        reference: refund.reference,
      });
      return 'applied';
    }
    await tx
      .update(refunds)
      .set({
        status: 'processed',
        processed_at: now,
        provider_refund_id: refund.provider_refund_id ?? refundId,
      })
      .where(eq(refunds.id, refund.id));
    await recordLedger(
      tx,
      refund.order_id,
      'refund_processed',
      [
        { account: 'refunds_payable', amountKobo: refund.amount_kobo },
        { account: 'gateway', amountKobo: -refund.amount_kobo },
      ],
      refund.reference,
    );
    return 'applied';
  });
}

// Staff ----------------------------------------------------------------------------------------------

/** Gona's staff (platform admins) hear of money in suspense that needs watching or acting on. */
export async function tellStaff(db: Db | Tx, params: NotificationParams['payment_check']): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.platform_role, 'admin'));
  if (admins.length === 0) return;
  await notify(
    { db },
    {
      userIds: admins.map((a) => a.id),
      kind: 'payment_check',
      params,
      link: NOTIFICATION_PATHS.adminPayments,
      dedupeKey:
        params.status === 'reconciliation'
          ? `payment_check:reconciliation:${params.day}`
          : `payment_check:${params.status}:${params.reference}:${Date.now()}`,
    },
  );
}

/**
 * Staff refund an extra payment that needs them (its refund failed or was refused, or no order
 * issued its reference): one conditional claim of the payment, so a double tap refunds once; the
 * refund is asked after commit, and if it fails again the payment comes back to the list.
 */
export async function refundExtraPayment(
  ctx: Ctx,
  paymentId: string,
  deps: SweepDeps & Pick<Deps, 'now'>,
): Promise<PaymentAttempt> {
  const adminId = ctx.userId;
  const now = new Date(deps.now());
  const claimed = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(order_payments)
      .set({ resolved_at: now, resolved_by: adminId, updated_at: now })
      .where(
        and(
          eq(order_payments.id, paymentId),
          eq(order_payments.status, 'extra'),
          sql`${order_payments.attention_at} IS NOT NULL`,
          isNull(order_payments.resolved_at),
        ),
      )
      .returning();
    if (!payment) return null;
    // Gona's own record (no farm's: the farm does not see the buyer's extra payments).
    await auditUpdate(tx, { logger: deps.logger, userId: adminId, farmId: null }, order_payments, {
      id: payment.id,
      changes: { resolved_at: { from: null, to: now.toISOString() } },
      context: {
        reference: payment.reference,
        order_id: payment.order_id,
        amount_kobo: payment.charged_kobo,
        action: 'refund',
      },
    });
    const amount = payment.charged_kobo ?? 0;
    if (amount > 0)
      await startExtraRefund(
        tx,
        payment.order_id,
        payment.reference,
        amount,
        payment.problem ?? 'refunded by Gona',
      );
    return payment;
  });
  if (!claimed) {
    const [payment] = await deps.db.select().from(order_payments).where(eq(order_payments.id, paymentId));
    if (!payment || payment.status !== 'extra' || !payment.attention_at)
      throw new AppError('NOT_FOUND', 'Payment not found');
    throw new AppError('CONFLICT', 'This payment is already being refunded');
  }
  deps.logger.info('marketplace: staff refund an extra payment', {
    adminId,
    reference: claimed.reference,
  });
  await requestRefunds(
    deps,
    and(eq(refunds.reference, claimed.reference), eq(refunds.kind, 'extra_payment')),
  );
  const [after] = await deps.db.select().from(order_payments).where(eq(order_payments.id, paymentId));
  return after!;
}

// Helpers --------------------------------------------------------------------------------------------

export function orderIdOf(metadata: unknown): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  const id = (metadata as Record<string, unknown>).order_id;
  return typeof id === 'string' ? id : null;
}

function isUuidText(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** ₦50,000.00 */
export function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
