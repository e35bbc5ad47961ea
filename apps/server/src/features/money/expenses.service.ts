import { and, count, desc, eq, getTableColumns, gte, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import {
  DUE_BEFORE_DATE,
  PAID_BEFORE_DATE,
  percentToBasisPoints,
  splitIssues,
  splitKobo,
  type AllocationInput,
  type CreateExpense,
  type Expense,
  type ExpenseFilters,
  type ExpenseListQuery,
  type ExpenseTotals,
  type ExpenseWithReceipts,
  type MarkExpensePaid,
  type UpdateExpense,
} from '@gona/shared/finance';
import type { Page } from '@gona/shared/pagination';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { expense_allocations, expenses, files, suppliers, supply_movements } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { byDate, keyset } from '../../lib/pagination';
import { preparedQuery } from '../../lib/prepared';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFilesIn, deleteFilesIn, listFilesOf } from '../files/files.service';
import { stockReceipts } from '../inventory/receipt-expense.service';
import {
  assertEnterprises,
  enterpriseNames,
  nameOf,
  parseEnterpriseKey,
  type EnterpriseRef,
} from './enterprises';

const NOT_FOUND = 'Expense not found';
/** Latest day first; a record written later for an earlier day sorts by its day. */
export const expensePages = keyset({ order: byDate(expenses) });

type ExpenseRow = typeof expenses.$inferSelect;
type Share = EnterpriseRef & { amount_kobo: number };

/**
 * The farm's expenses, latest day first, filtered by period, category and enterprise: one statement
 * that answers each row with its shares (named), supplier, stock receipt and receipt count, as
 * `toExpenses` makes them for one expense (a test compares the two). The screen is read far more
 * often than written, and the many-query form (eight round trips) cost most of its time.
 */
export async function listExpenses(ctx: FarmCtx, query: ExpenseListQuery): Promise<Page<Expense>> {
  const rows = await ctx.db
    .select({
      ...getTableColumns(expenses),
      // Raw names: drizzle leaves a single table's columns unqualified, which a subquery would misread.
      supplier_name: sql<string | null>`(select s.name from suppliers s
        where s.farm_id = expenses.farm_id and s.id = expenses.supplier_id)`,
      receipt_count: sql<number>`(select count(*)::int from files f
        where f.farm_id = expenses.farm_id and f.attached_to_table = 'expenses' and f.attached_to_id = expenses.id)`,
      stock_receipt: sql<Expense['stock_receipt']>`(
        select json_build_object('supply_id', su.id, 'supply_name', su.name,
                                 'quantity', abs(m.quantity)::text, 'unit', su.unit)
        from supply_movements m join supplies su on su.id = m.supply_id and su.farm_id = m.farm_id
        where m.farm_id = expenses.farm_id and m.id = expenses.movement_id)`,
      shares: sql<ListedShare[]>`coalesce((
        select json_agg(json_build_object(
                 'crop_id', a.crop_id, 'animal_id', a.animal_id, 'amount_kobo', a.amount_kobo,
                 'name', case when a.crop_id is not null then coalesce(kc.name, c.crop_key)
                              when a.animal_id is not null then coalesce(l.name, l.tag, l.species) end)
               order by a.id)
        from expense_allocations a
        left join crops c on c.id = a.crop_id and c.farm_id = a.farm_id
        left join knowledge_crops kc on kc.key = c.crop_key
        left join livestock l on l.id = a.animal_id and l.farm_id = a.farm_id
        where a.farm_id = expenses.farm_id and a.expense_id = expenses.id), '[]'::json)`,
    })
    .from(expenses)
    .where(and(expenseFilter(ctx.farmId, query), expensePages.after(query.cursor)))
    .orderBy(...expensePages.orderBy)
    .limit(query.limit + 1);
  const page = expensePages.page(rows, query.limit);
  return {
    ...page,
    items: page.items.map(({ supplier_name, receipt_count, stock_receipt, shares, ...row }) => ({
      ...toExpense(
        row,
        stock_receipt && { ...stock_receipt, quantity: normalizeQuantity(stock_receipt.quantity) },
      ),
      supplier_name: row.supplier_id ? supplier_name : null,
      allocations: shares,
      receipt_count,
    })),
  };
}

type ListedShare = Expense['allocations'][number];

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An expense as the list answers it, written by PostgreSQL: `listExpenses`'s object field for field
 * (its own fields as `toExpense` makes them, then the supplier's name, the named shares and the
 * receipt count; a test compares the two).
 */
