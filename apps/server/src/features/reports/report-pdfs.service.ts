import { and, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@gona/shared/pagination';
import {
  previousPeriod,
  type ReportPdf,
  type ReportPdfPage,
  type RequestReportPdfInput,
} from '@gona/shared/reports';
import type { Db, Tx } from '../../db/client';
import { farms, files, report_pdfs } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn, farmTimeZone, timeIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { keyset, newestFirst } from '../../lib/pagination';
import { insertOnce } from '../../lib/writes';
import { keepDocumentIn } from '../files/files.service';
import { notify } from '../notifications/notify.service';
import { farmPlan } from '../plans/plans.service';
import { renderReportPdf } from './report-pdf';
import { enterpriseName, farmReport } from './reports.service';

/** Said to a Free farm that asks for a PDF; the screen shows the same offer before anyone asks. */
export const PDF_NEEDS_PRO =
  'PDF reports come with Gona Pro. Upgrade on the Subscription page, or download the tables as CSV on any plan.';
const NOT_ON_FARM =
  'That planting or animal is not on this farm any more. Choose another, or the whole farm.';
const FAILED = 'The PDF could not be made. Ask for it again; if it fails again, contact Gona support.';

const pages = keyset({ order: newestFirst(report_pdfs) });

const selectPdfs = (db: FarmCtx['db']) =>
  db
    .select({ pdf: report_pdfs, bytes: files.bytes })
    .from(report_pdfs)
    .leftJoin(files, eq(files.id, report_pdfs.file_id));

type Row = { pdf: typeof report_pdfs.$inferSelect; bytes: number | null };

const toReportPdf = ({ pdf, bytes }: Row): ReportPdf => ({
  id: pdf.id,
  from: pdf.from,
  to: pdf.to,
  scope: pdf.scope,
  scope_name: pdf.scope_name,
  status: pdf.status,
  url: pdf.status === 'ready' && pdf.file_id ? `/api/farms/${pdf.farm_id}/files/${pdf.file_id}` : null,
  bytes,
  created_at: pdf.created_at.toISOString(),
});

/**
 * Asks for a period's report as a PDF (Gona Pro, as `farmPlan` says): it is made by the
 * report-pdfs job, not in the request, and the person who asked is told when it is ready. The id
 * the app made makes a retry the same request.
 */
export async function requestReportPdf(ctx: FarmCtx, input: RequestReportPdfInput): Promise<ReportPdf> {
  if ((await farmPlan(ctx.db, ctx.farmId)) !== 'pro') throw new AppError('PLAN_LIMIT', PDF_NEEDS_PRO);
  const scope = (input.scope ?? 'farm').toLowerCase();
  const [kind, scopeId] = scope.split(':') as ['farm' | 'crop' | 'animal', string | undefined];
  const [farm] = await ctx.db.select({ name: farms.name }).from(farms).where(eq(farms.id, ctx.farmId));
  const scopeName = scopeId ? await enterpriseName(ctx, kind, scopeId) : (farm?.name ?? null);
  if (scopeName === null) throw new AppError('NOT_FOUND', NOT_ON_FARM);
  const { row } = await ctx.db.transaction((tx) =>
    insertOnce(tx, report_pdfs, {
      id: input.id ?? newId(),
      farmId: ctx.farmId,
      values: { from: input.from, to: input.to, scope, scope_name: scopeName, requested_by: ctx.userId },
    }),
  );
  const [made] = await selectPdfs(ctx.db).where(eq(report_pdfs.id, row.id));
  return toReportPdf(made!);
}

/** The farm's PDF reports, newest first, with where each has got to, and whether its plan makes them. */
export async function listReportPdfs(ctx: FarmCtx, query: PageQuery): Promise<ReportPdfPage> {
  const [rows, plan] = await Promise.all([
    selectPdfs(ctx.db)
      .where(and(eq(report_pdfs.farm_id, ctx.farmId), pages.after(query.cursor)))
      .orderBy(...pages.orderBy)
      .limit(query.limit + 1),
    farmPlan(ctx.db, ctx.farmId),
  ]);
  return { ...pages.page(rows.map(toReportPdf), query.limit), pdf_allowed: plan === 'pro' };
}

export type ReportPdfJobDeps = { db: Db; storage: FileStorage; logger: Logger; now: () => number };

/**
 * The report-pdfs job's work: makes the PDFs asked for, one at a time, oldest first (each taken
 * with SKIP LOCKED, so two servers never make the same one), keeps each through the files service,
 * and tells the person who asked. Answers how many it made.
 */
export async function buildQueuedReportPdfs(deps: ReportPdfJobDeps, batch = 5): Promise<number> {
  let made = 0;
  for (let i = 0; i < batch; i += 1) {
    const [pdf] = await deps.db
      .update(report_pdfs)
      .set({ status: 'building', updated_at: new Date(deps.now()) })
      .where(
        eq(
          report_pdfs.id,
          sql`(select ${report_pdfs.id} from ${report_pdfs} where ${report_pdfs.status} = 'queued'
            order by ${report_pdfs.created_at}, ${report_pdfs.id} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!pdf) break;
    try {
      await buildOne(deps, pdf);
      made += 1;
    } catch (err) {
      deps.logger.error(`report-pdfs: ${pdf.id} could not be made`, err);
      await deps.db
        .update(report_pdfs)
        .set({ status: 'failed', failure: FAILED, updated_at: new Date(deps.now()) })
        .where(eq(report_pdfs.id, pdf.id));
    }
  }
  return made;
}

/**
 * A period's report as PDF bytes, with the period before beside it for the summary, made for the
 * farm (its owners and managers read it, and those who read money download it): the whole report,
 * money included. Days and the time it was made are the farm's.
 */
export async function makeReportPdf(
  deps: { db: Db; logger: Logger },
  farmId: string,
  query: { from: string; to: string; scope: string },
  now: Date,
): Promise<{ bytes: Buffer; farmName: string }> {
  const ctx: FarmCtx = { db: deps.db, logger: deps.logger, farmId, userId: '', role: 'owner' };
  const [report, previous, timeZone] = await Promise.all([
    farmReport(ctx, query, now),
    farmReport(ctx, { ...previousPeriod(query), scope: query.scope }, now),
    farmTimeZone(deps.db, farmId),
  ]);
  const day = dateIn(timeZone, now);
  const generatedAt = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${timeIn(timeZone, now)}`;
  return { bytes: await renderReportPdf(report, { previous, generatedAt }), farmName: report.farm.name };
}

/** Keeps a made PDF through the files service (kind `report`, read with `money.read`) as its row's file. */
export async function keepReportPdf(
  tx: Tx,
  storage: FileStorage,
  pdf: { id: string; farm_id: string; from: string; to: string; requested_by: string | null },
  made: { bytes: Buffer; farmName: string },
  now: Date,
): Promise<string> {
  const file = await keepDocumentIn(tx, storage, {
    farmId: pdf.farm_id,
    userId: pdf.requested_by,
    kind: 'report',
    name: `${made.farmName} report ${pdf.from} to ${pdf.to}.pdf`,
    contentType: 'application/pdf',
    extension: 'pdf',
    data: made.bytes,
    table: report_pdfs,
    recordId: pdf.id,
  });
  await tx
    .update(report_pdfs)
    .set({ status: 'ready', file_id: file.id, updated_at: now, version: sql`${report_pdfs.version} + 1` })
    .where(eq(report_pdfs.id, pdf.id));
  return file.id;
}

async function buildOne(deps: ReportPdfJobDeps, pdf: typeof report_pdfs.$inferSelect): Promise<void> {
  const now = new Date(deps.now());
  const made = await makeReportPdf(deps, pdf.farm_id, { from: pdf.from, to: pdf.to, scope: pdf.scope }, now);
  await deps.db.transaction(async (tx) => {
    await keepReportPdf(tx, deps.storage, pdf, made, now);
    if (pdf.requested_by)
      await notify(
        { db: tx },
        {
          userIds: [pdf.requested_by],
          farmId: pdf.farm_id,
          kind: 'report_ready',
          params: { farm_name: made.farmName, from: pdf.from, to: pdf.to },
          link: '/dashboard/reports',
          dedupeKey: `report_ready:${pdf.id}`,
        },
      );
  });
}
