import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { AdminPayout, AdminPayoutFilter, PayoutStatus } from '@gona/shared/marketplace';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { farms, orders, payout_accounts, payouts } from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { keyset, newestFirst } from '../../lib/pagination';

/**
 * Payouts that need Gona's staff (docs/decisions/046): failed ones, which they may send again, and
 * held ones (pending, but the farm has no payout account or has just changed it), which they
 * explain to the farm.
 */

type AdminDeps = Pick<Deps, 'db' | 'logger' | 'now'>;

const PAYOUT_NOT_FOUND = 'Payout not found';
/** Why a payout that is not failed cannot be sent again, in words for the admin. */
const NOT_FAILED: Record<Exclude<PayoutStatus, 'failed'>, string> = {
  pending: 'This payout is not failed: it is already waiting to be sent.',
  sent: 'This payout is not failed: it is with the bank now. Wait for the bank’s answer.',
  paid: 'This payout is already paid. It cannot be sent again.',
};

const pages = keyset({ order: newestFirst(payouts) });

/** Failed payouts, or held ones, newest first. */
export async function listAdminPayouts(
  deps: Pick<Deps, 'db' | 'now'>,
  query: PageQuery & { status: AdminPayoutFilter },
): Promise<Page<AdminPayout>> {
  const now = new Date(deps.now());
  const filter: SQL | undefined =
    query.status === 'failed'
      ? eq(payouts.status, 'failed')
      : and(
          eq(payouts.status, 'pending'),
          or(isNull(payout_accounts.farm_id), gt(payout_accounts.hold_until, now)),
        );
  const rows = await selectAdminPayouts(deps.db)
    .where(and(filter, pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({ ...r, id: r.payout.id, created_at: r.payout.created_at })),
    query.limit,
  );
  return { next_cursor: page.next_cursor, items: page.items.map((r) => toAdminPayout(r, now)) };
}

/** One payout as the back office shows it (the order's page reads it too). */
export async function readAdminPayout(
  deps: Pick<Deps, 'db' | 'now'>,
  where: SQL,
): Promise<AdminPayout | null> {
  const [row] = await selectAdminPayouts(deps.db).where(where).limit(1);
  return row ? toAdminPayout(row, new Date(deps.now())) : null;
}

/**
 * Gona's staff send a failed payout again: it becomes pending and the payout sweep (sendPayouts)
 * sends it on its next run, to the farm's payout account as it is then. Audited with the admin's
 * name on the farm's records.
 *
 * Why it can never pay twice, and why it goes with a reference never used:
 * - Only a `failed` payout is taken, by one conditional update under a row lock: of two admins, or
 *   a double tap, one sends it again and the other is told it is not failed (409).
 * - A payout is failed only once its last try ended at Paystack without money leaving: refused
 *   (nothing was created) or transfer.failed / transfer.reversed (the money came back). No earlier
 *   try can still pay, and their late events name a reference the payout no longer has.
 * - `tries` is kept, not set back to 0. The sweep asks for try tries + 1, whose reference
 *   `<order reference>-payout-<tries + 1>` this order has never used, so Paystack (for which the
 *   reference is the idempotency key) takes it as a new transfer, and the unique index on
 *   payouts.reference holds. From 0 the sweep would ask for `-payout-1` again: Paystack refuses a
 *   reference it already has, the sweep takes that refusal as "already sent", and the payout would
 *   wait for ever for a webhook that never comes. What starts again is the round: PAYOUT_MAX_TRIES
 *   more tries before it is failed again (failTry in payouts.service.ts).
 * - Paid once: transfer.success pays only a payout not paid yet, under a row lock, found by the
 *   reference of its current try; a repeated event changes nothing.
 */
export async function retryPayout(ctx: Ctx, payoutId: string, deps: AdminDeps): Promise<AdminPayout> {
  const adminId = ctx.userId;
  const now = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw new AppError('NOT_FOUND', PAYOUT_NOT_FOUND);
    if (payout.status !== 'failed') throw new AppError('CONFLICT', NOT_FAILED[payout.status]);
    const [changed] = await tx
      .update(payouts)
      .set({ status: 'pending', failure: null, updated_at: now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'failed')))
      .returning({ id: payouts.id });
    if (!changed) throw new AppError('CONFLICT', NOT_FAILED.pending);
    await auditRetry(tx, deps, adminId, payout);
  });
  const retried = await readAdminPayout(deps, eq(payouts.id, payoutId));
  if (!retried) throw new AppError('NOT_FOUND', PAYOUT_NOT_FOUND);
  return retried;
}

async function auditRetry(
  tx: Tx,
  deps: AdminDeps,
  adminId: string,
  payout: typeof payouts.$inferSelect,
): Promise<void> {
  const [order] = await tx
    .select({ title: orders.title, reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, payout.order_id));
  await auditUpdate(tx, { logger: deps.logger, userId: adminId, farmId: payout.farm_id }, payouts, {
    id: payout.id,
    changes: {
      status: { from: 'failed', to: 'pending' },
      failure: { from: payout.failure, to: null },
    },
    context: {
      listing_title: order?.title ?? '',
      order_id: payout.order_id,
      order_reference: order?.reference ?? '',
      amount_kobo: payout.amount_kobo,
      tries: payout.tries,
    },
  });
}

function selectAdminPayouts(db: Db | Tx) {
  return db
    .select({
      payout: payouts,
      order_reference: orders.reference,
      listing_title: orders.title,
      order_farm_name: orders.seller_name,
      farm_name: farms.name,
      account_farm_id: payout_accounts.farm_id,
      account_bank_name: payout_accounts.bank_name,
      account_last4: payout_accounts.account_last4,
      hold_until: payout_accounts.hold_until,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.order_id))
    .leftJoin(farms, eq(farms.id, payouts.farm_id))
    .leftJoin(payout_accounts, eq(payout_accounts.farm_id, payouts.farm_id));
}

type SelectedPayout = Awaited<ReturnType<ReturnType<typeof selectAdminPayouts>['execute']>>[number];

/** A pending payout is held when the sweep would not take it: no account, or a hold not over at `now`. */
function toAdminPayout(row: SelectedPayout, now: Date): AdminPayout {
  const p = row.payout;
  const hasAccount = row.account_farm_id !== null;
  const onHold = row.hold_until !== null && row.hold_until > now;
  const held_because =
    p.status !== 'pending' ? null : !hasAccount ? 'no_account' : onHold ? 'account_changed' : null;
  return {
    id: p.id,
    order_id: p.order_id,
    order_reference: row.order_reference,
    listing_title: row.listing_title,
    farm_id: p.farm_id,
    farm_name: row.farm_name ?? row.order_farm_name,
    amount_kobo: p.amount_kobo,
    status: p.status,
    tries: p.tries,
    failure: p.failure,
    bank_name: p.bank_name ?? row.account_bank_name,
    account_last4: p.account_last4 ?? row.account_last4,
    held_because,
    hold_until: held_because === 'account_changed' ? row.hold_until!.toISOString() : null,
    created_at: p.created_at.toISOString(),
    sent_at: p.sent_at ? p.sent_at.toISOString() : null,
  };
}
