import { desc, sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_PDF_STATUSES, type ReportPdfStatus } from '@gona/shared/reports';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';
import { files } from './files';

/**
 * A farm's report asked for as a PDF: the period and scope asked, who asked, and where the job
 * that makes it has got to (`queued`, `building`, `ready` with its file, or `failed`). The PDF is
 * kept by the files service (`file_id`, attached to this row) and listed with the farm's past
 * reports.
 */
export const report_pdfs = pgTable(
  'report_pdfs',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    /** `farm`, `crop:<id>` or `animal:<id>`, as asked. */
    scope: text('scope').notNull(),
    /** What the scope was called when it was asked (the farm's, the planting's or the animal's name). */
    scope_name: text('scope_name').notNull(),
    status: text('status').$type<ReportPdfStatus>().notNull().default('queued'),
    file_id: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Who asked; told when it is ready. Null once their account is erased. */
    requested_by: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    failure: text('failure'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('report_pdfs_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    // The job's queue: the few rows still to be made.
    index('report_pdfs_queued_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'queued'`),
    check('report_pdfs_status_check', sql`${t.status} IN (${oneOf(REPORT_PDF_STATUSES)})`),
    check('report_pdfs_period_check', sql`${t.to} >= ${t.from}`),
  ],
);

/**
 * A read-only link to one PDF report the farm gave someone (a lender): only a hash of its secret
 * is kept; it opens the PDF and nothing else of the farm until `expires_at`, or until the farm takes
 * it back (`revoked_at`).
 */
export const report_links = pgTable(
  'report_links',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    report_pdf_id: uuid('report_pdf_id')
      .notNull()
      .references(() => report_pdfs.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestampMs('expires_at').notNull(),
    revoked_at: timestampMs('revoked_at'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('report_links_token_hash_idx').on(t.token_hash),
    index('report_links_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
  ],
);

/** Each time a shared link opened its report: shown to the farm beside the link. */
export const report_link_openings = pgTable(
  'report_link_openings',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    link_id: uuid('link_id')
      .notNull()
      .references(() => report_links.id, { onDelete: 'cascade' }),
    opened_at: timestampMs('opened_at').notNull(),
  },
  (t) => [index('report_link_openings_link_id_idx').on(t.link_id, desc(t.opened_at))],
);
