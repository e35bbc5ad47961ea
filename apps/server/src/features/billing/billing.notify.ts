import type { NotificationParams } from '@gona/shared/notifications';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import { notify } from '../notifications/notify.service';

/**
 * Tells the farm's owners about their Gona Pro (kind `subscription`: a money kind, so workers and
 * viewers never get it), once per event (`dedupeKey`), in the event's transaction.
 */
export async function notifyOwners(
  db: Db | Tx,
  farmId: string,
  dedupeKey: string,
  params: NotificationParams['subscription'],
): Promise<void> {
  await notify(
    { db },
    {
      farmId,
      roles: ['owner'],
      kind: 'subscription',
      params,
      link: NOTIFICATION_PATHS.subscription,
      urgency: params.status === 'renewal_failed' ? 'urgent' : 'normal',
      dedupeKey,
    },
  );
}
