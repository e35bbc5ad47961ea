import type { PgBoss } from 'pg-boss';
import { buildQueuedReportPdfs, type ReportPdfJobDeps } from '../features/reports/report-pdfs.service';

export const REPORT_PDFS_QUEUE = 'report-pdfs';

/**
 * Every minute: the PDF reports farms asked for are made (never in the request: a year's report
 * takes a second or two of work), kept with the farm's files, and their askers told.
 */
export async function startReportPdfs(boss: PgBoss, deps: ReportPdfJobDeps): Promise<void> {
  await boss.createQueue(REPORT_PDFS_QUEUE);
  await boss.work(REPORT_PDFS_QUEUE, async () => {
    const made = await buildQueuedReportPdfs(deps);
    if (made > 0) deps.logger.info(`report-pdfs: made ${made} PDF reports`);
  });
  await boss.schedule(REPORT_PDFS_QUEUE, '* * * * *', null, { tz: 'Africa/Lagos' });
}
