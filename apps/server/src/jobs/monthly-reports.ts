import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { sendMonthlyReports } from '../features/reports/monthly-reports.service';
import type { FileStorage } from '../integrations/storage';
import type { Logger } from '../lib/logger';

export const MONTHLY_REPORTS_QUEUE = 'monthly-reports';

/**
 * Every hour: farms whose own day is the first of a month have last month's summary sent to their
 * owners and managers (once; see sendMonthlyReports). Hourly, so every time zone's first day is met.
 */
export async function startMonthlyReports(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; storage: FileStorage },
): Promise<void> {
  await boss.createQueue(MONTHLY_REPORTS_QUEUE);
  await boss.work(MONTHLY_REPORTS_QUEUE, async () => {
    const told = await sendMonthlyReports(deps, new Date());
    if (told > 0) deps.logger.info(`monthly-reports: told ${told} farms of last month`);
  });
  await boss.schedule(MONTHLY_REPORTS_QUEUE, '7 * * * *', null, { tz: 'Africa/Lagos' });
}
