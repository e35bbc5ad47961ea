import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { NOTIFICATION_PATHS, channelChoices } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import {
  files,
  notification_deliveries,
  notification_preferences,
  notifications,
  push_subscriptions,
  users,
  type DeliveryStatus,
} from '../../db/schema/index';
import { mails, type MailAttachment } from '../../integrations/email';
import type { PushSender } from '../../integrations/push';
import { internationalPhone, type SmsProvider } from '../../integrations/sms';
import type { FileStorage } from '../../integrations/storage';
import type { MailQueue } from '../../jobs/mail';
import type { Logger } from '../../lib/logger';

/** What sending needs: the channels and the address links point at. */
export type DeliveryDeps = {
  db: Db;
  mail: MailQueue;
  push: PushSender;
  sms: SmsProvider | null;
  logger: Logger;
  baseUrl: string;
  /** Where a file a mail carries is read from (`attachment_file_id` in a notification's params). */
  storage: FileStorage;
};

/**
 * How long one send may take: the send job expires after it, and a claim older than it belongs to a
 * sender that died mid-send, so another may take it over. That is the one case where a channel may
 * carry a notification twice. Each outside call has its own shorter timeout (15 seconds).
 */
export const SEND_TIMEOUT_SECONDS = 120;
const staleClaim = (now: Date) => new Date(now.getTime() - SEND_TIMEOUT_SECONDS * 1000);

/**
 * Moves deliveries whose time has come from pending to queued and answers their ids, so that the
 * caller queues one send job each in the same transaction. A delivery whose sender died mid-send
 * (its claim is stale and its job gave up) is queued again. SKIP LOCKED lets several dispatchers
 * (servers, or a wake-up beside the minute's run) share the work without taking a row twice.
 */
export async function claimDueDeliveries(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const due = tx
    .select({ id: notification_deliveries.id })
    .from(notification_deliveries)
    .where(
      or(
        and(eq(notification_deliveries.status, 'pending'), lte(notification_deliveries.due_at, now)),
        and(
          eq(notification_deliveries.status, 'sending'),
          lte(notification_deliveries.claimed_at, staleClaim(now)),
        ),
      ),
    )
    .orderBy(notification_deliveries.due_at)
    .limit(limit)
    .for('update', { skipLocked: true });
  const queued = await tx
    .update(notification_deliveries)
    .set({ status: 'queued' })
    .where(inArray(notification_deliveries.id, due))
    .returning({ id: notification_deliveries.id });
  return queued.map((d) => d.id);
}

export type DeliveryResult = { status: DeliveryStatus; error?: string } | { status: 'not_claimed' };

/**
 * Sends one delivery once: it is claimed (queued → sending) before anything goes out and marked
 * sent after, so a job that runs twice, or a second job for the same row, finds nothing to do once
 * it is sent, and waits (throws, to be retried) while another job is sending it.
 * What cannot get better by trying again ends as skipped or failed; anything else is thrown after
 * putting the row back, so the job's retry can claim it again, until `lastTry` marks it failed.
 */
export async function sendDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  { now, lastTry }: { now: Date; lastTry: boolean },
): Promise<DeliveryResult> {
  const [claimed] = await deps.db
    .update(notification_deliveries)
    .set({
      status: 'sending',
      attempts: sql`${notification_deliveries.attempts} + 1`,
      claimed_at: now,
    })
    .where(
      and(
        eq(notification_deliveries.id, deliveryId),
        lte(notification_deliveries.due_at, now),
        or(
          inArray(notification_deliveries.status, ['pending', 'queued']),
          and(
            eq(notification_deliveries.status, 'sending'),
            lte(notification_deliveries.claimed_at, staleClaim(now)),
          ),
        ),
      ),
    )
    .returning({
      channel: notification_deliveries.channel,
      notification_id: notification_deliveries.notification_id,
    });
  if (!claimed) {
    const [row] = await deps.db
      .select({ status: notification_deliveries.status })
      .from(notification_deliveries)
      .where(eq(notification_deliveries.id, deliveryId));
    // Another sender has it right now: this job tries again later, in case that one dies.
    if (row?.status === 'sending') throw new Error(`Delivery ${deliveryId} is being sent by another job`);
    return { status: 'not_claimed' };
  }

  let result: { status: DeliveryStatus; error?: string };
  try {
    result = await sendOn(deps, claimed.channel, claimed.notification_id);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await settle(deps.db, deliveryId, lastTry ? 'failed' : 'queued', now, error);
    if (lastTry)
      deps.logger.error(`notifications: gave up on ${claimed.channel} delivery ${deliveryId}: ${error}`);
    throw err;
  }
  await settle(deps.db, deliveryId, result.status, now, result.error ?? null);
  return result;
}

