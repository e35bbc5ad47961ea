import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rate_limits } from '../db/schema/index';
import { newId } from './ids';

export type RateLimitRule = { window: number; max: number };
export type RateLimitResult = { allowed: boolean; retryAfter: number | null };

/**
 * Counts one request against `key` in a fixed window of `rule.window` seconds, in one atomic
 * statement, so concurrent requests on several processes cannot slip past the limit together.
 * better-auth uses it as its rate-limit storage; features use it for their own limits
 * (e.g. `consumeRateLimit(db, \`contact:${ip}\`, { window: 600, max: 5 })`).
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = Date.now();
  const expired = now - rule.window * 1000;
  const [row] = await db
    .insert(rate_limits)
    .values({ id: newId(), key, count: 1, window_start: now })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`CASE WHEN ${rate_limits.window_start} <= ${expired} THEN 1 ELSE ${rate_limits.count} + 1 END`,
        window_start: sql`CASE WHEN ${rate_limits.window_start} <= ${expired} THEN ${now} ELSE ${rate_limits.window_start} END`,
      },
    })
    .returning({ count: rate_limits.count, window_start: rate_limits.window_start });
  if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((row.window_start + rule.window * 1000 - now) / 1000)),
  };
}

/** True while `key` has used up `rule` in its current window; counts nothing. */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  const [row] = await db
    .select({ count: rate_limits.count })
    .from(rate_limits)
    .where(
      and(
        eq(rate_limits.key, key),
        gte(rate_limits.count, rule.max),
        gt(rate_limits.window_start, Date.now() - rule.window * 1000),
      ),
    );
  return Boolean(row);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rate_limits).where(eq(rate_limits.key, key));
}
