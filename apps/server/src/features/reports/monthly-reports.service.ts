import { and, eq, inArray } from 'drizzle-orm';
import { presetPeriod } from '@gona/shared/reports';
import type { Db } from '../../db/client';
import { farms, notifications } from '../../db/schema/index';
import { dateIn, zoneOrDefault } from '../../lib/farm-time';
import type { Logger } from '../../lib/logger';
import { notify } from '../notifications/notify.service';
import { farmReport } from './reports.service';

/**
 * On the first day of a month in each farm's own time zone, its owners and managers are told last
 * month's key figures (the report's), in the bell and by mail unless they switched it off. Once per
 * farm and month: the dedupe key names both, so an hourly job that runs again on the same day, or
 * twice at once, tells nobody twice. Answers how many farms were told. `farmIds` narrows the farms
 * looked at (all by default).
 */
export async function sendMonthlyReports(
  deps: { db: Db; logger: Logger },
  now: Date,
  options: { farmIds?: string[] } = {},
): Promise<number> {
  const rows = await deps.db
    .select({ id: farms.id, name: farms.name, timezone: farms.timezone })
    .from(farms)
    .where(options.farmIds ? inArray(farms.id, options.farmIds) : undefined);
  let told = 0;
  for (const farm of rows) {
    const today = dateIn(zoneOrDefault(farm.timezone), now);
    if (!today.endsWith('-01')) continue;
    const period = presetPeriod('last_month', today);
    const month = period.from.slice(0, 7);
    const dedupeKey = `monthly_report:${farm.id}:${month}`;
    const [sent] = await deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.farm_id, farm.id), eq(notifications.dedupe_key, dedupeKey)))
      .limit(1);
    if (sent) continue;
    try {
      // Worked out as the farm's owner reads it: the figures go only to those who read money.
      const report = await farmReport(
        { db: deps.db, logger: deps.logger, farmId: farm.id, userId: '', role: 'owner' },
        period,
        now,
      );
      const { userIds } = await notify(
        { db: deps.db },
        {
          farmId: farm.id,
          roles: ['owner', 'manager'],
          kind: 'monthly_report',
          params: {
            farm_name: farm.name,
            month,
            income_kobo: report.money?.income_kobo ?? 0,
            costs_kobo: report.money?.costs_kobo ?? 0,
            margin_kobo: report.money?.margin_kobo ?? 0,
            eggs: report.production.eggs,
            deaths: report.livestock?.deaths ?? 0,
            tasks_done: report.work.tasks.done,
            tasks_late: report.work.tasks.done_late + report.work.tasks.open_late,
          },
          link: '/dashboard/reports',
          dedupeKey,
        },
      );
      if (userIds.length > 0) told += 1;
    } catch (err) {
      deps.logger.error(`monthly-reports: ${farm.id} could not be told`, err);
    }
  }
  return told;
}
