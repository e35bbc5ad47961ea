import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateReportLinkInput, ReportLink, ReportLinkList } from '@gona/shared/reports';
import type { Db } from '../../db/client';
import { report_link_openings, report_links, report_pdfs } from '../../db/schema/index';
import type { FileStorage } from '../../integrations/storage';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import type { Logger } from '../../lib/logger';
import { updateVersioned } from '../../lib/writes';
import { openFileOf } from '../files/files.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const PDF_NOT_FOUND = 'That PDF report is not on this farm.';
const NOT_READY = 'The PDF is not made yet. Share it once it is ready.';
const LINK_GONE = 'This link does not open the report any more. Ask the farm for a new one.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

// The link's openings, counted beside it (written out: inside a select list the columns would not name their tables).
const openings = sql<number>`(select count(*)::int from report_link_openings o where o.link_id = "report_links"."id")`;
const lastOpened = sql<
  Date | string | null
>`(select max(o.opened_at) from report_link_openings o where o.link_id = "report_links"."id")`;

type LinkRow = {
  link: typeof report_links.$inferSelect;
  openings: number;
  last_opened_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toLink = ({ link, openings: count, last_opened_at }: LinkRow, url?: string): ReportLink => ({
  id: link.id,
  pdf_id: link.report_pdf_id,
  expires_at: link.expires_at.toISOString(),
  revoked_at: iso(link.revoked_at),
  openings: count,
  last_opened_at: iso(last_opened_at),
  created_at: link.created_at.toISOString(),
  version: link.version,
  ...(url ? { url } : {}),
});

const selectLinks = (db: FarmCtx['db']) =>
  db.select({ link: report_links, openings, last_opened_at: lastOpened }).from(report_links);

/**
 * A read-only link to one of the farm's PDF reports, for a lender: it opens that PDF and nothing
 * else of the farm, for `days` (7 to 90). Only a hash of its secret is kept; the whole link is
 * answered this once.
 */
export async function createReportLink(
  ctx: FarmCtx,
  pdfId: string,
  input: CreateReportLinkInput,
  deps: { now: Date; baseUrl: string },
): Promise<ReportLink> {
  const [pdf] = await ctx.db
    .select({ status: report_pdfs.status })
    .from(report_pdfs)
    .where(and(eq(report_pdfs.farm_id, ctx.farmId), eq(report_pdfs.id, pdfId)));
  if (!pdf) throw new AppError('NOT_FOUND', PDF_NOT_FOUND);
  if (pdf.status !== 'ready') throw new AppError('CONFLICT', NOT_READY);
  const token = randomBytes(32).toString('base64url');
  const [link] = await ctx.db
    .insert(report_links)
    .values({
      farm_id: ctx.farmId,
      report_pdf_id: pdfId,
      token_hash: hashOf(token),
      expires_at: new Date(deps.now.getTime() + input.days * DAY_MS),
      created_by: ctx.userId,
    })
    .returning();
  return toLink(
    { link: link!, openings: 0, last_opened_at: null },
    `${deps.baseUrl}/api/shared-reports/${token}`,
  );
}

/** The farm's shared links, newest first, with how often and when each was last opened. */
export async function listReportLinks(ctx: FarmCtx): Promise<ReportLinkList> {
  const rows = await selectLinks(ctx.db)
    .where(eq(report_links.farm_id, ctx.farmId))
    .orderBy(desc(report_links.created_at), desc(report_links.id))
    .limit(200);
  return { items: rows.map((row) => toLink(row)) };
}

/** Takes a link back: from now on it opens nothing. Taking it back twice changes nothing. */
export async function revokeReportLink(
  ctx: FarmCtx,
  linkId: string,
  input: { version: number },
  now: Date,
): Promise<ReportLink> {
  await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select({ revoked_at: report_links.revoked_at })
      .from(report_links)
      .where(and(eq(report_links.farm_id, ctx.farmId), eq(report_links.id, linkId)));
    if (!link) throw new AppError('NOT_FOUND', 'That link is not on this farm.');
    if (link.revoked_at) return;
    await updateVersioned(tx, report_links, {
      where: and(eq(report_links.farm_id, ctx.farmId), eq(report_links.id, linkId)),
      version: input.version,
      changes: { revoked_at: now },
    });
  });
  const [row] = await selectLinks(ctx.db).where(eq(report_links.id, linkId));
  return toLink(row!);
}

export type SharedReportDeps = { db: Db; storage: FileStorage; logger: Logger; now: Date };

/**
 * What a shared link opens, for anyone holding it (no session): the one PDF it names, while it has
 * not expired nor been taken back. Each opening is recorded for the farm to see.
 */
export async function openSharedReport(deps: SharedReportDeps, token: string): Promise<OpenedFile> {
  const [found] = await deps.db
    .select({ link: report_links, file_id: report_pdfs.file_id })
    .from(report_links)
    .innerJoin(report_pdfs, eq(report_pdfs.id, report_links.report_pdf_id))
    .where(eq(report_links.token_hash, hashOf(token)));
  if (
    !found ||
    found.link.revoked_at !== null ||
    found.link.expires_at.getTime() <= deps.now.getTime() ||
    !found.file_id
  )
    throw new AppError('NOT_FOUND', LINK_GONE);
  await deps.db
    .insert(report_link_openings)
    .values({ farm_id: found.link.farm_id, link_id: found.link.id, opened_at: deps.now });
  return openFileOf(
    deps,
    deps.storage,
    { table: report_pdfs, recordId: found.link.report_pdf_id, fileId: found.file_id },
    { size: 'full', ifNoneMatch: undefined },
  );
}
