import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { sweepRecurringExpenses } from '../features/money/recurring.service';

const RECURRING_EXPENSES_QUEUE = 'recurring-expenses';

/**
 * Every hour: repeating expenses (rent, salaries) whose day has come on their farm's calendar are
 * written as expenses. Hourly rather than at one o'clock, so each farm's day starts in its own
 * time zone; a run that finds nothing due writes nothing.
 */
export async function startRecurringExpenses(boss: PgBoss, deps: { db: Db; logger: Logger }): Promise<void> {
  await boss.createQueue(RECURRING_EXPENSES_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 60 });
  await boss.work(RECURRING_EXPENSES_QUEUE, async () => {
    const written = await sweepRecurringExpenses(deps.db, deps.logger, new Date());
    if (written > 0) deps.logger.info(`recurring-expenses: wrote ${written} expenses`);
  });
  await boss.schedule(RECURRING_EXPENSES_QUEUE, '7 * * * *');
}
