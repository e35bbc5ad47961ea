import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  payFor,
  type AttendanceDay,
  type CasualLabour,
  type CreateCasualLabour,
  type CreatePayRun,
  type PayPayRun,
  type PayRun,
  type PayRunList,
  type PayRunWithLines,
  type SaveAttendance,
  type UpdatePayRunLine,
} from '@gona/shared/finance';
import type { Db, Tx } from '../../db/client';
import {
  attendance,
  casual_labour,
  expense_allocations,
  expenses,
  pay_run_lines,
  pay_runs,
  staff,
} from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { assertEnterprises, enterpriseNames, nameOf } from './enterprises';

const RUN_NOT_FOUND = 'Pay run not found';
const CASUAL_NOT_FOUND = 'Casual labour not found';
export const RUN_PAID = 'This pay run is paid: its wages are recorded as expenses and cannot change.';
export const CASUAL_IN_RUN =
  'This casual labour is in a pay run. Delete the pay run’s draft first, or change the expense it wrote.';
const NOT_STAFF = 'Choose staff members of this farm';

// ---------- attendance ----------

/** Whether a staff row worked for the farm on a day: started by then, not left before it. */
const employedOn = (day: string) =>
  and(
    or(isNull(staff.start_date), lte(staff.start_date, day)),
    or(isNull(staff.end_date), gte(staff.end_date, day)),
  );

/**
 * One day's register: the staff employed that day (active ones, and those who left after it) with
 * their mark, and the day's casual labour.
 */
export async function attendanceDay(ctx: FarmCtx, day: string): Promise<AttendanceDay> {
  const [rows, casual] = await Promise.all([
    ctx.db
      .select({
        staff_id: staff.id,
        name: staff.name,
        job: staff.job,
        pay_period: staff.pay_period,
        status: attendance.status,
      })
      .from(staff)
      .leftJoin(attendance, and(eq(attendance.staff_id, staff.id), eq(attendance.date, day)))
      .where(
        and(
          eq(staff.farm_id, ctx.farmId),
          employedOn(day),
          or(eq(staff.status, 'active'), sql`${staff.end_date} IS NOT NULL`),
        ),
      )
      .orderBy(asc(staff.name), asc(staff.id)),
    listCasual(ctx.db, ctx.farmId, { from: day, to: day }),
  ]);
  return { date: day, staff: rows, casual };
}

/** Saves a day's marks at once (a null mark takes one away); staff of another farm are refused. */
export async function saveAttendance(ctx: FarmCtx, input: SaveAttendance): Promise<AttendanceDay> {
  await ctx.db.transaction(async (tx) => {
    const ids = [...new Set(input.marks.map((m) => m.staff_id))];
    const [found] = await tx
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.farm_id, ctx.farmId), inArray(staff.id, ids)));
    if ((found?.n ?? 0) !== ids.length) throw new AppError('VALIDATION', undefined, { marks: NOT_STAFF });
    const cleared = input.marks.filter((m) => m.status === null).map((m) => m.staff_id);
    const set = input.marks.flatMap((m) => (m.status ? [{ ...m, status: m.status }] : []));
    if (cleared.length > 0)
      await tx
        .delete(attendance)
        .where(
          and(
            eq(attendance.farm_id, ctx.farmId),
            eq(attendance.date, input.date),
            inArray(attendance.staff_id, cleared),
          ),
        );
    if (set.length > 0)
      await tx
        .insert(attendance)
        .values(
          set.map((m) => ({
            farm_id: ctx.farmId,
            staff_id: m.staff_id,
            date: input.date,
            status: m.status,
            user_id: ctx.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [attendance.staff_id, attendance.date],
          set: { status: sql`excluded.status`, user_id: ctx.userId, updated_at: new Date() },
        });
    await auditInsert(tx, ctx, attendance, {
      id: input.date,
      record: {
        date: input.date,
        present: set.filter((m) => m.status === 'present').length,
        half_day: set.filter((m) => m.status === 'half_day').length,
        absent: set.filter((m) => m.status === 'absent').length,
        cleared: cleared.length,
      },
    });
  });
  return attendanceDay(ctx, input.date);
}

// ---------- casual labour ----------

