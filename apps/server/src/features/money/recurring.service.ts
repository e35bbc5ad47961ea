import { and, asc, eq, gt, isNull, lt, lte, not, or } from 'drizzle-orm';
import {
  RECURRING_CATCH_UP_MAX,
  type CreateRecurringExpense,
  type RecurringExpense,
  type RecurringExpenseWritten,
  type UpdateRecurringExpense,
} from '@gona/shared/finance';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { Db, Tx } from '../../db/client';
import { expense_allocations, expenses, farms, recurring_expenses } from '../../db/schema/index';
import { auditInsert, auditUpdate, type AuditCtx } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { addDays, dateIn, farmTimeZone, zoneOrDefault } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { occurrences } from '../../lib/recurrence';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { assertEnterprises, enterpriseNames, nameOf } from './enterprises';

const NOT_FOUND = 'Repeating expense not found';
const NO_DAYS = 'This rule gives no day from the start day on. Choose another start day or rule.';
const recurringPages = keyset({ order: newestFirst(recurring_expenses) });

type RecurringRow = typeof recurring_expenses.$inferSelect;

/** The farm's repeating expenses, newest first, stopped ones too. */
export async function listRecurringExpenses(ctx: FarmCtx, query: PageQuery): Promise<Page<RecurringExpense>> {
  const rows = await ctx.db
    .select()
    .from(recurring_expenses)
    .where(and(eq(recurring_expenses.farm_id, ctx.farmId), recurringPages.after(query.cursor)))
    .orderBy(...recurringPages.orderBy)
    .limit(query.limit + 1);
  const page = recurringPages.page(rows, query.limit);
  return { ...page, items: await toRecurring(ctx.db, ctx.farmId, page.items) };
}

/**
 * A new repeating expense. Its days up to today on the farm are written at once (the last
 * RECURRING_CATCH_UP_MAX of them when it started long ago); the sweep writes the rest as they come.
 * The client's id makes a replay answer the first record and write nothing.
 */
export async function createRecurringExpense(
  ctx: FarmCtx,
  input: CreateRecurringExpense,
): Promise<RecurringExpenseWritten> {
  const { id = newId(), ...values } = input;
  return ctx.db.transaction(async (tx) => {
    const { row, replayed } = await insertOnce(tx, recurring_expenses, {
      id,
      farmId: ctx.farmId,
      values: { ...values, user_id: ctx.userId },
    });
    if (replayed) return { ...(await oneRecurring(tx, ctx.farmId, row)), written: 0 };
    await assertEnterprise(tx, ctx.farmId, row);
    assertHasDays(row);
    await auditInsert(tx, ctx, recurring_expenses, { id: row.id, record: values });
    const today = dateIn(await farmTimeZone(tx, ctx.farmId));
    const { row: after, written } = await writeDue(tx, row, today, ctx);
    return { ...(await oneRecurring(tx, ctx.farmId, after)), written };
  });
}

/**
 * A change to what it writes from now on (the days already written stay as they are); a new rule
 * or start day applies after the last day written, and a start moved into the past writes its
 * days up to today at once.
 */
