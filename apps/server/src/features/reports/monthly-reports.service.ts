import { and, eq, inArray, sql } from 'drizzle-orm';
import { presetPeriod } from '@gona/shared/reports';
import type { Db } from '../../db/client';
import { farms, notifications, report_pdfs } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import { dateIn, zoneOrDefault } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { notify } from '../notifications/notify.service';
import { farmPlan } from '../plans/plans.service';
import { keepReportPdf, makeReportPdf } from './report-pdfs.service';
import { farmReport } from './reports.service';

/**
 * On the first day of a month in each farm's own time zone, its owners and managers are told last
 * month's key figures (the report's), in the bell and by mail unless they switched it off. On Gona
 * Pro the month's PDF is made here too, kept through the files service (listed with the farm's
 * reports) and carried by the mail; on Free the mail links to the Reports screen. Once per farm and
 * month: the dedupe key names both, and the PDF and the notifications are written in one
 * transaction under a lock on that key, so an hourly job that runs again on the same day, or twice
 * at once, tells nobody twice and keeps one PDF. Answers how many farms were told. `farmIds`
 * narrows the farms looked at (all by default).
 */
export async function sendMonthlyReports(
  deps: { db: Db; logger: Logger; storage: FileStorage },
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
    const sentIn = async (db: Pick<Db, 'select'>) =>
      (
        await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.farm_id, farm.id), eq(notifications.dedupe_key, dedupeKey)))
          .limit(1)
      ).length > 0;
    if (await sentIn(deps.db)) continue;
    try {
      // Worked out as the farm's owner reads it: the figures go only to those who read money.
      const report = await farmReport(
        { db: deps.db, logger: deps.logger, farmId: farm.id, userId: '', role: 'owner' },
        period,
        now,
      );
      const pdf =
        (await farmPlan(deps.db, farm.id)) === 'pro' ? await monthPdf(deps, farm.id, period, now) : null;
      const sent = await deps.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${dedupeKey}))`);
        if (await sentIn(tx)) return false;
        let attachment: { attachment_file_id: string } | Record<string, never> = {};
        if (pdf) {
          const [row] = await tx
            .insert(report_pdfs)
            .values({
              id: newId(),
              farm_id: farm.id,
              from: period.from,
              to: period.to,
              scope: 'farm',
              scope_name: pdf.farmName,
              status: 'building',
              requested_by: null,
            })
            .returning();
          attachment = { attachment_file_id: await keepReportPdf(tx, deps.storage, row!, pdf, now) };
        }
        const { userIds } = await notify(
          { db: tx },
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
              ...attachment,
            },
            link: '/dashboard/reports',
            dedupeKey,
          },
        );
        return userIds.length > 0;
      });
      if (sent) told += 1;
    } catch (err) {
      deps.logger.error(`monthly-reports: ${farm.id} could not be told`, err);
    }
  }
  return told;
}

/** The month's PDF on Pro; one that cannot be made is logged and the mail goes with its link only. */
async function monthPdf(
  deps: { db: Db; logger: Logger },
  farmId: string,
  period: { from: string; to: string },
  now: Date,
): Promise<{ bytes: Buffer; farmName: string } | null> {
  try {
    return await makeReportPdf(deps, farmId, { ...period, scope: 'farm' }, now);
  } catch (err) {
    deps.logger.error(
      `monthly-reports: the PDF of ${farmId} could not be made; sent with the link only`,
      err,
    );
    return null;
  }
}
