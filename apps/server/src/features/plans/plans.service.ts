import { eq } from 'drizzle-orm';
import type { PlanId } from '@gona/shared/plans';
import type { SubscriptionState } from '@gona/shared/billing';
import type { Db, Tx } from '../../db/client';
import { farm_subscriptions, farms } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** The subscription states in which a farm has Pro (docs/decisions/063). */
const PRO_STATES: ReadonlySet<SubscriptionState> = new Set(['active', 'non_renewing', 'past_due']);

/** Whether a recorded subscription state gives the farm Pro. */
export function planOfState(state: SubscriptionState | null | undefined): PlanId {
  return state && PRO_STATES.has(state) ? 'pro' : 'free';
}

/**
 * The plan a farm is on: the one place a feature asks before applying a plan's limits. It answers
 * from the farm's recorded subscription (`farm_subscriptions.state`): Pro while it is active,
 * cancelled but not yet ended, or in its grace after a failed renewal; the billing sweep moves the
 * state when the paid time ends (docs/decisions/063), so this read needs no clock.
 *
 * With `lock`, the farm row is held (FOR NO KEY UPDATE) until the caller's transaction ends, so
 * two requests checking a limit at the same moment take turns instead of both taking the last
 * place, and a subscription change (which takes the same lock) waits for them. Inserts of the
 * farm's other records are not held up: their foreign keys only take a key-share lock, which this
 * one does not block.
 */
export async function farmPlan(
  db: Db | Tx,
  farmId: string,
  options: { lock?: boolean } = {},
): Promise<PlanId> {
  const query = db
    .select({ id: farms.id, state: farm_subscriptions.state })
    .from(farms)
    .leftJoin(farm_subscriptions, eq(farm_subscriptions.farm_id, farms.id))
    .where(eq(farms.id, farmId));
  const [farm] = await (options.lock ? query.for('no key update', { of: farms }) : query);
  if (!farm) throw new AppError('NOT_FOUND');
  return planOfState(farm.state);
}