export async function listCasualLabour(
  ctx: FarmCtx,
  period: { from: string; to: string },
): Promise<CasualLabour[]> {
  return listCasual(ctx.db, ctx.farmId, period);
}

async function listCasual(
  db: Db | Tx,
  farmId: string,
  period: { from: string; to: string },
): Promise<CasualLabour[]> {
  const rows = await db
    .select()
    .from(casual_labour)
    .where(
      and(
        eq(casual_labour.farm_id, farmId),
        gte(casual_labour.date, period.from),
        lte(casual_labour.date, period.to),
      ),
    )
    .orderBy(desc(casual_labour.date), desc(casual_labour.id))
    .limit(500);
  const names = await enterpriseNames(db, farmId, rows);
  return rows.map((row) => toCasual(row, nameOf(names, row)));
}

export async function createCasualLabour(ctx: FarmCtx, input: CreateCasualLabour): Promise<CasualLabour> {
  return ctx.db.transaction(async (tx) => {
    const { id = newId(), ...values } = input;
    const ref = { crop_id: values.crop_id ?? null, animal_id: values.animal_id ?? null };
    const names = await enterpriseNames(tx, ctx.farmId, [ref]);
    assertEnterprises(names, [ref], (_, r) => (r.crop_id ? 'crop_id' : 'animal_id'));
    const { row, replayed } = await insertOnce(tx, casual_labour, {
      id,
      farmId: ctx.farmId,
      values: {
        ...values,
        ...ref,
        amount_kobo: values.headcount * values.rate_kobo,
        user_id: ctx.userId,
      },
    });
    if (!replayed) await auditInsert(tx, ctx, casual_labour, { id: row.id, record: values });
    return toCasual(row, nameOf(names, row));
  });
}

