import { and, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  saleStockRules,
  stockQuantityOf,
  type CreatePayment,
  type CreateSale,
  type Sale,
  type SaleListQuery,
  type SalePaymentStatus,
  type SaleWithPayments,
  type StockTake,
  type UpdateSale,
} from '@gona/shared/finance';
import { INT4_MAX } from '@gona/shared/fields';
import { formatNaira } from '@gona/shared/money';
import { milliOf, normalizeQuantity } from '@gona/shared/units';
import type { Page } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { livestock, sale_payments, sales } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { byDate, keyset } from '../../lib/pagination';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { literalLimit } from '../../lib/prepared';
import { writeEventIn } from '../livestock/records.service';
import { assertEnterprises, enterpriseNames, nameOf, parseEnterpriseKey } from './enterprises';
import { assertInStock } from './stock.service';

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
    .limit(literalLimit(query.limit + 1));
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
 * when not said). Stored harvest or eggs it took must be in stock (checked under the farm's stock
 * lock); animals taken off a group's count are its `sale` event, written here. The client's id makes
 * a replay answer the first record, taking nothing twice.
 */
export async function createSale(ctx: FarmCtx, input: CreateSale): Promise<SaleWithPayments> {
  return ctx.db.transaction(async (tx) => {
    const {
      id = newId(),
      paid_kobo: paidInput,
      payment_method: method,
      take_off_count: takeOffCount,
      stock_kind: _kind,
      stock_crop_key: _cropKey,
      stock_quantity: _stockQuantity,
      ...values
    } = input;
    const paid = paidInput ?? values.amount_kobo;
    await assertEnterprise(tx, ctx.farmId, values);
    const take = stockTake(input);
    const eventId = takeOffCount && values.animal_id ? newId() : null;
    const { row, replayed } = await insertOnce(tx, sales, {
      id,
      farmId: ctx.farmId,
      values: {
        ...values,
        quantity: values.quantity,
        // Paid in full needs no due date.
        due_date: paid >= values.amount_kobo ? null : (values.due_date ?? null),
        paid_kobo: paid,
        source: 'manual',
        ...stockColumns(take),
        livestock_event_id: eventId,
        user_id: ctx.userId,
      },
    });
    if (!replayed) {
      if (take) await assertInStock(tx, ctx.farmId, id, take, stockField(input));
      if (eventId && values.animal_id)
        await sellHeadsIn(tx, ctx, values.animal_id, {
          id: eventId,
          date: values.date,
          // A whole number of head (saleStockRules), so exact.
          count: milliOf(values.quantity) / 1000,
          price_kobo: values.amount_kobo <= INT4_MAX ? values.amount_kobo : null,
          notes: values.notes ?? null,
        });
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

/**
 * A changed sale; its amount may not fall below what the buyer has already paid. What it takes from
 * store follows its new quantity (more is checked against the stock, less gives back). Animals taken
 * off a group's count stay as that event recorded them: their number, unit and group do not change.
 */
export async function updateSale(ctx: FarmCtx, saleId: string, input: UpdateSale): Promise<SaleWithPayments> {
  const { version, stock_kind, stock_crop_key, stock_quantity, ...rest } = input;
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, saleId);
    const crop_id = rest.crop_id === undefined ? current.crop_id : rest.crop_id;
    const animal_id = rest.animal_id === undefined ? current.animal_id : rest.animal_id;
    if (crop_id && animal_id)
      throw new AppError('VALIDATION', undefined, { animal_id: 'Choose a planting or an animal, not both' });
    await assertEnterprise(tx, ctx.farmId, { crop_id, animal_id });
    if (rest.amount_kobo !== undefined && rest.amount_kobo < current.paid_kobo)
      throw new AppError('VALIDATION', undefined, {
        amount_kobo:
          'The buyer has already paid more than this; the amount cannot be less than what was paid',
      });
    const merged = mergedStock(current, { ...rest, animal_id, stock_kind, stock_crop_key, stock_quantity });
    if (current.livestock_event_id) assertHeadsKept(current, merged);
    const take = stockTake(merged);
    const updated = await updateVersioned(tx, sales, {
      where: and(eq(sales.farm_id, ctx.farmId), eq(sales.id, saleId)),
      version,
      changes: {
        ...rest,
        quantity: rest.quantity,
        ...stockColumns(take),
      },
      notFound: NOT_FOUND,
    });
    if (take && takesMore(currentTake(current), take))
      await assertInStock(tx, ctx.farmId, saleId, take, stockField(merged));
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

type StockChoice = Parameters<typeof saleStockRules>[0];

/** What a sale takes from store, or the rules' first word on each field that is wrong. */
function stockTake(input: StockChoice): StockTake | null {
  const { issues, take } = saleStockRules(input);
  if (issues.length === 0) return take;
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  throw new AppError('VALIDATION', undefined, fields);
}

const stockColumns = (take: StockTake | null) => ({
  stock_kind: take?.kind ?? null,
  stock_crop_key: take?.crop_key ?? null,
  stock_quantity: take ? take.quantity : null,
});

/** The field a shortage is said beside: the kg or eggs typed, or the quantity they came from. */
const stockField = (input: StockChoice): 'quantity' | 'stock_quantity' =>
  input.stock_kind && input.stock_quantity != null ? 'stock_quantity' : 'quantity';

/**
 * A change's stock choices over the sale as it is. Kg or eggs typed for a unit without a fixed
 * size are kept while the sale takes the same kind of stock and none are sent; a unit with a fixed
 * size works them out again.
 */
function mergedStock(
  current: SaleRow,
  change: Omit<UpdateSale, 'version'> & { animal_id: string | null },
): StockChoice {
  const stock_kind = change.stock_kind === undefined ? current.stock_kind : change.stock_kind;
  const unit = change.unit ?? current.unit;
  const quantity = change.quantity ?? normalizeQuantity(current.quantity);
  const typed =
    change.stock_quantity !== undefined
      ? change.stock_quantity
      : stock_kind === current.stock_kind && current.stock_quantity !== null
        ? normalizeQuantity(current.stock_quantity)
        : null;
  const fixedSize = stock_kind ? stockQuantityOf(stock_kind, unit, quantity) !== null : false;
  return {
    quantity,
    unit,
    animal_id: change.animal_id,
    stock_kind,
    stock_crop_key: change.stock_crop_key === undefined ? current.stock_crop_key : change.stock_crop_key,
    stock_quantity: fixedSize && change.stock_quantity === undefined ? null : typed,
  };
}

function currentTake(row: SaleRow): StockTake | null {
  return row.stock_kind && row.stock_quantity !== null
    ? { kind: row.stock_kind, crop_key: row.stock_crop_key, quantity: normalizeQuantity(row.stock_quantity) }
    : null;
}

/** Whether `next` needs stock `before` did not hold: another kind or crop, or more of the same. */
function takesMore(before: StockTake | null, next: StockTake): boolean {
  return (
    !before ||
    before.kind !== next.kind ||
    before.crop_key !== next.crop_key ||
    milliOf(next.quantity) > milliOf(before.quantity)
  );
}

const HEADS_KEPT =
  'These animals were taken off the group’s count when the sale was recorded, so this stays as it is';

/** A sale that took animals off a group's count keeps its number, unit and group, as the event did. */
function assertHeadsKept(current: SaleRow, merged: StockChoice): void {
  const fields: Record<string, string> = {};
  if (milliOf(merged.quantity) !== milliOf(current.quantity)) fields.quantity = HEADS_KEPT;
  if (merged.unit !== current.unit) fields.unit = HEADS_KEPT;
  if (merged.animal_id !== current.animal_id) fields.animal_id = HEADS_KEPT;
  if (merged.stock_kind)
    fields.stock_kind = 'Animals sold off a count are not taken from store: choose "Not from store"';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);
}

/**
 * The group's `sale` event for the heads sold, through the livestock feature in this transaction.
 * More heads than the group has left is said beside the quantity, with what it has (its row is
 * held by this transaction once the event was tried, so the number is exact).
 */
async function sellHeadsIn(
  tx: Tx,
  ctx: FarmCtx,
  animalId: string,
  event: { id: string; date: string; count: number; price_kobo: number | null; notes: string | null },
): Promise<void> {
  try {
    await writeEventIn(tx, ctx, animalId, { ...event, kind: 'sale' });
  } catch (err) {
    if (!(err instanceof AppError && err.fields?.count)) throw err;
    const [group] = await tx
      .select({ head_count: livestock.head_count })
      .from(livestock)
      .where(and(eq(livestock.farm_id, ctx.farmId), eq(livestock.id, animalId)));
    const names = await enterpriseNames(tx, ctx.farmId, [{ crop_id: null, animal_id: animalId }]);
    const name = nameOf(names, { crop_id: null, animal_id: animalId }) ?? 'the group';
    const left = group?.head_count ?? 0;
    throw new AppError('VALIDATION', undefined, {
      quantity:
        left === 0
          ? `No animals are left in ${name}`
          : `Only ${left} ${left === 1 ? 'animal is' : 'animals are'} left in ${name}`,
    });
  }
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
    quantity: normalizeQuantity(row.quantity),
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
    stock_kind: row.stock_kind,
    stock_crop_key: row.stock_crop_key,
    stock_quantity: row.stock_quantity === null ? null : normalizeQuantity(row.stock_quantity),
    livestock_event_id: row.livestock_event_id,
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