export async function updateRecurringExpense(
  ctx: FarmCtx,
  recurringId: string,
  input: UpdateRecurringExpense,
): Promise<RecurringExpenseWritten> {
  const { version, ...changes } = input;
  // It belongs to one enterprise at most: naming a planting leaves the animal, and the other way.
  if (changes.crop_id && changes.animal_id === undefined) changes.animal_id = null;
  if (changes.animal_id && changes.crop_id === undefined) changes.crop_id = null;
  return ctx.db.transaction(async (tx) => {
    const updated = await updateVersioned(tx, recurring_expenses, {
      where: and(eq(recurring_expenses.farm_id, ctx.farmId), eq(recurring_expenses.id, recurringId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    if (updated.changes?.crop_id || updated.changes?.animal_id)
      await assertEnterprise(tx, ctx.farmId, updated.row);
    if (updated.changes?.rrule || updated.changes?.starts_on) assertHasDays(updated.row);
    await auditUpdate(tx, ctx, recurring_expenses, {
      id: recurringId,
      changes: updated.changes,
      context: { description: updated.row.description, category: updated.row.category },
    });
    const today = dateIn(await farmTimeZone(tx, ctx.farmId));
    const { row, written } = await writeDue(tx, updated.row, today, ctx);
    return { ...(await oneRecurring(tx, ctx.farmId, row)), written };
  });
}

/** Stops a repeating expense: it writes nothing more; the expenses it wrote stay. Stopping twice is fine. */
export async function stopRecurringExpense(ctx: FarmCtx, recurringId: string): Promise<RecurringExpense> {
  return ctx.db.transaction(async (tx) => {
    const updated = await updateVersioned(tx, recurring_expenses, {
      where: and(eq(recurring_expenses.farm_id, ctx.farmId), eq(recurring_expenses.id, recurringId)),
      version: null,
      changes: { stopped: true },
      notFound: NOT_FOUND,
    });
    await auditUpdate(tx, ctx, recurring_expenses, {
      id: recurringId,
      changes: updated.changes,
      context: { description: updated.row.description, category: updated.row.category },
    });
    return oneRecurring(tx, ctx.farmId, updated.row);
  });
}

/**
 * The daily part of the money feature: every running repeating expense whose farm has reached a
 * day it has not written yet gets its days up to that farm's today written as expenses. Each is
 * held (FOR UPDATE) while it is written, and an expense is unique per repeating expense and day,
 * so two sweeps at once, or a sweep beside a farmer's change, write each day once. Answers how many
 * expenses it wrote.
 */
export async function sweepRecurringExpenses(
  db: Db,
  logger: Logger,
  now: Date,
  batch = 200,
): Promise<number> {
  // A farm's "today" is at most a day from UTC's: pick by UTC, then judge each by its farm's date.
  const latest = addDays(now.toISOString().slice(0, 10), 1);
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const due = await db
      .select({ id: recurring_expenses.id, timezone: farms.timezone })
      .from(recurring_expenses)
      .innerJoin(farms, eq(farms.id, recurring_expenses.farm_id))
      .where(
        and(
          not(recurring_expenses.stopped),
          or(isNull(recurring_expenses.written_through), lt(recurring_expenses.written_through, latest)),
          lte(recurring_expenses.starts_on, latest),
          after ? gt(recurring_expenses.id, after) : undefined,
        ),
      )
      .orderBy(asc(recurring_expenses.id))
      .limit(batch);
    for (const { id, timezone } of due) {
      const today = dateIn(zoneOrDefault(timezone), now);
      written += await db.transaction(async (tx) => {
        const [held] = await tx
          .select()
          .from(recurring_expenses)
          .where(eq(recurring_expenses.id, id))
          .for('update');
        if (!held) return 0;
        // Written by Gona on the farm's behalf: the audit rows name no one.
        const audit: AuditCtx = { userId: null, farmId: held.farm_id, logger };
        return (await writeDue(tx, held, today, audit)).written;
      });
    }
    if (due.length < batch) return written;
    after = due.at(-1)!.id;
  }
}

/**
 * Writes the rule's days after `written_through` (from its start at first) up to `today` as
 * expenses paid on their day, each once (the unique index on recurring_id and date leaves a day
 * already written alone), and moves `written_through` to today. At most the last
 * RECURRING_CATCH_UP_MAX days are written in one go. Each expense written has its audit row, as
 * one a farmer typed would.
 */
async function writeDue(
  tx: Tx,
  row: RecurringRow,
  today: string,
  audit: AuditCtx,
): Promise<{ row: RecurringRow; written: number }> {
  const from = row.written_through ? addDays(row.written_through, 1) : row.starts_on;
  if (row.stopped || from > today) return { row, written: 0 };
  const days = occurrences(row.rrule, row.starts_on, { from, to: today }).slice(-RECURRING_CATCH_UP_MAX);
  let written = 0;
  if (days.length > 0) {
    const made = await tx
      .insert(expenses)
      .values(
        days.map((day) => ({
          id: newId(),
          farm_id: row.farm_id,
          date: day,
          category: row.category,
          amount_kobo: row.amount_kobo,
          description: row.description,
          paid_to: row.paid_to,
          payment_method: row.payment_method,
          paid_on: day,
          recurring_id: row.id,
          user_id: row.user_id,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: expenses.id, date: expenses.date });
    for (const expense of made)
      await auditInsert(tx, audit, expenses, {
        id: expense.id,
        record: {
          date: expense.date,
          category: row.category,
          amount_kobo: row.amount_kobo,
          description: row.description,
          paid_to: row.paid_to,
          payment_method: row.payment_method,
          recurring_id: row.id,
        },
      });
    if (made.length > 0)
      await tx.insert(expense_allocations).values(
        made.map((expense) => ({
          farm_id: row.farm_id,
          expense_id: expense.id,
          crop_id: row.crop_id,
          animal_id: row.animal_id,
          date: expense.date,
          category: row.category,
          amount_kobo: row.amount_kobo,
        })),
      );
    written = made.length;
  }
  const [moved] = await tx
    .update(recurring_expenses)
    .set({ written_through: today })
    .where(eq(recurring_expenses.id, row.id))
    .returning();
  return { row: moved ?? row, written };
}

async function assertEnterprise(tx: Tx, farmId: string, row: RecurringRow): Promise<void> {
  const ref = { crop_id: row.crop_id, animal_id: row.animal_id };
  if (!ref.crop_id && !ref.animal_id) return;
  const names = await enterpriseNames(tx, farmId, [ref]);
  assertEnterprises(names, [ref], (_index, r) => (r.crop_id ? 'crop_id' : 'animal_id'));
}

function assertHasDays(row: RecurringRow): void {
  if (nextDay(row, row.starts_on) === null) throw new AppError('VALIDATION', undefined, { rrule: NO_DAYS });
}

/** The rule's first day on or after `from`, looking ten years ahead; null when there is none. */
function nextDay(row: RecurringRow, from: string): string | null {
  return occurrences(row.rrule, row.starts_on, { from, to: addDays(from, 3660) })[0] ?? null;
}

async function oneRecurring(db: Db | Tx, farmId: string, row: RecurringRow): Promise<RecurringExpense> {
  const [one] = await toRecurring(db, farmId, [row]);
  if (!one) throw new AppError('NOT_FOUND', NOT_FOUND);
  return one;
}

async function toRecurring(
  db: Db | Tx,
  farmId: string,
  rows: readonly RecurringRow[],
): Promise<RecurringExpense[]> {
  const names = await enterpriseNames(db, farmId, rows);
  return rows.map((row) => {
    const from =
      row.written_through && row.written_through >= row.starts_on
        ? addDays(row.written_through, 1)
        : row.starts_on;
    return {
      id: row.id,
      farm_id: row.farm_id,
      category: row.category,
      amount_kobo: row.amount_kobo,
      description: row.description,
      paid_to: row.paid_to,
      payment_method: row.payment_method,
      crop_id: row.crop_id,
      animal_id: row.animal_id,
      enterprise_name: nameOf(names, row),
      rrule: row.rrule,
      starts_on: row.starts_on,
      written_through: row.written_through,
      next_on: row.stopped ? null : nextDay(row, from),
      stopped: row.stopped,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      version: row.version,
    };
  });
}
