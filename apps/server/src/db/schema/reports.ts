import { desc, sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { REPORT_PDF_STATUSES, type ReportPdfStatus } from '@gona/shared/reports';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
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