const EXPENSE_JSON = sql<string>`json_build_object(
  'id', expenses.id, 'farm_id', expenses.farm_id, 'date', expenses.date, 'category', expenses.category,
  'amount_kobo', expenses.amount_kobo, 'description', expenses.description,
  'supplier_id', expenses.supplier_id, 'paid_to', expenses.paid_to,
  'payment_method', expenses.payment_method, 'notes', expenses.notes,
  'movement_id', expenses.movement_id, 'paid_on', expenses.paid_on, 'due_date', expenses.due_date,
  'recurring_id', expenses.recurring_id,
  'stock_receipt', (
    select json_build_object('supply_id', su.id, 'supply_name', su.name,
                             'quantity', trim_scale(abs(m.quantity))::text, 'unit', su.unit)
    from supply_movements m join supplies su on su.id = m.supply_id and su.farm_id = m.farm_id
    where m.farm_id = expenses.farm_id and m.id = expenses.movement_id),
  'created_at', ${sql.raw(iso('expenses.created_at'))}, 'updated_at', ${sql.raw(iso('expenses.updated_at'))},
  'version', expenses.version,
  'supplier_name', (select s.name from suppliers s
    where s.farm_id = expenses.farm_id and s.id = expenses.supplier_id),
  'allocations', coalesce((
    select json_agg(json_build_object(
             'crop_id', a.crop_id, 'animal_id', a.animal_id,
             'name', case when a.crop_id is not null then coalesce(kc.name, c.crop_key)
                          when a.animal_id is not null then coalesce(l.name, l.tag, l.species) end,
             'amount_kobo', a.amount_kobo)
           order by a.id)
    from expense_allocations a
    left join crops c on c.id = a.crop_id and c.farm_id = a.farm_id
    left join knowledge_crops kc on kc.key = c.crop_key
    left join livestock l on l.id = a.animal_id and l.farm_id = a.farm_id
    where a.farm_id = expenses.farm_id and a.expense_id = expenses.id), '[]'::json),
  'receipt_count', (select count(*)::int from files f
    where f.farm_id = expenses.farm_id and f.attached_to_table = 'expenses' and f.attached_to_id = expenses.id)
)::text`;

const expenseRowsJson = (db: Db) =>
  db.select({ id: expenses.id, date: expenses.date, json: EXPENSE_JSON }).from(expenses).$dynamic();

/**
 * The screen's usual question (a period, the first page, no category or enterprise): prepared once
 * per connection, so neither drizzle nor PostgreSQL's planner works on it per request.
 */
const periodFirstPage = preparedQuery((db) =>
  expenseRowsJson(db)
    .where(
      and(
        eq(expenses.farm_id, sql.placeholder('farmId')),
        gte(expenses.date, sql.placeholder('from')),
        lte(expenses.date, sql.placeholder('to')),
      ),
    )
    .orderBy(...expensePages.orderBy)
    .limit(sql.placeholder('limit'))
    .prepare('gona_expenses_period_first_page'),
);

/**
 * A page of the farm's expenses as the JSON text it is answered with (`listExpenses`'s answer,
 * written by PostgreSQL): the route passes it on without mapping rows or serialising them again.
 */
export async function listExpensesJson(ctx: FarmCtx, query: ExpenseListQuery): Promise<string> {
  const limit = query.limit + 1;
  const usual = query.from && query.to && !query.cursor && !query.category && !query.enterprise;
  const rows = usual
    ? await periodFirstPage(ctx.db).execute({ farmId: ctx.farmId, from: query.from, to: query.to, limit })
    : await expenseRowsJson(ctx.db)
        .where(and(expenseFilter(ctx.farmId, query), expensePages.after(query.cursor)))
        .orderBy(...expensePages.orderBy)
        .limit(limit);
  const page = expensePages.page(rows, query.limit);
  return `{"items":[${page.items.map((row) => row.json).join(',')}],"next_cursor":${JSON.stringify(page.next_cursor)}}`;
}

/** The rows a list, its totals and the CSV export read. */
export function expenseFilter(farmId: string, query: ExpenseFilters = {}) {
  const enterprise = query.enterprise ? parseEnterpriseKey(query.enterprise) : null;
  return and(
    eq(expenses.farm_id, farmId),
    query.from ? gte(expenses.date, query.from) : undefined,
    query.to ? lte(expenses.date, query.to) : undefined,
    query.category ? eq(expenses.category, query.category) : undefined,
    enterprise
      ? inArray(
          expenses.id,
          sql`(select ${expense_allocations.expense_id} from ${expense_allocations} where ${and(
            eq(expense_allocations.farm_id, farmId),
            enterprise.crop_id
              ? eq(expense_allocations.crop_id, enterprise.crop_id)
              : isNull(expense_allocations.crop_id),
            enterprise.animal_id
              ? eq(expense_allocations.animal_id, enterprise.animal_id)
              : isNull(expense_allocations.animal_id),
          )})`,
        )
      : undefined,
  );
}