export async function deleteCasualLabour(ctx: FarmCtx, casualId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(casual_labour)
      .where(and(eq(casual_labour.farm_id, ctx.farmId), eq(casual_labour.id, casualId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', CASUAL_NOT_FOUND);
    if (row.pay_run_id) throw new AppError('CONFLICT', CASUAL_IN_RUN);
    await tx.delete(casual_labour).where(eq(casual_labour.id, row.id));
    await auditDelete(tx, ctx, casual_labour, { id: row.id, record: row });
  });
}

function toCasual(row: typeof casual_labour.$inferSelect, enterprise: string | null): CasualLabour {
  return {
    id: row.id,
    date: row.date,
    headcount: row.headcount,
    rate_kobo: row.rate_kobo,
    amount_kobo: row.amount_kobo,
    description: row.description,
    crop_id: row.crop_id,
    animal_id: row.animal_id,
    enterprise_name: enterprise,
    pay_run_id: row.pay_run_id,
    created_at: row.created_at.toISOString(),
  };
}

// ---------- pay runs ----------

export async function listPayRuns(ctx: FarmCtx): Promise<PayRunList> {
  const rows = await runSummaries(ctx.db, ctx.farmId);
  return { items: rows };
}

async function runSummaries(db: Db | Tx, farmId: string, runId?: string): Promise<PayRun[]> {
  const rows = await db
    .select({
      run: pay_runs,
      total: sql<string>`coalesce(sum(${pay_run_lines.amount_kobo}), 0)`,
      lines: count(pay_run_lines.id),
    })
    .from(pay_runs)
    .leftJoin(pay_run_lines, eq(pay_run_lines.pay_run_id, pay_runs.id))
    .where(and(eq(pay_runs.farm_id, farmId), runId ? eq(pay_runs.id, runId) : undefined))
    .groupBy(pay_runs.id)
    .orderBy(desc(pay_runs.period_start), desc(pay_runs.id))
    .limit(120);
  return rows.map(({ run, total, lines }) => ({
    id: run.id,
    period_start: run.period_start,
    period_end: run.period_end,
    status: run.status,
    paid_on: run.paid_on,
    payment_method: run.payment_method,
    total_kobo: Number(total),
    lines_count: lines,
    version: run.version,
    created_at: run.created_at.toISOString(),
  }));
}

export async function getPayRun(ctx: FarmCtx, runId: string): Promise<PayRunWithLines> {
  return withLines(ctx.db, ctx.farmId, runId);
}

async function withLines(db: Db | Tx, farmId: string, runId: string): Promise<PayRunWithLines> {
  const [run] = await runSummaries(db, farmId, runId);
  if (!run) throw new AppError('NOT_FOUND', RUN_NOT_FOUND);
  const lines = await db
    .select({
      line: pay_run_lines,
      pay_period: staff.pay_period,
      rate_kobo: staff.pay_rate_kobo,
      casual_date: casual_labour.date,
      headcount: casual_labour.headcount,
      expense_id: expenses.id,
    })
    .from(pay_run_lines)
    .leftJoin(staff, eq(staff.id, pay_run_lines.staff_id))
    .leftJoin(casual_labour, eq(casual_labour.id, pay_run_lines.casual_labour_id))
    .leftJoin(expenses, eq(expenses.pay_run_line_id, pay_run_lines.id))
    .where(and(eq(pay_run_lines.farm_id, farmId), eq(pay_run_lines.pay_run_id, runId)))
    .orderBy(
      sql`${pay_run_lines.casual_labour_id} IS NOT NULL`,
      asc(casual_labour.date),
      asc(pay_run_lines.name),
    );
  return {
    ...run,
    lines: lines.map(({ line, ...joined }) => ({
      id: line.id,
      staff_id: line.staff_id,
      casual_labour_id: line.casual_labour_id,
      name: line.name,
      pay_period: line.staff_id ? joined.pay_period : null,
      rate_kobo: line.staff_id ? joined.rate_kobo : null,
      casual_date: joined.casual_date,
      headcount: joined.headcount,
      days_present: line.days_present,
      half_days: line.half_days,
      days_absent: line.days_absent,
      computed_kobo: line.computed_kobo,
      amount_kobo: line.amount_kobo,
      note: line.note,
      expense_id: joined.expense_id,
    })),
  };
}

/**
 * A draft pay run for a period: a line for each staff member employed in it, their pay worked out
 * from their rate and the period's attendance (payFor), and a line for each day of casual labour in
 * the period not already in a run. Periods of a farm's runs never overlap, so nobody is paid twice.
 */
export async function createPayRun(ctx: FarmCtx, input: CreatePayRun): Promise<PayRunWithLines> {
  return ctx.db.transaction(async (tx) => {
    const { id = newId(), period_start: from, period_end: to } = input;
    // One run at a time per farm, so two overlapping drafts cannot both pass the check below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pay_runs:${ctx.farmId}`}, 0))`);
    const { row, replayed } = await insertOnce(tx, pay_runs, {
      id,
      farmId: ctx.farmId,
      values: { period_start: from, period_end: to, user_id: ctx.userId },
    });
    if (replayed) return withLines(tx, ctx.farmId, row.id);
    const [overlap] = await tx
      .select({ from: pay_runs.period_start, to: pay_runs.period_end })
      .from(pay_runs)
      .where(
        and(
          eq(pay_runs.farm_id, ctx.farmId),
          sql`${pay_runs.id} <> ${row.id}`,
          lte(pay_runs.period_start, to),
          gte(pay_runs.period_end, from),
        ),
      )
      .limit(1);
    if (overlap)
      throw new AppError('CONFLICT', undefined, {
        period_start: `A pay run already covers ${overlap.from} to ${overlap.to}. Choose days outside it.`,
      });
    const lines = await computeLines(tx, ctx.farmId, { from, to });
    if (lines.length === 0)
      throw new AppError('VALIDATION', undefined, {
        period_start: 'Nobody to pay in these days: add staff with a pay rate, or casual labour',
      });
    await tx.insert(pay_run_lines).values(lines.map(({ line }) => ({ ...line, pay_run_id: row.id })));
    const casualIds = lines.flatMap(({ line }) => (line.casual_labour_id ? [line.casual_labour_id] : []));
    if (casualIds.length > 0)
      await tx.update(casual_labour).set({ pay_run_id: row.id }).where(inArray(casual_labour.id, casualIds));
    await auditInsert(tx, ctx, pay_runs, {
      id: row.id,
      record: { period_start: from, period_end: to, lines: lines.length },
    });
    return withLines(tx, ctx.farmId, row.id);
  });
}

type NewLine = Omit<typeof pay_run_lines.$inferInsert, 'pay_run_id'>;

async function computeLines(
  tx: Tx,
  farmId: string,
  period: { from: string; to: string },
): Promise<{ line: NewLine }[]> {
  const marks = tx
    .select({
      staff_id: attendance.staff_id,
      present: sql<number>`count(*) filter (where ${attendance.status} = 'present')::int`.as('present'),
      half: sql<number>`count(*) filter (where ${attendance.status} = 'half_day')::int`.as('half'),
      absent: sql<number>`count(*) filter (where ${attendance.status} = 'absent')::int`.as('absent'),
    })
    .from(attendance)
    .where(
      and(eq(attendance.farm_id, farmId), gte(attendance.date, period.from), lte(attendance.date, period.to)),
    )
    .groupBy(attendance.staff_id)
    .as('marks');
  const people = await tx
    .select({
      id: staff.id,
      name: staff.name,
      start_date: staff.start_date,
      end_date: staff.end_date,
      rate: staff.pay_rate_kobo,
      period: staff.pay_period,
      present: marks.present,
      half: marks.half,
      absent: marks.absent,
    })
    .from(staff)
    .leftJoin(marks, eq(marks.staff_id, staff.id))
    .where(
      and(
        eq(staff.farm_id, farmId),
        or(isNull(staff.start_date), lte(staff.start_date, period.to)),
        or(isNull(staff.end_date), gte(staff.end_date, period.from)),
        or(eq(staff.status, 'active'), sql`${staff.end_date} IS NOT NULL`),
      ),
    )
    .orderBy(asc(staff.name));
  const staffLines = people.map((p) => {
    const counts = { present: p.present ?? 0, half: p.half ?? 0, absent: p.absent ?? 0 };
    const employed = clip(period, p.start_date, p.end_date);
    const computed =
      p.rate !== null && p.period !== null
        ? payFor({ rate_kobo: p.rate, pay_period: p.period, employed, ...counts })
        : 0;
    return {
      line: {
        farm_id: farmId,
        staff_id: p.id,
        name: p.name,
        days_present: counts.present,
        half_days: counts.half,
        days_absent: counts.absent,
        computed_kobo: computed,
        amount_kobo: computed,
      },
    };
  });
  const casual = await tx
    .select()
    .from(casual_labour)
    .where(
      and(
        eq(casual_labour.farm_id, farmId),
        isNull(casual_labour.pay_run_id),
        gte(casual_labour.date, period.from),
        lte(casual_labour.date, period.to),
      ),
    )
    .orderBy(asc(casual_labour.date))
    .for('update');
  const casualLines = casual.map((c) => ({
    line: {
      farm_id: farmId,
      casual_labour_id: c.id,
      name: c.description ?? 'Casual labour',
      computed_kobo: c.amount_kobo,
      amount_kobo: c.amount_kobo,
    },
  }));
  return [...staffLines, ...casualLines];
}

/** The days of the period a person was employed, or null when none. */
function clip(
  period: { from: string; to: string },
  start: string | null,
  end: string | null,
): { from: string; to: string } | null {
  const from = start && start > period.from ? start : period.from;
  const to = end && end < period.to ? end : period.to;
  return from <= to ? { from, to } : null;
}

/** The manager's figure for one line of a draft (a bonus, an advance taken off), with a note. */
export async function updatePayRunLine(
  ctx: FarmCtx,
  runId: string,
  lineId: string,
  input: UpdatePayRunLine,
): Promise<PayRunWithLines> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockDraft(tx, ctx.farmId, runId, input.version);
    const [line] = await tx
      .select()
      .from(pay_run_lines)
      .where(and(eq(pay_run_lines.pay_run_id, run.id), eq(pay_run_lines.id, lineId)));
    if (!line) throw new AppError('NOT_FOUND', 'This line is not in the pay run');
    const note = input.note ?? null;
    if (line.amount_kobo !== input.amount_kobo || line.note !== note) {
      await tx
        .update(pay_run_lines)
        .set({ amount_kobo: input.amount_kobo, note })
        .where(eq(pay_run_lines.id, line.id));
      await tx
        .update(pay_runs)
        .set({ version: run.version + 1, updated_at: new Date() })
        .where(eq(pay_runs.id, run.id));
      await auditUpdate(tx, ctx, pay_run_lines, {
        id: line.id,
        changes: { amount_kobo: { from: line.amount_kobo, to: input.amount_kobo } },
        context: { name: line.name, note },
      });
    }
    return withLines(tx, ctx.farmId, run.id);
  });
}