async function settle(db: Db, id: string, status: DeliveryStatus, now: Date, error: string | null) {
  await db
    .update(notification_deliveries)
    .set({ status, error, sent_at: status === 'sent' ? now : null })
    .where(eq(notification_deliveries.id, id));
}

async function sendOn(
  deps: DeliveryDeps,
  channel: 'email' | 'push' | 'sms',
  notificationId: string,
): Promise<{ status: DeliveryStatus; error?: string }> {
  const [row] = await deps.db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      farm_id: notifications.farm_id,
      params: notifications.params,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      urgency: notifications.urgency,
      read_at: notifications.read_at,
      email: users.email,
      first_name: users.first_name,
      phone: users.phone,
      language: users.language,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(eq(notifications.id, notificationId));
  if (!row) return { status: 'skipped', error: 'The notification is gone' };
  // Push and SMS may wait for quiet hours to end; one already read in the app by then is old news.
  if (row.read_at && channel !== 'email')
    return { status: 'skipped', error: 'Read in the app before it was due' };
  const url = `${deps.baseUrl}${row.link ?? NOTIFICATION_PATHS.list}`;

  switch (channel) {
    case 'email':
      await deps.mail.enqueue({
        message: mails.notification(
          row.email,
          row.first_name,
          { title: row.title, body: row.body, url },
          `${deps.baseUrl}${NOTIFICATION_PATHS.settings}`,
          row.language,
          await attachmentsOf(deps, row),
        ),
      });
      return { status: 'sent' };
    case 'push':
      return sendPush(deps, row);
    case 'sms': {
      if (!deps.sms) return { status: 'skipped', error: 'SMS is not set up on this server' };
      const to = row.phone ? internationalPhone(row.phone) : null;
      if (!to) return { status: 'skipped', error: 'No phone number that SMS can reach' };
      const outcome = await deps.sms.send({ to, message: `Gona: ${row.title}. ${row.body}` });
      return outcome.status === 'sent' ? { status: 'sent' } : { status: 'failed', error: outcome.reason };
    }
  }
}

/**
 * The file a notification's mail carries (`attachment_file_id` in its params: the monthly report's
 * PDF), read from the files service; only a file of the notification's own farm. A file gone since
 * (deleted with the farm's files) leaves the mail with its link only.
 */
async function attachmentsOf(
  deps: DeliveryDeps,
  row: { farm_id: string | null; params: Record<string, unknown> },
): Promise<MailAttachment[]> {
  const fileId = row.params.attachment_file_id;
  if (typeof fileId !== 'string' || !row.farm_id) return [];
  const [file] = await deps.db
    .select({ key: files.storage_key, name: files.original_name, type: files.content_type })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.farm_id, row.farm_id), isNull(files.deleted_at)));
  const stored = file ? await deps.storage.get(file.key) : null;
  if (!file || !stored) {
    deps.logger.warn(`notifications: the file ${fileId} a mail was to carry is gone; sent without it`);
    return [];
  }
  const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
  return [{ filename: file.name, content_type: file.type, content_base64: bytes.toString('base64') }];
}

/**
 * To every browser of the person. Browsers that dropped their subscription are forgotten. Once
 * one browser has it, the delivery counts as sent, so a retry never shows it twice on that phone.
 */
