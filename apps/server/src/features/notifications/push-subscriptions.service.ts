import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@gona/shared/notifications';
import { push_subscriptions } from '../../db/schema/index';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';

/**
 * The push services of the browsers people use. The server sends to whatever address a browser
 * gives, so only these hosts are accepted: anything else would let a request make the server post
 * to an address of the sender's choosing.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Samsung Internet, Opera, Edge on Android
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari
];
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

/**
 * Saves this browser's subscription for the signed-in person. The endpoint names one browser, so
 * when someone else signs in on the same phone and allows notifications, it becomes theirs.
 */
export async function savePushSubscription(ctx: Ctx, input: PushSubscriptionInput): Promise<void> {
  const host = new URL(input.endpoint).hostname;
  if (!PUSH_SERVICE_HOSTS.includes(host) && !PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix)))
    throw new AppError('VALIDATION', undefined, {
      endpoint: 'This browser uses a push service Gona does not know; try Chrome or Firefox',
    });
  const values = { user_id: ctx.userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await ctx.db
    .insert(push_subscriptions)
    .values({ ...values, endpoint: input.endpoint })
    .onConflictDoUpdate({ target: push_subscriptions.endpoint, set: { ...values, updated_at: new Date() } });
}

/** Forgets this browser (notifications turned off here, or signing out). Another person's is left alone. */
export async function removePushSubscription(ctx: Ctx, endpoint: string): Promise<void> {
  await ctx.db
    .delete(push_subscriptions)
    .where(and(eq(push_subscriptions.user_id, ctx.userId), eq(push_subscriptions.endpoint, endpoint)));
}
