import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A notification the person has read is kept this long (docs/decisions/024, "Keeping"). */
export const READ_KEPT_DAYS = 90;
/** Any notification, read or not, is kept this long. */
export const ANY_KEPT_DAYS = 365;
/** How many rows one statement removes, so no statement holds many locks or runs long. */
const BATCH = 1000;

/**
 * Removes the notifications past keeping at `now` (the app's clock): read ones made more than 90
 * days ago and any made more than 365 days ago, their deliveries with them (cascade). A batch at a
 * time, each its own statement, until a batch comes back short. Answers how many went.
 */
export async function removeOldNotifications(
  db: Db,
  now: Date,
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? BATCH;
  const readBefore = new Date(now.getTime() - READ_KEPT_DAYS * DAY_MS).toISOString();
  const anyBefore = new Date(now.getTime() - ANY_KEPT_DAYS * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    // One range on created_at (its index), then the read filter within it.
    const gone = await db
      .delete(notifications)
      .where(
        sql`${notifications.id} IN (
          SELECT id FROM ${notifications}
          WHERE created_at < ${readBefore}::timestamptz
            AND (read_at IS NOT NULL OR created_at < ${anyBefore}::timestamptz)
          LIMIT ${batch})`,
      )
      .returning({ id: notifications.id });
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}
