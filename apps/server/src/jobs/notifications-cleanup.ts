import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { removeOldNotifications } from '../features/notifications/retention.service';
import type { Logger } from '../lib/logger';

const NOTIFICATIONS_CLEANUP_QUEUE = 'notifications-cleanup';

/**
 * Every night (03:30 Lagos): notifications past keeping are removed, read ones after 90 days and
 * any after 365 (retention.service.ts, docs/decisions/024), so the bell's table does not grow for ever.
 */
export async function startNotificationsCleanup(
  boss: PgBoss,
  deps: { db: Db; logger: Logger },
): Promise<void> {
  await boss.createQueue(NOTIFICATIONS_CLEANUP_QUEUE, {
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 600,
  });
  await boss.work(NOTIFICATIONS_CLEANUP_QUEUE, async () => {
    const removed = await removeOldNotifications(deps.db, new Date());
    if (removed > 0) deps.logger.info(`notifications-cleanup: removed ${removed} old notifications`);
  });
  await boss.schedule(NOTIFICATIONS_CLEANUP_QUEUE, '30 3 * * *', null, { tz: 'Africa/Lagos' });
}
