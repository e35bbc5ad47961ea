import { and } from 'drizzle-orm';
import { formatNigerianPhone } from '@gona/shared/phone';
import { EMPLOYMENT_WORDS, JOB_WORDS, PAY_PERIOD_WORDS, STATUS_WORDS } from '@gona/shared/staff';
import { staff } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { column, csvExport, only, type CsvExport } from '../../lib/csv';
import { staffFilter, staffPages } from './staff.service';

/**
 * Every staff record of the farm as CSV, in the list's order; the pay columns only for those who
 * read money, phones and next of kin only for those who manage staff (lib/visible-fields.ts).
 */
export async function exportStaffCsv(ctx: FarmCtx): Promise<CsvExport> {
  type Row = Awaited<ReturnType<typeof readStaff>>[number];
  const readStaff = (cursor: string | undefined, limit: number) =>
    ctx.db
      .select()
      .from(staff)
      .where(and(staffFilter(ctx.farmId), staffPages.after(cursor)))
      .orderBy(...staffPages.orderBy)
      .limit(limit + 1);
  const phone = (value: string | null) => (value === null ? '' : formatNigerianPhone(value));
  return csvExport<Row>(ctx, {
    name: 'staff',
    columns: [
      column.text('First name', (r) => r.first_name),
      column.text('Last name', (r) => r.last_name),
      only(
        'personal',
        column.plain<Row>('Phone', (r) => phone(r.phone)),
      ),
      column.words('Job', JOB_WORDS, (r) => r.job),
      column.words('Employment', EMPLOYMENT_WORDS, (r) => r.employment_type),
      column.words('Status', STATUS_WORDS, (r) => r.status),
      column.date('Start date', (r) => r.start_date),
      column.date('End date', (r) => r.end_date),
      column.naira('Pay (₦)', (r) => r.pay_rate_kobo),
      only(
        'money',
        column.plain<Row>('Paid', (r) => (r.pay_period ? PAY_PERIOD_WORDS[r.pay_period] : '')),
      ),
      only(
        'personal',
        column.text<Row>('Next of kin', (r) => r.next_of_kin_name),
      ),
      only(
        'personal',
        column.plain<Row>('Next of kin phone', (r) => phone(r.next_of_kin_phone)),
      ),
      column.text('Notes', (r) => r.notes),
      column.time('Added', (r) => r.created_at),
    ],
    readBatch: async ({ cursor, limit }) => staffPages.page(await readStaff(cursor, limit), limit),
  });
}
