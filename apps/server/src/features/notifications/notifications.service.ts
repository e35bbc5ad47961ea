import { and, count, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { rateLimitedMessage } from '@gona/shared';
import { NOTIFICATION_PATHS, type Notification, type UnreadCount } from '@gona/shared/notifications';
import { FARM_ACTIONS, type FarmRole } from '@gona/shared/permissions';
import { farm_memberships, farms, notifications } from '../../db/schema/index';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { consumeRateLimit } from '../../lib/rate-limit';
import { MONEY_NOTIFICATION_KINDS } from '../../lib/visible-fields';
import { notify } from './notify.service';

/**
 * A person's own notifications. Marking read is the person's own state, like a read receipt, so it
 * writes no audit row.
 */

const pages = keyset({ order: newestFirst(notifications) });

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  params: notifications.params,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  urgency: notifications.urgency,
  farm_id: notifications.farm_id,
  farm_timezone: farms.timezone,
  read_at: notifications.read_at,
  created_at: notifications.created_at,
};

/** Notifications with their farm's time zone; callers add the where. */
const selectNotifications = (db: Ctx['db']) =>
  db.select(columns).from(notifications).leftJoin(farms, eq(farms.id, notifications.farm_id));

/** The person's membership of the notification's farm, for `readable`. */
const myMembership = (userId: string) =>
  and(eq(farm_memberships.farm_id, notifications.farm_id), eq(farm_memberships.user_id, userId));

/**
 * A notification that carries money (lib/visible-fields.ts) is read only while the person's role
 * on its farm reads money: a manager made a worker no longer reads the sums they were sent.
 */
const readable = or(
  isNull(farm_memberships.role),
  inArray(farm_memberships.role, [...(FARM_ACTIONS['money.read'] as readonly FarmRole[])]),
  notInArray(notifications.kind, [...MONEY_NOTIFICATION_KINDS]),
);

type Row = Omit<Notification, 'read_at' | 'created_at'> & { read_at: Date | null; created_at: Date };

/** Newest first, read and unread. */
export async function listNotifications(ctx: Ctx, query: PageQuery): Promise<Page<Notification>> {
  const rows = await selectNotifications(ctx.db)
    .leftJoin(farm_memberships, myMembership(ctx.userId))
    .where(and(eq(notifications.user_id, ctx.userId), readable, pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(rows, query.limit);
  return { ...page, items: page.items.map(toNotification) };
}

/** The bell's number: one count over a small partial index. */
export async function countUnread(ctx: Ctx): Promise<UnreadCount> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .leftJoin(farm_memberships, myMembership(ctx.userId))
    .where(and(eq(notifications.user_id, ctx.userId), isNull(notifications.read_at), readable));
  return { unread: row?.unread ?? 0 };
}

/** Marks one read (again is harmless: the first time stays). Another person's is 404. */
export async function markRead(ctx: Ctx, notificationId: string): Promise<Notification> {
  const mine = and(eq(notifications.id, notificationId), eq(notifications.user_id, ctx.userId));
  await ctx.db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(and(mine, isNull(notifications.read_at)));
  const [row] = await selectNotifications(ctx.db).where(mine);
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
  return toNotification(row);
}

export async function markAllRead(ctx: Ctx): Promise<{ marked: number }> {
  const marked = await ctx.db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(and(eq(notifications.user_id, ctx.userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return { marked: marked.length };
}

/** A few tests an hour are plenty to check a phone, and keep the button from sending SMS-like floods. */
const TEST_LIMIT = { window: 60 * 60, max: 5 };

/**
 * "Send a test notification": to the bell and every browser of this person that allows push,
 * urgent so that it shows during quiet hours too (that is when people try it).
 */
export async function sendTestNotification(ctx: Ctx, now: number): Promise<Notification> {
  const limit = await consumeRateLimit(ctx.db, `notification-test:${ctx.userId}`, TEST_LIMIT, now);
  if (!limit.allowed)
    throw new AppError('RATE_LIMITED', rateLimitedMessage(limit.retryAfter ?? TEST_LIMIT.window));
  const dedupeKey = `test:${newId()}`;
  await notify(ctx, {
    userIds: [ctx.userId],
    kind: 'test',
    params: {},
    link: NOTIFICATION_PATHS.settings,
    urgency: 'urgent',
    dedupeKey,
  });
  const [row] = await selectNotifications(ctx.db).where(
    and(eq(notifications.user_id, ctx.userId), eq(notifications.dedupe_key, dedupeKey)),
  );
  if (!row) throw new AppError('INTERNAL');
  return toNotification(row);
}

function toNotification(row: Row): Notification {
  return {
    ...row,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