/** How many expenses the filters find, their total and the total of each category, largest first. */
export async function expenseTotals(ctx: FarmCtx, query: ExpenseFilters): Promise<ExpenseTotals> {
  const rows = await ctx.db
    .select({
      category: expenses.category,
      count: count(),
      total: sql<string>`${sum(expenses.amount_kobo)}`,
    })
    .from(expenses)
    .where(expenseFilter(ctx.farmId, query))
    .groupBy(expenses.category)
    .orderBy(desc(sum(expenses.amount_kobo)));
  const by_category = rows.map((r) => ({ category: r.category, total_kobo: Number(r.total) }));
  return {
    count: rows.reduce((n, r) => n + r.count, 0),
    total_kobo: by_category.reduce((n, r) => n + r.total_kobo, 0),
    by_category,
  };
}

export async function getExpense(ctx: FarmCtx, expenseId: string): Promise<ExpenseWithReceipts> {
  return withReceipts(ctx.db, ctx.farmId, await readRow(ctx.db, ctx.farmId, expenseId));
}

/**
 * A new expense and its shares. The client's id makes a replay answer the first record; a store
 * receipt (`movement_id`) is paid for once: a second expense for it is refused.
 */
export async function createExpense(ctx: FarmCtx, input: CreateExpense): Promise<ExpenseWithReceipts> {
  return ctx.db.transaction(async (tx) => {
    const { id = newId(), allocations, receipt_ids: receiptIds = [], ...values } = input;
    await assertMovementFree(tx, ctx.farmId, values.movement_id, id);
    const { row, replayed } = await insertOnce(tx, expenses, {
      id,
      farmId: ctx.farmId,
      values: { paid_on: values.date, ...values, user_id: ctx.userId },
    });
    if (!replayed) {
      await assertSupplier(tx, ctx.farmId, values.supplier_id);
      const shares = await resolveShares(tx, ctx.farmId, row.amount_kobo, allocations);
      await writeShares(tx, row, shares);
      await attachFilesIn(tx, ctx, {
        table: expenses,
        id: row.id,
        kind: 'receipt',
        fileIds: receiptIds,
        field: 'receipt_ids',
      });
      await auditInsert(tx, ctx, expenses, {
        id: row.id,
        record: { ...values, ...(receiptIds.length > 0 ? { receipts: receiptIds.length } : {}) },
      });
    }
    return withReceipts(tx, ctx.farmId, row);
  });
}

/**
 * Optimistic concurrency as for every record. A new amount without a new split keeps the shares'
 * proportions (largest remainder, nothing lost); a new day or category moves the shares with it,
 * and a new day moves the day it was paid when it was paid on its day.
 */
