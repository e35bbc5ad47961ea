import { and, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type {
  CreatePayment,
  CreateSale,
  Sale,
  SaleListQuery,
  SalePaymentStatus,
  SaleWithPayments,
  UpdateSale,
} from '@gona/shared/finance';
import { formatNaira } from '@gona/shared/money';
import type { Page } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { sale_payments, sales } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { byDate, keyset } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { assertEnterprises, enterpriseNames, nameOf, parseEnterpriseKey } from './enterprises';

const NOT_FOUND = 'Sale not found';
export const salePages = keyset({ order: byDate(sales) });

type SaleRow = typeof sales.$inferSelect;

export function paymentStatus(row: { amount_kobo: number; paid_kobo: number }): SalePaymentStatus {
  if (row.paid_kobo >= row.amount_kobo) return 'paid';
  return row.paid_kobo > 0 ? 'part_paid' : 'unpaid';
}

export async function listSales(ctx: FarmCtx, query: SaleListQuery): Promise<Page<Sale>> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(and(saleFilter(ctx.farmId, query), salePages.after(query.cursor)))
    .orderBy(...salePages.orderBy)
    .limit(query.limit + 1);
  const page = salePages.page(rows, query.limit);
  return { ...page, items: await toSales(ctx.db, ctx.farmId, page.items) };
}

export function saleFilter(farmId: string, query: Omit<SaleListQuery, 'limit' | 'cursor'> = {}) {
  const enterprise = query.enterprise ? parseEnterpriseKey(query.enterprise) : null;
  return and(
    eq(sales.farm_id, farmId),
    query.from ? gte(sales.date, query.from) : undefined,
    query.to ? lte(sales.date, query.to) : undefined,
    enterprise?.crop_id ? eq(sales.crop_id, enterprise.crop_id) : undefined,
    enterprise?.animal_id ? eq(sales.animal_id, enterprise.animal_id) : undefined,
    enterprise && !enterprise.crop_id && !enterprise.animal_id
      ? and(isNull(sales.crop_id), isNull(sales.animal_id))
      : undefined,
    query.payment_status === 'paid' ? sql`${sales.paid_kobo} >= ${sales.amount_kobo}` : undefined,
    query.payment_status === 'part_paid'
      ? and(sql`${sales.paid_kobo} > 0`, lt(sales.paid_kobo, sales.amount_kobo))
      : undefined,
    query.payment_status === 'unpaid' ? eq(sales.paid_kobo, 0) : undefined,
  );
}

export async function getSale(ctx: FarmCtx, saleId: string): Promise<SaleWithPayments> {
  return withPayments(ctx.db, ctx.farmId, await readRow(ctx.db, ctx.farmId, saleId));
}

/**
 * A sale typed in by the farm, with what the buyer paid on the day as its first payment (all of it
 * when not said). The client's id makes a replay answer the first record.
 */
export async function createSale(ctx: FarmCtx, input: CreateSale): Promise<SaleWithPayments> {
  return ctx.db.transaction(async (tx) => {
    const { id = newId(), paid_kobo: paidInput, payment_method: method, ...values } = input;
    const paid = paidInput ?? values.amount_kobo;
    await assertEnterprise(tx, ctx.farmId, values);
    const { row, replayed } = await insertOnce(tx, sales, {
      id,
      farmId: ctx.farmId,
      values: {
        ...values,
        quantity: String(values.quantity),
        // Paid in full needs no due date.
        due_date: paid >= values.amount_kobo ? null : (values.due_date ?? null),
        paid_kobo: paid,
        source: 'manual',
        user_id: ctx.userId,
      },
    });
    if (!replayed) {
      if (paid > 0)
        await tx.insert(sale_payments).values({
          farm_id: ctx.farmId,
          sale_id: row.id,
          date: row.date,
          amount_kobo: paid,
          method,
          user_id: ctx.userId,
        });
      await auditInsert(tx, ctx, sales, { id: row.id, record: { ...values, paid_kobo: paid } });
    }
    return withPayments(tx, ctx.farmId, row);
  });
}

