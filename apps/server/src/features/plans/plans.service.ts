import { eq } from 'drizzle-orm';
import type { PlanId } from '@gona/shared/plans';
import type { Db, Tx } from '../../db/client';
import { farms } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/**
 * The plan a farm is on: the one place a feature asks before applying a plan's limits. Billing
 * does not exist yet, so every farm is on Free; when subscriptions are recorded, this answers
 * from them and every limit follows.
 *
 * With `lock`, the farm row is held (FOR NO KEY UPDATE) until the caller's transaction ends, so
 * two requests checking a limit at the same moment take turns instead of both taking the last
 * place. Inserts of the farm's other records are not held up: their foreign keys only take a
 * key-share lock, which this one does not block.
 */
export async function farmPlan(
  db: Db | Tx,
  farmId: string,
  options: { lock?: boolean } = {},
): Promise<PlanId> {
  const query = db.select({ id: farms.id }).from(farms).where(eq(farms.id, farmId));
  const [farm] = await (options.lock ? query.for('no key update') : query);
  if (!farm) throw new AppError('NOT_FOUND');
  return 'free';
}
