import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type PgBoss,
  type QueueOptions,
} from 'pg-boss';
import {
  SEND_TIMEOUT_SECONDS,
  claimDueDeliveries,
  sendDelivery,
  sendDigests,
  type DeliveryDeps,
} from '../features/notifications/delivery.service';
import { WAKE_CHANNEL } from '../features/notifications/notify.service';
import { newId } from '../lib/ids';

export const SEND_QUEUE = 'notification-send';
export const DISPATCH_QUEUE = 'notification-dispatch';
export const DIGEST_QUEUE = 'notification-digest';

/**
 * One job per delivery (a notification on one channel), so a push service that is down retries
 * push alone: six tries over roughly half an hour, like mail. A job that outlives the send timeout
 * is taken as dead and retried; by then its claim on the delivery is stale, so the retry takes over.
 */
export const SEND_QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: SEND_TIMEOUT_SECONDS,
  deleteAfterSeconds: 7 * 24 * 60 * 60,
} satisfies QueueOptions;

export type SendJob = { deliveryId: string };

/** How many deliveries one dispatch moves to the send queue before looking again. */
const DISPATCH_BATCH = 200;

export type NotificationJobs = {
  /** Queues a send job for every delivery whose time has come; answers how many. */
  dispatch: (now: Date) => Promise<number>;
};

/**
 * The notification queues. Sending is two steps: `dispatch` moves due deliveries (pending, their
 * time come) to queued and adds their send jobs in the same transaction, so a delivery is queued
 * exactly once and none is lost; the send job then claims its row and sends. Dispatch runs every
 * minute (which also releases what quiet hours held), and at once when a notification commits
 * (notify sends a NOTIFY on WAKE_CHANNEL).
 */
export async function createNotificationQueues(boss: PgBoss, deps: DeliveryDeps): Promise<NotificationJobs> {
  await boss.createQueue(SEND_QUEUE, SEND_QUEUE_OPTIONS);
  await boss.createQueue(DISPATCH_QUEUE, { policy: 'short', retryLimit: 0 });
  await boss.createQueue(DIGEST_QUEUE, { retryLimit: 2, retryDelay: 300 });
  // pg-boss learns a queue's table on first use; on the embedded database that lookup would wait
  // behind dispatch's open transaction, so it is made here, outside any.
  await boss.getJobById(SEND_QUEUE, newId());

  const dispatch = async (now: Date) => {
    let total = 0;
    for (;;) {
      const queued = await deps.db.transaction(async (tx) => {
        const ids = await claimDueDeliveries(tx, now, DISPATCH_BATCH);
        if (ids.length > 0)
          await boss.insert(
            SEND_QUEUE,
            ids.map((deliveryId) => ({ data: { deliveryId } satisfies SendJob })),
            // Drizzle's generic transaction types its results loosely; pg-boss reads only `rows`.
            { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
          );
        return ids.length;
      });
      total += queued;
      if (queued < DISPATCH_BATCH) return total;
    }
  };
  return { dispatch };
}

/** Runs one send job (the worker, and tests): the delivery's claim makes a second run a no-op. */
export function runSendJob(deps: DeliveryDeps, job: JobWithMetadata<SendJob>, now = new Date()) {
  return sendDelivery(deps, job.data.deliveryId, { now, lastTry: job.retryCount >= job.retryLimit });
}

/** Workers, schedules and the wake-up; answers what stops the wake-up listener. */
export async function startNotificationWorkers(
  boss: PgBoss,
  deps: DeliveryDeps,
  jobs: NotificationJobs,
): Promise<() => Promise<void>> {
  await boss.work(SEND_QUEUE, { includeMetadata: true }, async ([job]: JobWithMetadata<SendJob>[]) => {
    await runSendJob(deps, job!);
  });
  await boss.work(DISPATCH_QUEUE, async () => {
    await jobs.dispatch(new Date());
  });
  await boss.work(DIGEST_QUEUE, async () => {
    await sendDigests(deps, new Date());
  });
  // Every minute: releases deliveries quiet hours held, and anything a missed wake-up left.
  await boss.schedule(DISPATCH_QUEUE, '* * * * *');
  // At the top of every hour; each person's digest goes in the hour they chose, in their time zone.
  await boss.schedule(DIGEST_QUEUE, '0 * * * *');

  const wake = () =>
    void boss
      .send(DISPATCH_QUEUE, null)
      .catch((err: unknown) => deps.logger.warn('notifications: wake-up failed', err));
  const listener = await boss
    .getDb()
    .listen?.(WAKE_CHANNEL, wake, wake)
    .catch((err: unknown) => {
      deps.logger.warn('notifications: no wake-up listener; the minute schedule still sends', err);
      return undefined;
    });
  return async () => {
    await listener?.close();
  };
}
