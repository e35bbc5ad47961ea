/** The orders' sweeps (jobs/marketplace-orders.ts): expiry, unaccepted, late dispatch, completion. */
import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { ORDER_ACCEPT_HOURS } from '@gona/shared/marketplace';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { recordLedger } from './ledger.service';
import { requestRefund, startRefundIn } from './order-payments.service';
import { createPayoutIn } from './payouts.service';
import { type OrderRow, auditOrderStepIn, giveBackIn, completionMoney } from './orders.rows';
import { notifyBuyer, notifySeller } from './orders.notify';

/** Orders one sweep looks at; the next run goes on. */
const SWEEP_BATCH = 500;

/** What the sweeps (jobs/marketplace-orders.ts) need: they run on their own clock. */
type SweepDeps = Pick<Deps, 'db' | 'payments' | 'logger'>;

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
      await giveBackIn(tx, changed);
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
      await giveBackIn(tx, changed);
      await startRefundIn(tx, changed, { reason });
      await auditOrderStepIn(
        tx,
        { userId: null, logger: deps.logger },
        { from: 'paid', order: changed, by: 'gona' },
      );
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
    const done = await deps.db.transaction(async (tx) => {
      const completed = await completeDeliveredIn(tx, order, now, lte(orders.complete_by, now));
      if (completed)
        await auditOrderStepIn(
          tx,
          { userId: null, logger: deps.logger },
          { from: 'delivered', order: completed, by: 'gona' },
        );
      return completed;
    });
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
export async function completeDeliveredIn(
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
  await createPayoutIn(tx, changed, money.sellerKobo);
  return changed;
}
