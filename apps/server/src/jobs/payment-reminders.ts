import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { remindPaymentsDue } from '../features/money/reminders.service';

export const PAYMENT_REMINDERS_QUEUE = 'payment-reminders';

/**
 * Reminders of money owed to farms: every hour, so each farm's reminders go on its own morning;
 * a sale reminds at most once a day (its `reminded_on`), whichever run or server gets there first.
 */
export async function startPaymentReminders(boss: PgBoss, deps: { db: Db; logger: Logger }): Promise<void> {
  await boss.createQueue(PAYMENT_REMINDERS_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 60 });
  await boss.work(PAYMENT_REMINDERS_QUEUE, async () => {
    const reminded = await remindPaymentsDue(deps.db, new Date());
    if (reminded > 0) deps.logger.info('money: payment reminders', { reminded });
  });
  await boss.schedule(PAYMENT_REMINDERS_QUEUE, '20 * * * *');
}