export async function updateExpense(
  ctx: FarmCtx,
  expenseId: string,
  input: UpdateExpense,
): Promise<ExpenseWithReceipts> {
  const { version, allocations, receipt_ids: receiptIds, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, expenseId);
    await assertSupplier(tx, ctx.farmId, changes.supplier_id);
    const amount = changes.amount_kobo ?? current.amount_kobo;
    // A new split without a new amount is checked here, against the stored amount.
    if (allocations) assertSplit(amount, allocations);
    if (changes.date && changes.paid_on === undefined && current.paid_on === current.date)
      changes.paid_on = changes.date;
    assertDays({ ...current, ...changes });
    const updated = await updateVersioned(tx, expenses, {
      where: and(eq(expenses.farm_id, ctx.farmId), eq(expenses.id, expenseId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    const before = await sharesOf(tx, expenseId);
    const shares = allocations
      ? await resolveShares(tx, ctx.farmId, amount, allocations)
      : amount !== current.amount_kobo
        ? rescale(before, amount)
        : before;
    const sharesChanged = JSON.stringify(before) !== JSON.stringify(shares);
    const moved = updated.changes?.date || updated.changes?.category;
    if (sharesChanged || moved) {
      await tx.delete(expense_allocations).where(eq(expense_allocations.expense_id, expenseId));
      await writeShares(tx, updated.row, shares);
    }
    const receipts = receiptIds
      ? await attachFilesIn(tx, ctx, {
          table: expenses,
          id: expenseId,
          kind: 'receipt',
          fileIds: receiptIds,
          field: 'receipt_ids',
        })
      : null;
    const split = sharesChanged ? { allocations: { from: before, to: shares } } : null;
    await auditUpdate(tx, ctx, expenses, {
      id: expenseId,
      changes: updated.changes || receipts || split ? { ...updated.changes, ...receipts, ...split } : null,
      context: { description: updated.row.description },
    });
    return withReceipts(tx, ctx.farmId, updated.row);
  });
}

export async function deleteExpense(ctx: FarmCtx, expenseId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(expenses)
      .where(and(eq(expenses.farm_id, ctx.farmId), eq(expenses.id, expenseId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deleteFilesIn(tx, ctx, { table: expenses, id: expenseId });
    await auditDelete(tx, ctx, expenses, { id: expenseId, record: row });
  });
}

/**
 * Money the farm owed, paid on a day (by another method when it changed). Sent with the version
 * the farmer saw: a stale one is 409, as for any change.
 */
export async function markExpensePaid(
  ctx: FarmCtx,
  expenseId: string,
  input: MarkExpensePaid,
): Promise<ExpenseWithReceipts> {
  return ctx.db.transaction(async (tx) => {
    const current = await readRow(tx, ctx.farmId, expenseId);
    assertDays({ ...current, paid_on: input.paid_on });
    const updated = await updateVersioned(tx, expenses, {
      where: and(eq(expenses.farm_id, ctx.farmId), eq(expenses.id, expenseId)),
      version: input.version,
      changes: {
        paid_on: input.paid_on,
        ...(input.payment_method ? { payment_method: input.payment_method } : {}),
      },
      notFound: NOT_FOUND,
    });
    await auditUpdate(tx, ctx, expenses, {
      id: expenseId,
      changes: updated.changes,
      context: { description: updated.row.description, amount_kobo: updated.row.amount_kobo },
    });
    return withReceipts(tx, ctx.farmId, updated.row);
  });
}

/** Paid and due days on or after the expense's day, as they will be stored. */
function assertDays(row: { date: string; paid_on: string | null; due_date: string | null }): void {
  if (row.paid_on !== null && row.paid_on < row.date)
    throw new AppError('VALIDATION', undefined, { paid_on: PAID_BEFORE_DATE });
  if (row.paid_on === null && row.due_date !== null && row.due_date < row.date)
    throw new AppError('VALIDATION', undefined, { due_date: DUE_BEFORE_DATE });
}

/** The shared split rules (adding up to the whole, or to 100 %), beside the fields they concern. */
function assertSplit(amount: number, allocations: readonly AllocationInput[]): void {
  const issues = splitIssues(amount, allocations);
  if (issues.length > 0)
    throw new AppError(
      'VALIDATION',
      undefined,
      Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
    );
}

/** The shares of an amount as kobo: one for the whole farm when none are given. */
async function resolveShares(
  tx: Tx,
  farmId: string,
  amount: number,
  allocations: readonly AllocationInput[] | undefined,
): Promise<Share[]> {
  const refs = (allocations ?? [{}]).map((a) => ({
    crop_id: a.crop_id ?? null,
    animal_id: a.animal_id ?? null,
  }));
  const names = await enterpriseNames(tx, farmId, refs);
  assertEnterprises(names, refs, (index) => `allocations.${index}`);
  if (!allocations || allocations.length === 1) return refs.map((ref) => ({ ...ref, amount_kobo: amount }));
  const parts = allocations.every((a) => a.amount_kobo != null)
    ? allocations.map((a) => a.amount_kobo ?? 0)
    : splitKobo(
        amount,
        allocations.map((a) => percentToBasisPoints(a.percent ?? 0)),
      );
  return refs.map((ref, index) => ({ ...ref, amount_kobo: parts[index] ?? 0 }));
}

/** The same shares of a new amount, in proportion to what they were. */
function rescale(shares: readonly Share[], amount: number): Share[] {
  const weights = shares.map((s) => s.amount_kobo);
  const parts = weights.some((w) => w > 0)
    ? splitKobo(amount, weights)
    : splitKobo(
        amount,
        weights.map(() => 1),
      );
  return shares.map((share, index) => ({ ...share, amount_kobo: parts[index] ?? 0 }));
}

async function writeShares(tx: Tx, row: ExpenseRow, shares: readonly Share[]): Promise<void> {
  await tx.insert(expense_allocations).values(
    shares.map((share) => ({
      ...share,
      farm_id: row.farm_id,
      expense_id: row.id,
      date: row.date,
      category: row.category,
    })),
  );
}

async function sharesOf(db: Db | Tx, expenseId: string): Promise<Share[]> {
  return db
    .select({
      crop_id: expense_allocations.crop_id,
      animal_id: expense_allocations.animal_id,
      amount_kobo: expense_allocations.amount_kobo,
    })
    .from(expense_allocations)
    .where(eq(expense_allocations.expense_id, expenseId))
    .orderBy(expense_allocations.id);
}

/** The API's expenses, with their shares named and how many receipts each keeps. */
async function toExpenses(db: Db | Tx, farmId: string, rows: readonly ExpenseRow[]): Promise<Expense[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [shares, receiptCounts, supplierRows, receipts] = await Promise.all([
    db
      .select()
      .from(expense_allocations)
      .where(and(eq(expense_allocations.farm_id, farmId), inArray(expense_allocations.expense_id, ids)))
      .orderBy(expense_allocations.id),
    db
      .select({ id: files.attached_to_id, count: count() })
      .from(files)
      .where(
        and(
          eq(files.farm_id, farmId),
          eq(files.attached_to_table, 'expenses'),
          inArray(files.attached_to_id, ids),
        ),
      )
      .groupBy(files.attached_to_id),
    supplierNames(db, farmId, rows),
    stockReceipts(
      db,
      farmId,
      rows.flatMap((r) => (r.movement_id ? [r.movement_id] : [])),
    ),
  ]);
  const names = await enterpriseNames(db, farmId, shares);
  return rows.map((row) => ({
    ...toExpense(row, row.movement_id ? (receipts.get(row.movement_id) ?? null) : null),
    supplier_name: row.supplier_id ? (supplierRows.get(row.supplier_id) ?? null) : null,
    allocations: shares
      .filter((s) => s.expense_id === row.id)
      .map((s) => ({
        crop_id: s.crop_id,
        animal_id: s.animal_id,
        name: nameOf(names, s),
        amount_kobo: s.amount_kobo,
      })),
    receipt_count: receiptCounts.find((r) => r.id === row.id)?.count ?? 0,
  }));
}

/** An expense row's own fields as the API answers them (shares, supplier and receipts aside). */
function toExpense(
  row: ExpenseRow,
  stock_receipt: Expense['stock_receipt'],
): Omit<Expense, 'supplier_name' | 'allocations' | 'receipt_count'> {
  return {
    id: row.id,
    farm_id: row.farm_id,
    date: row.date,
    category: row.category,
    amount_kobo: row.amount_kobo,
    description: row.description,
    supplier_id: row.supplier_id,
    paid_to: row.paid_to,
    payment_method: row.payment_method,
    notes: row.notes,
    movement_id: row.movement_id,
    paid_on: row.paid_on,
    due_date: row.due_date,
    recurring_id: row.recurring_id,
    stock_receipt,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

async function supplierNames(
  db: Db | Tx,
  farmId: string,
  rows: readonly ExpenseRow[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.supplier_id ? [r.supplier_id] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.farm_id, farmId), inArray(suppliers.id, ids)));
  return new Map(found.map((s) => [s.id, s.name]));
}

async function withReceipts(db: Db | Tx, farmId: string, row: ExpenseRow): Promise<ExpenseWithReceipts> {
  const [expense] = await toExpenses(db, farmId, [row]);
  if (!expense) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ...expense, receipts: await listFilesOf(db, farmId, expenses, row.id) };
}

async function readRow(db: Db | Tx, farmId: string, expenseId: string): Promise<ExpenseRow> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.farm_id, farmId), eq(expenses.id, expenseId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function assertSupplier(tx: Tx, farmId: string, supplierId: string | null | undefined): Promise<void> {
  if (!supplierId) return;
  const [found] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.farm_id, farmId), eq(suppliers.id, supplierId)));
  if (!found) throw new AppError('VALIDATION', undefined, { supplier_id: 'Choose a supplier of this farm' });
}

/**
 * A store receipt of this farm, paid for by one expense: a second one for it is refused (a replay of
 * the first, with its id, is not).
 */
async function assertMovementFree(
  tx: Tx,
  farmId: string,
  movementId: string | null | undefined,
  expenseId: string,
): Promise<void> {
  if (!movementId) return;
  const [movement] = await tx
    .select({ id: supply_movements.id })
    .from(supply_movements)
    .where(and(eq(supply_movements.farm_id, farmId), eq(supply_movements.id, movementId)));
  if (!movement)
    throw new AppError('VALIDATION', undefined, { movement_id: 'Choose a stock receipt of this farm' });
  const [other] = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(eq(expenses.movement_id, movementId))
    .for('update');
  if (other && other.id !== expenseId) throw new AppError('CONFLICT', MOVEMENT_PAID);
}

export const MOVEMENT_PAID = 'This stock receipt already has its expense.';