/**
 * Pays a draft on a day: one labour expense per line with pay (the person's name as who was paid;
 * a staff line belongs to the whole farm and falls on the period's last day, a casual line to its
 * day and enterprise), then the run is paid and can no longer change.
 */
export async function payPayRun(ctx: FarmCtx, runId: string, input: PayPayRun): Promise<PayRunWithLines> {
  return ctx.db.transaction(async (tx) => {
    const run = await lockDraft(tx, ctx.farmId, runId, input.version);
    const lines = await tx
      .select({ line: pay_run_lines, casual: casual_labour })
      .from(pay_run_lines)
      .leftJoin(casual_labour, eq(casual_labour.id, pay_run_lines.casual_labour_id))
      .where(eq(pay_run_lines.pay_run_id, run.id));
    const paid = lines.filter(({ line }) => line.amount_kobo > 0);
    if (paid.length === 0)
      throw new AppError('VALIDATION', undefined, { lines: 'Every line is ₦0: there is nothing to pay' });
    const period = `${run.period_start} to ${run.period_end}`;
    const rows = paid.map(({ line, casual }) => ({
      id: newId(),
      farm_id: ctx.farmId,
      date: casual ? casual.date : run.period_end,
      category: 'labour' as const,
      amount_kobo: line.amount_kobo,
      description: casual
        ? `Casual labour, ${casual.headcount} × ${naira(casual.rate_kobo)}${casual.description ? `: ${casual.description}` : ''}`
        : `Wages ${period}`,
      paid_to: casual ? null : line.name,
      payment_method: input.payment_method,
      notes: line.note,
      paid_on: input.paid_on,
      pay_run_line_id: line.id,
      user_id: ctx.userId,
      crop_id: casual?.crop_id ?? null,
      animal_id: casual?.animal_id ?? null,
    }));
    await tx.insert(expenses).values(rows.map(({ crop_id: _c, animal_id: _a, ...row }) => row));
    await tx.insert(expense_allocations).values(
      rows.map((row) => ({
        farm_id: ctx.farmId,
        expense_id: row.id,
        crop_id: row.crop_id,
        animal_id: row.animal_id,
        date: row.date,
        category: row.category,
        amount_kobo: row.amount_kobo,
      })),
    );
    const { row, changes } = await updateVersioned(tx, pay_runs, {
      where: eq(pay_runs.id, run.id),
      version: input.version,
      changes: { status: 'paid', paid_on: input.paid_on, payment_method: input.payment_method },
    });
    await auditUpdate(tx, ctx, pay_runs, {
      id: row.id,
      changes,
      context: { period_start: run.period_start, period_end: run.period_end, expenses: rows.length },
    });
    return withLines(tx, ctx.farmId, run.id);
  });
}

/** Deletes a draft; its casual labour is free for another run. A paid run stays. */
export async function deletePayRun(ctx: FarmCtx, runId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockDraft(tx, ctx.farmId, runId, null);
    await tx.update(casual_labour).set({ pay_run_id: null }).where(eq(casual_labour.pay_run_id, run.id));
    await tx.delete(pay_runs).where(eq(pay_runs.id, run.id));
    await auditDelete(tx, ctx, pay_runs, {
      id: run.id,
      record: { period_start: run.period_start, period_end: run.period_end },
    });
  });
}

async function lockDraft(tx: Tx, farmId: string, runId: string, version: number | null) {
  const [run] = await tx
    .select()
    .from(pay_runs)
    .where(and(eq(pay_runs.farm_id, farmId), eq(pay_runs.id, runId)))
    .for('update');
  if (!run) throw new AppError('NOT_FOUND', RUN_NOT_FOUND);
  if (run.status === 'paid') throw new AppError('CONFLICT', RUN_PAID);
  if (version !== null && run.version !== version) throw new AppError('CONFLICT');
  return run;
}

function naira(kobo: number): string {
  const whole = kobo % 100 === 0;
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}
