import { eq } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import {
  CHOOSABLE_CHANNELS,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_QUIET_HOURS,
  channelChoices,
  clockOfMinutes,
  isChoosable,
  minutesOfClock,
  type NotificationKind,
  type NotificationSettings,
  type QuietHours,
  type UpdateNotificationPreferences,
} from '@gona/shared/notifications';
import type { Tx } from '../../db/client';
import { notification_preferences, users } from '../../db/schema/index';
import { internationalPhone } from '../../integrations/sms';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { Ctx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { updateVersioned } from '../../lib/writes';

/** What this server can send, which the settings screen offers. */
export type NotificationCapabilities = { smsAvailable: boolean; pushPublicKey: string };

type Preferences = typeof notification_preferences.$inferSelect;
type SavedChannels = Preferences['channels'];

/** The person's choices with the defaults filled in (no saved row is version 0, all defaults). */
export async function getNotificationSettings(
  ctx: Ctx,
  capabilities: NotificationCapabilities,
): Promise<NotificationSettings> {
  const [row] = await ctx.db
    .select({ phone: users.phone, prefs: notification_preferences })
    .from(users)
    .leftJoin(notification_preferences, eq(notification_preferences.user_id, users.id))
    .where(eq(users.id, ctx.userId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toSettings(row.prefs, row.phone, capabilities);
}

/**
 * Saves what the screen changed over what is saved (kinds and channels not sent keep theirs). The
 * first save creates the row from version 0; after that the usual version check applies. SMS can
 * be turned on only when this server sends SMS and the profile has a number SMS can reach.
 */
export async function updateNotificationPreferences(
  ctx: Ctx,
  input: UpdateNotificationPreferences,
  capabilities: NotificationCapabilities,
): Promise<NotificationSettings> {
  const [user] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');

  const prefs = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .select()
      .from(notification_preferences)
      .where(eq(notification_preferences.user_id, ctx.userId))
      .for('update');
    checkChannels(input.channels ?? {}, channelChoices(saved?.channels), capabilities, user.phone);
    const changes = changesOf(saved, input);
    return saved
      ? updateSaved(tx, ctx, input.version, changes)
      : insertFirst(tx, ctx, input.version, changes);
  });
  return toSettings(prefs, user.phone, capabilities);
}

type Changes = Omit<typeof notification_preferences.$inferInsert, 'id' | 'user_id'>;

function changesOf(saved: Preferences | undefined, input: UpdateNotificationPreferences): Changes {
  const changes: Changes = {};
  if (input.channels) {
    const merged: SavedChannels = { ...saved?.channels };
    for (const [kind, switches] of Object.entries(input.channels))
      merged[kind] = { ...merged[kind], ...switches };
    changes.channels = merged;
  }
  if (input.quiet_hours !== undefined) {
    changes.quiet_start = input.quiet_hours ? minutesOfClock(input.quiet_hours.start) : null;
    changes.quiet_end = input.quiet_hours ? minutesOfClock(input.quiet_hours.end) : null;
  }
  if (input.digest) {
    changes.digest_enabled = input.digest.enabled;
    changes.digest_hour = input.digest.hour;
  }
  if (input.timezone) changes.timezone = input.timezone;
  return changes;
}

async function insertFirst(tx: Tx, ctx: Ctx, version: number, changes: Changes): Promise<Preferences> {
  if (version !== 0) throw new AppError('CONFLICT');
  const [row] = await tx
    .insert(notification_preferences)
    .values({
      user_id: ctx.userId,
      channels: {},
      quiet_start: DEFAULT_QUIET_HOURS.start,
      quiet_end: DEFAULT_QUIET_HOURS.end,
      digest_enabled: false,
      digest_hour: DEFAULT_DIGEST_HOUR,
      timezone: DEFAULT_TIMEZONE,
      ...changes,
    })
    .onConflictDoNothing({ target: notification_preferences.user_id })
    .returning();
  // Saved from another screen since this one read "nothing saved yet".
  if (!row) throw new AppError('CONFLICT');
  await auditInsert(tx, { ...ctx, farmId: null }, notification_preferences, {
    id: row.id,
    record: auditRecord(row),
  });
  return row;
}

async function updateSaved(tx: Tx, ctx: Ctx, version: number, changes: Changes): Promise<Preferences> {
  const updated = await updateVersioned(tx, notification_preferences, {
    where: eq(notification_preferences.user_id, ctx.userId),
    version,
    changes,
  });
  await auditUpdate(tx, { ...ctx, farmId: null }, notification_preferences, {
    id: updated.row.id,
    changes: updated.changes,
  });
  return updated.row;
}

function auditRecord(row: Preferences) {
  const { id: _id, user_id: _user, last_digest_at: _last, created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

/** The saved quiet hours: the defaults when nothing is saved, null when they were turned off. */
export function quietHoursOf(
  prefs: Pick<Preferences, 'quiet_start' | 'quiet_end'> | null | undefined,
): QuietHours | null {
  if (!prefs) return DEFAULT_QUIET_HOURS;
  return prefs.quiet_start !== null && prefs.quiet_end !== null
    ? { start: prefs.quiet_start, end: prefs.quiet_end }
    : null;
}

/**
 * Refuses a switch the person turned on that cannot work here. A switch sent as it already is (the
 * screen sends every switch) is not a choice: an SMS that is on by default, such as Gona Pro's news,
 * does not stop someone on a server without SMS from saving their other settings.
 */
function checkChannels(
  channels: NonNullable<UpdateNotificationPreferences['channels']>,
  current: ReturnType<typeof channelChoices>,
  capabilities: NotificationCapabilities,
  phone: string | null,
) {
  const fields: Record<string, string> = {};
  for (const [kind, switches] of Object.entries(channels) as [
    NotificationKind,
    Partial<Record<string, boolean>>,
  ][]) {
    for (const channel of CHOOSABLE_CHANNELS) {
      const on = switches[channel];
      if (on === undefined) continue;
      const field = `channels.${kind}.${channel}`;
      if (isChoosable(kind, channel) && on === (current[kind] as Partial<Record<string, boolean>>)[channel])
        continue;
      if (!isChoosable(kind, channel)) fields[field] = 'This notification does not come that way';
      else if (on && channel === 'sms' && !capabilities.smsAvailable)
        fields[field] = 'SMS is not set up on this server yet';
      else if (on && channel === 'sms' && !(phone && internationalPhone(phone)))
        fields[field] = 'Add a mobile number to your profile first, e.g. 0803 123 4567';
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);
}

function toSettings(
  prefs: Preferences | null | undefined,
  phone: string | null,
  capabilities: NotificationCapabilities,
): NotificationSettings {
  const quiet = quietHoursOf(prefs);
  return {
    channels: channelChoices(prefs?.channels),
    quiet_hours: quiet && { start: clockOfMinutes(quiet.start), end: clockOfMinutes(quiet.end) },
    digest: {
      enabled: prefs?.digest_enabled ?? false,
      hour: prefs?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    },
    timezone: prefs?.timezone ?? DEFAULT_TIMEZONE,
    version: prefs?.version ?? 0,
    sms_available: capabilities.smsAvailable,
    phone,
    push_public_key: capabilities.pushPublicKey,
  };
}
