import { desc, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ChoosableChannel,
  NotificationChannel,
  NotificationKind,
  NotificationUrgency,
} from '@gona/shared/notifications';
import { users } from './auth';
import { createdAt, id, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';

/**
 * One row per recipient: the bell's list. `params` are what the words are made from (the web says
 * them in the person's language); `title` and `body` are the English that email, SMS and push carry.
 * The dedupe key names the event (low_stock:<alert id>), so the same event never notifies a person twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    farm_id: uuid('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    urgency: text('urgency').$type<NotificationUrgency>().notNull().default('normal'),
    dedupe_key: text('dedupe_key').notNull(),
    read_at: timestampMs('read_at'),
    created_at: createdAt(),
  },
  (t) => [
    unique('notifications_user_id_dedupe_key_key').on(t.user_id, t.dedupe_key),
    index('notifications_user_id_created_at_idx').on(t.user_id, desc(t.created_at), desc(t.id)),
    index('notifications_farm_id_idx').on(t.farm_id),
    // The nightly clean-up reads the oldest first (features/notifications/retention.service.ts).
    index('notifications_created_at_idx').on(t.created_at),
    // The bell's count reads only this small index.
    index('notifications_unread_user_id_idx')
      .on(t.user_id)
      .where(sql`${t.read_at} IS NULL`),
    check('notifications_urgency_check', sql`${t.urgency} IN ('normal', 'urgent')`),
  ],
);

/**
 * One row per notification and channel that is to carry it: the unique pair is what makes a channel
 * send once. A sender claims the row (pending or queued → sending) before sending and marks it sent
 * after, so a job that runs twice finds it taken. `due_at` holds push and SMS until quiet hours end.
 */
export const notification_deliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    notification_id: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Exclude<NotificationChannel, 'in_app'>>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    due_at: timestampMs('due_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimed_at: timestampMs('claimed_at'),
    sent_at: timestampMs('sent_at'),
    error: text('error'),
    created_at: createdAt(),
  },
  (t) => [
    unique('notification_deliveries_notification_id_channel_key').on(t.notification_id, t.channel),
    index('notification_deliveries_pending_due_at_idx')
      .on(t.due_at)
      .where(sql`${t.status} = 'pending'`),
    // Claims a dead sender left behind, for the dispatcher to hand to a new job.
    index('notification_deliveries_sending_claimed_at_idx')
      .on(t.claimed_at)
      .where(sql`${t.status} = 'sending'`),
    check('notification_deliveries_channel_check', sql`${t.channel} IN ('email', 'push', 'sms')`),
    check(
      'notification_deliveries_status_check',
      sql`${t.status} IN ('pending', 'queued', 'sending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

/**
 * pending: waiting for its time (now, or the end of quiet hours); queued: a send job exists;
 * sending: claimed by a sender; sent; failed: gave up after retries; skipped: nothing to send to
 * (no phone, no push subscription left).
 */
export type DeliveryStatus = 'pending' | 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** A person's choices; no row means every default (see NOTIFICATION_KINDS). */
export const notification_preferences = pgTable(
  'notification_preferences',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Only what the person switched: { low_stock: { sms: true } }; the rest follows the kind's defaults. */
    channels: jsonb('channels')
      .$type<Partial<Record<string, Partial<Record<ChoosableChannel, boolean>>>>>()
      .notNull()
      .default({}),
    /** Minutes after local midnight; both null when quiet hours are off. */
    quiet_start: smallint('quiet_start'),
    quiet_end: smallint('quiet_end'),
    digest_enabled: boolean('digest_enabled').notNull().default(false),
    digest_hour: smallint('digest_hour').notNull().default(7),
    timezone: text('timezone').notNull().default('Africa/Lagos'),
    /** When the last digest went out (or was due with nothing in it); the digest job claims by moving it. */
    last_digest_at: timestampMs('last_digest_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'notification_preferences_quiet_hours_check',
      sql`(${t.quiet_start} IS NULL) = (${t.quiet_end} IS NULL) AND ${t.quiet_start} BETWEEN 0 AND 1439 AND ${t.quiet_end} BETWEEN 0 AND 1439`,
    ),
    check('notification_preferences_digest_hour_check', sql`${t.digest_hour} BETWEEN 0 AND 23`),
    index('notification_preferences_digest_idx')
      .on(t.digest_hour)
      .where(sql`${t.digest_enabled}`),
  ],
);

/** A browser that allowed push for a person; the endpoint names the browser, so it has one owner. */
export const push_subscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.user_id)],
);
