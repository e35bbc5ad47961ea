import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { FREE_WORKER_LIMIT } from '@gona/shared/plans';
import type { Tx } from '../../db/client';
import { farm_subscriptions, farms, staff } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { notifyOwners } from './billing.notify';
import { DAY_MS, GRACE_MS, subscriptionRowIn } from './billing.rows';

/**
 * The billing sweep (pg-boss `billing-sweep`, every 10 minutes; `(deps, now)` as sweeps are): Pro
 * ends for farms whose paid time is over (a cancelled card subscription or a one-year or granted
 * period at its end, a failed renewal at the end of its grace); a card subscription whose renewal
 * was not heard of a day after its date is taken as failed (past_due, grace from its date) and
 * asked about by the reconcile job. Answers the farms returned to Free.
 */
export async function sweepSubscriptions(deps: Pick<Deps, 'db' | 'logger'>, now: Date): Promise<number> {
  const unheard = await deps.db
    .update(farm_subscriptions)
    .set({
      state: 'past_due',
      grace_ends_at: sql`${farm_subscriptions.period_end} + ${`${GRACE_MS} milliseconds`}::interval`,
      check_at: now,
      updated_at: now,
      version: sql`${farm_subscriptions.version} + 1`,
    })
    .where(
      and(
        eq(farm_subscriptions.state, 'active'),
        eq(farm_subscriptions.method, 'card_subscription'),
        lte(farm_subscriptions.period_end, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .returning({ farm_id: farm_subscriptions.farm_id });
  if (unheard.length > 0)
    deps.logger.warn('billing: renewals not heard of a day after their date', { farms: unheard.length });

  const ending = await deps.db
    .select({ farm_id: farm_subscriptions.farm_id })
    .from(farm_subscriptions)
    .where(endedBy(now));
  let ended = 0;
  for (const { farm_id: farmId } of ending) {
    if (await deps.db.transaction((tx) => endProIn(tx, farmId, now))) ended++;
  }
  if (ended > 0) deps.logger.info('billing: farms returned to Free', { farms: ended });
  return ended;
}

function endedBy(now: Date) {
  return or(
    and(
      inArray(farm_subscriptions.state, ['non_renewing']),
      isNotNull(farm_subscriptions.period_end),
      lte(farm_subscriptions.period_end, now),
    ),
    and(
      eq(farm_subscriptions.state, 'active'),
      inArray(farm_subscriptions.method, ['one_year', 'granted']),
      lte(farm_subscriptions.period_end, now),
    ),
    and(eq(farm_subscriptions.state, 'past_due'), lte(farm_subscriptions.grace_ends_at, now)),
  );
}

/**
 * Returns one farm to Free, with its row held, if it is still due (a payment may have come since it
 * was listed). Nothing is deleted: workers past the 10th active (by start date, then name) become
 * inactive until the owner chooses who stays; the owner is told.
 */
async function endProIn(tx: Tx, farmId: string, now: Date): Promise<boolean> {
  await subscriptionRowIn(tx, farmId);
  const [changed] = await tx
    .update(farm_subscriptions)
    .set({
      state: 'free',
      grace_ends_at: null,
      check_at: null,
      updated_at: now,
      version: sql`${farm_subscriptions.version} + 1`,
    })
    .where(and(eq(farm_subscriptions.farm_id, farmId), endedBy(now)))
    .returning({ period_end: farm_subscriptions.period_end });
  if (!changed) return false;
  const active = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.farm_id, farmId), eq(staff.status, 'active')))
    .orderBy(sql`${staff.start_date} ASC NULLS LAST`, asc(staff.name), asc(staff.id));
  const past = active.slice(FREE_WORKER_LIMIT).map((s) => s.id);
  if (past.length > 0)
    await tx
      .update(staff)
      .set({ status: 'inactive', updated_at: now, version: sql`${staff.version} + 1` })
      .where(and(eq(staff.farm_id, farmId), inArray(staff.id, past)));
  const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
  await notifyOwners(tx, farmId, `subscription_ended:${farmId}:${changed.period_end?.toISOString() ?? ''}`, {
    status: 'ended',
    farm_name: farm?.name ?? '',
    inactive_workers: past.length,
  });
  return true;
}
