import { and, eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { rateLimitedMessage } from '@gona/shared';
import { accounts, users } from '../../db/schema/index';
import { ACCOUNT_SIGN_IN_LIMIT, accountKey } from '../../lib/auth';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { clearRateLimit, consumeRateLimit, rateLimitWait } from '../../lib/rate-limit';

/** The time (epoch milliseconds, the app's clock) that the password limit measures its pauses by. */
export type PasswordCheckCtx = { now: number };

/**
 * Checks the signed-in person's own password with better-auth's hashing, before something that
 * cannot be undone (handing a farm to someone else). Wrong passwords count against the same
 * per-account limit as sign-in, so a stolen session cannot be used to guess the password.
 */
export async function checkOwnPassword(ctx: Ctx & PasswordCheckCtx, password: string): Promise<void> {
  const [row] = await ctx.db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.user_id, users.id), eq(accounts.provider_id, 'credential')))
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const key = accountKey(row.email);
  const wait = await rateLimitWait(ctx.db, key, ACCOUNT_SIGN_IN_LIMIT, ctx.now);
  if (wait !== null) throw new AppError('RATE_LIMITED', rateLimitedMessage(wait));
  if (row.hash && (await verifyPassword({ hash: row.hash, password }))) {
    await clearRateLimit(ctx.db, key);
    return;
  }
  await consumeRateLimit(ctx.db, key, ACCOUNT_SIGN_IN_LIMIT, ctx.now);
  throw new AppError('VALIDATION', undefined, { password: 'That is not your password' });
}