/** A changed sale; its amount may not fall below what the buyer has already paid. */
export async function updateSale(ctx: FarmCtx, saleId: string, input: UpdateSale): Promise<SaleWithPayments> {
  const { version, ...rest } = input;
  const changes = { ...rest, quantity: rest.quantity === undefined ? undefined : String(rest.quantity) };
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, saleId);
    const crop_id = changes.crop_id === undefined ? current.crop_id : changes.crop_id;
    const animal_id = changes.animal_id === undefined ? current.animal_id : changes.animal_id;
    if (crop_id && animal_id)
      throw new AppError('VALIDATION', undefined, { animal_id: 'Choose a planting or an animal, not both' });
    await assertEnterprise(tx, ctx.farmId, { crop_id, animal_id });
    if (changes.amount_kobo !== undefined && changes.amount_kobo < current.paid_kobo)
      throw new AppError('VALIDATION', undefined, {
        amount_kobo:
          'The buyer has already paid more than this; the amount cannot be less than what was paid',
      });
    const updated = await updateVersioned(tx, sales, {
      where: and(eq(sales.farm_id, ctx.farmId), eq(sales.id, saleId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    await auditUpdate(tx, ctx, sales, {
      id: saleId,
      changes: updated.changes,
      context: { product: updated.row.product },
    });
    return withPayments(tx, ctx.farmId, updated.row);
  });
}

/**
 * Money received later for a sale on credit. More than the buyer still owes is refused with what
 * they owe; the client's id makes a replay answer the sale as it is, without a second payment.
 */
export async function recordPayment(
  ctx: FarmCtx,
  saleId: string,
  input: CreatePayment,
): Promise<SaleWithPayments> {
  return ctx.db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(sales)
      .where(and(eq(sales.farm_id, ctx.farmId), eq(sales.id, saleId)))
      .for('update');
    if (!sale) throw new AppError('NOT_FOUND', NOT_FOUND);
    const { id = newId(), ...values } = input;
    const { replayed } = await insertOnce(tx, sale_payments, {
      id,
      farmId: ctx.farmId,
      parent: { sale_id: saleId },
      values: () => {
        const owed = sale.amount_kobo - sale.paid_kobo;
        if (values.amount_kobo > owed)
          throw new AppError('VALIDATION', undefined, {
            amount_kobo:
              owed === 0 ? 'This sale is paid in full' : `The buyer owes ${formatNaira(owed)} on this sale`,
          });
        return { ...values, sale_id: saleId, user_id: ctx.userId };
      },
    });
    if (replayed) return withPayments(tx, ctx.farmId, sale);
    const [row] = await tx
      .update(sales)
      .set({
        paid_kobo: sale.paid_kobo + values.amount_kobo,
        version: sale.version + 1,
        updated_at: new Date(),
      })
      .where(eq(sales.id, saleId))
      .returning();
    await auditInsert(tx, ctx, sale_payments, { id, record: { ...values, product: sale.product } });
    return withPayments(tx, ctx.farmId, row ?? sale);
  });
}

export async function deleteSale(ctx: FarmCtx, saleId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sales)
      .where(and(eq(sales.farm_id, ctx.farmId), eq(sales.id, saleId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await auditDelete(tx, ctx, sales, { id: saleId, record: row });
  });
}

async function assertEnterprise(
  tx: Tx,
  farmId: string,
  ref: { crop_id?: string | null; animal_id?: string | null },
): Promise<void> {
  const refs = [{ crop_id: ref.crop_id ?? null, animal_id: ref.animal_id ?? null }];
  assertEnterprises(await enterpriseNames(tx, farmId, refs), refs, (_, r) =>
    r.crop_id ? 'crop_id' : 'animal_id',
  );
}

export async function toSales(db: Db | Tx, farmId: string, rows: readonly SaleRow[]): Promise<Sale[]> {
  const names = await enterpriseNames(db, farmId, rows);
  return rows.map((row) => ({
    id: row.id,
    farm_id: row.farm_id,
    date: row.date,
    buyer_name: row.buyer_name,
    buyer_phone: row.buyer_phone,
    product: row.product,
    quantity: Number(row.quantity),
    unit: row.unit,
    unit_price_kobo: row.unit_price_kobo,
    amount_kobo: row.amount_kobo,
    paid_kobo: row.paid_kobo,
    balance_kobo: row.amount_kobo - row.paid_kobo,
    payment_status: paymentStatus(row),
    due_date: row.due_date,
    crop_id: row.crop_id,
    animal_id: row.animal_id,
    enterprise_name: nameOf(names, row),
    source: row.source,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }));
}

async function withPayments(db: Db | Tx, farmId: string, row: SaleRow): Promise<SaleWithPayments> {
  const [sale] = await toSales(db, farmId, [row]);
  if (!sale) throw new AppError('NOT_FOUND', NOT_FOUND);
  const payments = await db
    .select()
    .from(sale_payments)
    .where(and(eq(sale_payments.farm_id, farmId), eq(sale_payments.sale_id, row.id)))
    .orderBy(desc(sale_payments.date), desc(sale_payments.id));
  return {
    ...sale,
    payments: payments.map((p) => ({
      id: p.id,
      date: p.date,
      amount_kobo: p.amount_kobo,
      method: p.method,
      created_at: p.created_at.toISOString(),
    })),
  };
}

async function readRow(db: Db | Tx, farmId: string, saleId: string): Promise<SaleRow> {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.farm_id, farmId), eq(sales.id, saleId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}
