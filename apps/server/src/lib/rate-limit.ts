import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rate_limits } from '../db/schema/index';
import { newId } from './ids';

/**
 * `max` requests per fixed window of `window` seconds. With `slowAfter`, once that many are counted
 * each further one must wait a pause since the previous one: 1 second, then 2, 4, 8 … (doubling).
 */
export type RateLimitRule = { window: number; max: number; slowAfter?: number };
export type RateLimitResult = { allowed: boolean; retryAfter: number | null };

/**
 * Counts one request against `key` in a fixed window of `rule.window` seconds, in one atomic
 * statement, so concurrent requests on several processes cannot slip past the limit together.
 * better-auth uses it as its rate-limit storage; features use it for their own limits
 * (e.g. `consumeRateLimit(db, \`contact:${ip}\`, { window: 600, max: 5 })`).
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const expired = now - rule.window * 1000;
  const [row] = await db
    .insert(rate_limits)
    .values({ id: newId(), key, count: 1, window_start: now, last_counted_at: now })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`CASE WHEN ${rate_limits.window_start} <= ${expired} THEN 1 ELSE ${rate_limits.count} + 1 END`,
        window_start: sql`CASE WHEN ${rate_limits.window_start} <= ${expired} THEN ${now} ELSE ${rate_limits.window_start} END`,
        last_counted_at: now,
      },
    })
    .returning({ count: rate_limits.count, window_start: rate_limits.window_start });
  if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: secondsUntil(windowEnd(row, rule), now) };
}

/**
 * Seconds `key` must wait before its next request under `rule`: until the window ends once `max`
 * is used up, or until the pause since the last counted request ends. Null when it may go now.
 * Counts nothing.
 */
export async function rateLimitWait(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<number | null> {
  const [row] = await db
    .select({
      count: rate_limits.count,
      window_start: rate_limits.window_start,
      last_counted_at: rate_limits.last_counted_at,
    })
    .from(rate_limits)
    .where(eq(rate_limits.key, key));
  const until = row ? waitUntil(row, rule, now) : null;
  return until === null ? null : secondsUntil(until, now);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rate_limits).where(eq(rate_limits.key, key));
}

type Counted = { count: number; window_start: number; last_counted_at: number };

function waitUntil(row: Counted, rule: RateLimitRule, now: number): number | null {
  const end = windowEnd(row, rule);
  if (end <= now) return null;
  if (row.count >= rule.max) return end;
  if (rule.slowAfter === undefined || row.count < rule.slowAfter) return null;
  const pauseEnd = row.last_counted_at + 2 ** (row.count - rule.slowAfter) * 1000;
  return pauseEnd > now ? Math.min(pauseEnd, end) : null;
}

function windowEnd(row: Pick<Counted, 'window_start'>, rule: RateLimitRule): number {
  return row.window_start + rule.window * 1000;
}

function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}
