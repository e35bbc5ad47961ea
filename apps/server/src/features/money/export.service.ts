import { and } from 'drizzle-orm';
import {
  CATEGORY_WORDS,
  METHOD_WORDS,
  PAYMENT_STATUS_WORDS,
  SALE_UNIT_WORDS,
  type Allocation,
  type Expense,
  type ExpenseFilters,
  type Sale,
  type SaleListQuery,
} from '@gona/shared/finance';
import { formatNaira } from '@gona/shared/money';
import { formatNigerianPhone } from '@gona/shared/phone';
import { sales } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { column, csvExport, type CsvExport } from '../../lib/csv';
import { listExpenses } from './expenses.service';
import { saleFilter, salePages, toSales } from './sales.service';

/** The expenses a list's filters find, as CSV in the list's order, one line per expense. */
export async function exportExpensesCsv(ctx: FarmCtx, filters: ExpenseFilters): Promise<CsvExport> {
  return csvExport<Expense>(ctx, {
    name: 'expenses',
    columns: [
      column.date('Date', (r) => r.date),
      column.words('Category', CATEGORY_WORDS, (r) => r.category),
      column.naira('Amount (₦)', (r) => r.amount_kobo),
      column.text('What for', (r) => r.description ?? null),
      column.text('Paid to', (r) => r.supplier_name ?? r.paid_to ?? null),
      column.words('Paid by', METHOD_WORDS, (r) => r.payment_method),
      column.date('Paid on', (r) => r.paid_on),
      column.date('Due', (r) => r.due_date),
      column.text('For', (r) => r.allocations.map((a) => shareText(a, r.allocations.length > 1)).join('; ')),
      column.plain('Receipts', (r) => String(r.receipt_count)),
      column.text('Notes', (r) => r.notes ?? null),
    ],
    readBatch: ({ cursor, limit }) => listExpenses(ctx, { ...filters, cursor, limit }),
  });
}

/** The sales a list's filters find, as CSV in the list's order. */
export async function exportSalesCsv(
  ctx: FarmCtx,
  filters: Omit<SaleListQuery, 'limit' | 'cursor'>,
): Promise<CsvExport> {
  const phone = (value: string | null) => (value === null ? '' : formatNigerianPhone(value));
  return csvExport<Sale>(ctx, {
    name: 'sales',
    columns: [
      column.date('Date', (r) => r.date),
      column.text('Buyer', (r) => r.buyer_name ?? null),
      column.plain('Buyer phone', (r) => phone(r.buyer_phone ?? null)),
      column.text('Product', (r) => r.product),
      column.plain('Quantity', (r) => r.quantity),
      column.words('Unit', SALE_UNIT_WORDS, (r) => r.unit),
      column.naira('Price per unit (₦)', (r) => r.unit_price_kobo ?? null),
      column.naira('Amount (₦)', (r) => r.amount_kobo),
      column.naira('Paid (₦)', (r) => r.paid_kobo),
      column.words('Payment', PAYMENT_STATUS_WORDS, (r) => r.payment_status),
      column.date('Due', (r) => r.due_date ?? null),
      column.text('For', (r) => r.enterprise_name ?? 'Whole farm'),
      column.text('Notes', (r) => r.notes ?? null),
    ],
    readBatch: async ({ cursor, limit }) => {
      const rows = await ctx.db
        .select()
        .from(sales)
        .where(and(saleFilter(ctx.farmId, filters), salePages.after(cursor)))
        .orderBy(...salePages.orderBy)
        .limit(limit + 1);
      const page = salePages.page(rows, limit);
      return { ...page, items: await toSales(ctx.db, ctx.farmId, page.items) };
    },
  });
}

/** "Maize" for a whole expense, "Maize ₦12,500" for one share of a split. */
function shareText(share: Allocation, split: boolean): string {
  const name = share.name ?? 'Whole farm';
  return split ? `${name} ${formatNaira(share.amount_kobo)}` : name;
}
