import { z } from 'zod';
import { TimeZoneSchema, VersionSchema } from '../fields/index';
import { pageSchema } from '../pagination/index';
import {
  CHOOSABLE_CHANNELS,
  LISTED_KINDS,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_URGENCIES,
  type ChoosableChannel,
  type NotificationKind,
} from './kinds';
import { minutesOfClock } from './quiet-hours';

export const NotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  /** What the words are made from (see NotificationParams); the web says them in the person's language. */
  params: z.record(z.string(), z.unknown()),
  /** The English words, as the email, SMS and push said them. */
  title: z.string(),
  body: z.string(),
  /** The app path the notification opens, e.g. the low supply. */
  link: z.string().nullable(),
  urgency: z.enum(NOTIFICATION_URGENCIES),
  /** The farm it is about; opening it switches to that farm first. */
  farm_id: z.uuid().nullable(),
  /** Its farm's time zone, to show its time in; null without a farm. */
  farm_timezone: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationPageSchema = pageSchema(NotificationSchema);

export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const ReadAllResultSchema = z.object({ marked: z.number().int().nonnegative() });

const ClockSchema = z
  .string({ error: 'Enter a time such as 21:00' })
  .refine((value) => minutesOfClock(value) !== null, 'Enter a time such as 21:00');

const QuietHoursSchema = z
  .object({ start: ClockSchema, end: ClockSchema })
  .refine((q) => q.start !== q.end, { path: ['end'], message: 'Quiet hours must end at another time' });

const DigestSchema = z.object({
  enabled: z.boolean({ error: 'Choose on or off' }),
  hour: z
    .number({ error: 'Choose an hour' })
    .int('Choose a whole hour')
    .min(0, 'Choose an hour from 00 to 23')
    .max(23, 'Choose an hour from 00 to 23'),
});

const ChannelSwitchesSchema = z
  .object(
    Object.fromEntries(
      CHOOSABLE_CHANNELS.map((c) => [c, z.boolean({ error: 'Choose on or off' })]),
    ) as Record<ChoosableChannel, z.ZodBoolean>,
  )
  .partial();

/** Per listed kind, the channels a person switched; kinds and channels left out keep their setting. */
const ChannelsInputSchema = z
  .object(
    Object.fromEntries(LISTED_KINDS.map((kind) => [kind, ChannelSwitchesSchema])) as Record<
      NotificationKind,
      typeof ChannelSwitchesSchema
    >,
  )
  .partial()
  .strict();

export const UpdateNotificationPreferencesInputSchema = z.object({
  channels: ChannelsInputSchema.optional(),
  /** null turns quiet hours off. */
  quiet_hours: QuietHoursSchema.nullable().optional(),
  digest: DigestSchema.optional(),
  /** The zone quiet hours and the digest hour are read in when a notification is about no farm. */
  timezone: TimeZoneSchema.optional(),
  /** The version the screen read; 0 when nothing was saved yet. */
  version: VersionSchema,
});
export type UpdateNotificationPreferencesInput = z.input<typeof UpdateNotificationPreferencesInputSchema>;
export type UpdateNotificationPreferences = z.output<typeof UpdateNotificationPreferencesInputSchema>;

const ChannelChoicesSchema = z.record(
  z.enum(NOTIFICATION_KIND_NAMES),
  z.object({ email: z.boolean(), push: z.boolean(), sms: z.boolean() }),
);

/** Settings › Notifications: the person's choices with their defaults filled in, and what this server can send. */
export const NotificationSettingsSchema = z.object({
  channels: ChannelChoicesSchema,
  quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable(),
  digest: z.object({ enabled: z.boolean(), hour: z.number().int() }),
  timezone: z.string(),
  version: z.number().int(),
  /** Whether this server is set up to send SMS. */
  sms_available: z.boolean(),
  /** The number SMS go to (the profile's phone), null when there is none. */
  phone: z.string().nullable(),
  /** The VAPID public key a browser subscribes to push with. */
  push_public_key: z.string(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** A browser's PushSubscription, as its toJSON() gives it. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'This browser gave a push address Gona cannot use' })
    .max(2048, 'This browser gave a push address Gona cannot use'),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'This browser gave a push key Gona cannot use'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'This browser gave a push key Gona cannot use'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushUnsubscribeQuerySchema = z.object({
  endpoint: z.string().max(2048, 'Unknown push address'),
});
