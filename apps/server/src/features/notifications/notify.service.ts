import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FarmRole } from '@gona/shared';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import {
  channelChoices,
  notificationText,
  quietHoursEnd,
  type KindWithParams,
  type NotificationUrgency,
  type QuietHours,
} from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import {
  farm_memberships,
  farms,
  notification_deliveries,
  notification_preferences,
  notifications,
  push_subscriptions,
  users,
} from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { notificationCarriesMoney, readsMoney } from '../../lib/visible-fields';
import { farmPlan } from '../plans/plans.service';
import { quietHoursOf } from './preferences.service';

/** Wakes the dispatcher (jobs/notifications.ts) when deliveries are due; PostgreSQL sends it on commit. */
export const WAKE_CHANNEL = 'gona_notifications';

/** Who is notified: people by id, or a farm's members in some roles. */
type Recipients = { userIds: string[]; farmId?: string } | { farmId: string; roles: FarmRole[] };

export type NotifyInput = KindWithParams &
  Recipients & {
    /** The app path it opens, e.g. /dashboard/inventory/<supply id>. */
    link: string | null;
    /** Urgent notifications pass quiet hours. */
    urgency?: NotificationUrgency;
    /** Names the event (low_stock:<alert id>): the same key never notifies a person twice. */
    dedupeKey?: string;
  };

/** The database or the caller's transaction: a notification commits (or rolls back) with its event. */
export type NotifyCtx = { db: Db | Tx };

/**
 * Notifies people of one event: a row per recipient for the bell, and a delivery row per channel
 * their preferences turn on (email, or the daily digest instead; push when a browser of theirs
 * allows it; SMS when chosen), due now or, for push and SMS, when the quiet hours of the farm's
 * time zone end. The send jobs do the sending after commit. Answers who was notified; a dedupe key
 * seen before notifies nobody again.
 */
export async function notify(ctx: NotifyCtx, input: NotifyInput): Promise<{ userIds: string[] }> {
  const userIds = await recipientsOf(ctx, input);
  if (userIds.length === 0) return { userIds: [] };
  const { title, body } = notificationText(input);
  const dedupeKey = input.dedupeKey ?? `${input.kind}:${newId()}`;
  const urgency = input.urgency ?? 'normal';
  const farmId = input.farmId ?? null;

  const created = await ctx.db
    .insert(notifications)
    .values(
      userIds.map((user_id) => ({
        user_id,
        farm_id: farmId,
        kind: input.kind,
        params: input.params,
        title,
        body,
        link: input.link,
        urgency,
        dedupe_key: dedupeKey,
      })),
    )
    .onConflictDoNothing({ target: [notifications.user_id, notifications.dedupe_key] })
    .returning({ id: notifications.id, user_id: notifications.user_id });
  if (created.length === 0) return { userIds: [] };

  const now = new Date();
  const people = await deliveryFacts(
    ctx,
    created.map((n) => n.user_id),
    farmId,
  );
  // SMS alerts are Gona Pro's (a farm's notification goes by SMS only while the farm is on Pro);
  // the farm's own subscription news goes by SMS on any plan, when set up.
  const smsAllowed =
    !farmId ||
    input.kind === 'subscription' ||
    (await farmPlan(ctx.db, farmId).catch(() => 'free')) === 'pro';
  const deliveries = created.flatMap(({ id, user_id }) => {
    const person = people.get(user_id);
    if (!person) return [];
    const chosen = channelChoices(person.channels)[input.kind];
    const quietEnd =
      urgency === 'urgent' || !person.quiet ? null : quietHoursEnd(now, person.quiet, person.timezone);
    const rows: (typeof notification_deliveries.$inferInsert)[] = [];
    // Choices hold only the channels the kind allows. With the daily digest on, mail waits for the
    // digest instead of going one by one.
    if (chosen.email && !person.digest) rows.push({ notification_id: id, channel: 'email', due_at: now });
    if (chosen.push && person.hasPush)
      rows.push({ notification_id: id, channel: 'push', due_at: quietEnd ?? now });
    if (chosen.sms && smsAllowed) rows.push({ notification_id: id, channel: 'sms', due_at: quietEnd ?? now });
    return rows;
  });
  if (deliveries.length > 0) {
    await ctx.db.insert(notification_deliveries).values(deliveries);
    if (deliveries.some((d) => d.due_at === now))
      await ctx.db.execute(sql`SELECT pg_notify(${WAKE_CHANNEL}, '')`);
  }
  return { userIds: created.map((n) => n.user_id) };
}

/**
 * The people to notify. A notification that carries money (by its kind, or a money key in its
 * params: lib/visible-fields.ts) reaches no member of the farm whose role does not read money,
 * whoever the caller named; people who are not members (a buyer) are not affected.
 */
async function recipientsOf(
  ctx: NotifyCtx,
  input: Recipients & { kind: string; params: unknown },
): Promise<string[]> {
  const money = notificationCarriesMoney(input.kind, input.params);
  if ('userIds' in input) {
    const userIds = [...new Set(input.userIds)];
    if (!input.farmId || userIds.length === 0 || !money) return userIds;
    const members = await ctx.db
      .select({ user_id: farm_memberships.user_id, role: farm_memberships.role })
      .from(farm_memberships)
      .where(and(eq(farm_memberships.farm_id, input.farmId), inArray(farm_memberships.user_id, userIds)));
    const refused = new Set(members.filter((m) => !readsMoney(m.role)).map((m) => m.user_id));
    return userIds.filter((id) => !refused.has(id));
  }
  const roles = money ? input.roles.filter((role) => readsMoney(role)) : input.roles;
  if (roles.length === 0) return [];
  const members = await ctx.db
    .select({ user_id: farm_memberships.user_id })
    .from(farm_memberships)
    .where(and(eq(farm_memberships.farm_id, input.farmId), inArray(farm_memberships.role, roles)));
  return members.map((m) => m.user_id);
}

type DeliveryFacts = {
  channels: Partial<Record<string, Partial<Record<string, boolean>>>>;
  quiet: QuietHours | null;
  digest: boolean;
  /** The farm's zone for a farm's notification, else the person's own (Africa/Lagos by default). */
  timezone: string;
  hasPush: boolean;
};

/** Each person's preferences (the defaults without a saved row), push browsers and the zone their quiet hours are read in, in one query. */
async function deliveryFacts(
  ctx: NotifyCtx,
  userIds: string[],
  farmId: string | null,
): Promise<Map<string, DeliveryFacts>> {
  const farmZone = farmId
    ? sql<string | null>`(SELECT ${farms.timezone} FROM ${farms} WHERE ${farms.id} = ${farmId})`
    : sql<string | null>`NULL`;
  const rows = await ctx.db
    .select({
      user_id: users.id,
      prefs: notification_preferences,
      farm_zone: farmZone,
      has_push: sql<boolean>`EXISTS (SELECT 1 FROM ${push_subscriptions} WHERE ${push_subscriptions.user_id} = ${users.id})`,
    })
    .from(users)
    .leftJoin(notification_preferences, eq(notification_preferences.user_id, users.id))
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map(({ user_id, prefs, farm_zone, has_push }) => [
      user_id,
      {
        channels: prefs?.channels ?? {},
        quiet: quietHoursOf(prefs),
        digest: prefs?.digest_enabled ?? false,
        timezone: farm_zone ?? prefs?.timezone ?? DEFAULT_TIMEZONE,
        hasPush: has_push,
      },
    ]),
  );
}