async function sendPush(
  deps: DeliveryDeps,
  row: { id: string; user_id: string; title: string; body: string; link: string | null; urgency: string },
): Promise<{ status: DeliveryStatus; error?: string }> {
  const targets = await deps.db
    .select({
      id: push_subscriptions.id,
      endpoint: push_subscriptions.endpoint,
      p256dh: push_subscriptions.p256dh,
      auth: push_subscriptions.auth,
    })
    .from(push_subscriptions)
    .where(eq(push_subscriptions.user_id, row.user_id));
  const message = { title: row.title, body: row.body, link: row.link, tag: row.id };
  const outcomes = await Promise.allSettled(
    targets.map((target) => deps.push.send(target, message, { urgent: row.urgency === 'urgent' })),
  );
  const gone = targets.filter((_, i) => outcomes[i]?.status === 'fulfilled' && outcomes[i].value === 'gone');
  if (gone.length > 0)
    await deps.db.delete(push_subscriptions).where(
      and(
        eq(push_subscriptions.user_id, row.user_id),
        inArray(
          push_subscriptions.id,
          gone.map((t) => t.id),
        ),
      ),
    );
  const failures = outcomes.flatMap((o) =>
    o.status === 'rejected' ? [o.reason instanceof Error ? o.reason.message : String(o.reason)] : [],
  );
  if (outcomes.some((o) => o.status === 'fulfilled' && o.value === 'sent'))
    return { status: 'sent', ...(failures.length ? { error: failures.join('; ') } : {}) };
  if (failures.length > 0) throw new Error(failures.join('; '));
  return { status: 'skipped', error: 'No browser of this person allows push any more' };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest is due once a day; the margin lets the hourly run drift a little without skipping a day. */
const DIGEST_GAP_MS = 23 * 60 * 60 * 1000;

/**
 * The daily digest: for each person who chose it and whose chosen hour it now is in their time
 * zone, one mail with the unread notifications since their last digest (at most a day's), of the
 * kinds they get by email. The person is claimed by moving last_digest_at in the same statement
 * that picks them, so a run twice in the hour mails nobody twice.
 */
export async function sendDigests(deps: DeliveryDeps, now: Date): Promise<{ mailed: number }> {
  const cutoff = new Date(now.getTime() - DIGEST_GAP_MS);
  const due = deps.db
    .select({ user_id: notification_preferences.user_id, since: notification_preferences.last_digest_at })
    .from(notification_preferences)
    .where(
      and(
        eq(notification_preferences.digest_enabled, true),
        sql`extract(hour from (${now}::timestamptz AT TIME ZONE ${notification_preferences.timezone})) = ${notification_preferences.digest_hour}`,
        or(
          isNull(notification_preferences.last_digest_at),
          lte(notification_preferences.last_digest_at, cutoff),
        ),
      ),
    )
    .for('update', { skipLocked: true })
    .as('due');
  // eslint-disable-next-line drizzle/enforce-update-with-where -- the where comes after .from(), which the rule does not follow
  const claimed = await deps.db
    .update(notification_preferences)
    .set({ last_digest_at: now })
    .from(due)
    .where(eq(notification_preferences.user_id, due.user_id))
    .returning({
      user_id: notification_preferences.user_id,
      since: due.since,
      channels: notification_preferences.channels,
    });
  if (claimed.length === 0) return { mailed: 0 };

  const dayAgo = new Date(now.getTime() - DAY_MS);
  const unread = await deps.db
    .select({
      user_id: notifications.user_id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      created_at: notifications.created_at,
      email: users.email,
      first_name: users.first_name,
      language: users.language,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(
      and(
        inArray(
          notifications.user_id,
          claimed.map((c) => c.user_id),
        ),
        isNull(notifications.read_at),
        gt(notifications.created_at, dayAgo),
        lte(notifications.created_at, now),
      ),
    )
    .orderBy(desc(notifications.created_at), desc(notifications.id));

  let mailed = 0;
  for (const person of claimed) {
    const since = person.since && person.since > dayAgo ? person.since : dayAgo;
    const choices = channelChoices(person.channels);
    const items = unread.filter(
      (n) => n.user_id === person.user_id && n.created_at > since && choices[n.kind]?.email,
    );
    const first = items[0];
    if (!first) continue;
    await deps.mail.enqueue({
      message: mails.digest(
        first.email,
        first.first_name,
        items.map((n) => ({
          title: n.title,
          body: n.body,
          url: `${deps.baseUrl}${n.link ?? NOTIFICATION_PATHS.list}`,
        })),
        `${deps.baseUrl}${NOTIFICATION_PATHS.list}`,
        `${deps.baseUrl}${NOTIFICATION_PATHS.settings}`,
        first.language,
      ),
    });
    mailed++;
  }
  return { mailed };
}
