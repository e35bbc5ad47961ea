import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { SERIES_HORIZON_DAYS, type TaskPriority, type TaskType, type UpdateSeries } from '@gona/shared/tasks';
import type { Db, Tx } from '../../db/client';
import { farms, task_assignees, task_series, tasks } from '../../db/schema/index';
import { auditDelete, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays, dateIn, farmTimeZone, zoneOrDefault } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { updateVersioned } from '../../lib/writes';
import { hasDayAfter, occurrences } from '../../lib/recurrence';
import { assertLinksOfFarm, assigneeNames } from './tasks.checks';

const NOT_FOUND = 'Repeating task not found';
const NO_DAYS = 'This rule gives no day from the start day on. Choose another start day or rule.';

type SeriesValues = {
  title: string;
  type: TaskType;
  notes?: string | null | undefined;
  due_date: string;
  due_time?: string | null | undefined;
  priority: TaskPriority;
  supply_id?: string | null | undefined;
  livestock_id?: string | null | undefined;
  crop_id?: string | null | undefined;
  rrule: string;
  assigneeIds: readonly string[];
  /** The id of its first task (the phone's id for a task made offline). */
  firstTaskId: string;
  /** A plan's key for its first task, so scheduling twice does not double it. */
  sourceKey?: string;
};

/** The first day of a rule (started on `startsOn`) on or after `from`, within ten years; null if none. */
export function nextDayOf(rrule: string, startsOn: string, from: string): string | null {
  return occurrences(rrule, startsOn, { from, to: addDays(from, 3660) })[0] ?? null;
}

/** A repeating task starting on `due_date`, written out to the horizon; answers its first task's id. */
export async function createSeriesIn(
  tx: Tx,
  ctx: Pick<FarmCtx, 'farmId' | 'userId'>,
  values: SeriesValues,
): Promise<{ seriesId: string; firstTaskId: string }> {
  const today = dateIn(await farmTimeZone(tx, ctx.farmId));
  const [first] = occurrences(values.rrule, values.due_date, { from: values.due_date, to: '2200-12-31' });
  if (!first) throw new AppError('VALIDATION', undefined, { rrule: NO_DAYS });
  const [series] = await tx
    .insert(task_series)
    .values({
      farm_id: ctx.farmId,
      rrule: values.rrule,
      starts_on: values.due_date,
      title: values.title,
      type: values.type,
      notes: values.notes ?? null,
      due_time: values.due_time ?? null,
      priority: values.priority,
      supply_id: values.supply_id ?? null,
      livestock_id: values.livestock_id ?? null,
      crop_id: values.crop_id ?? null,
      assignee_ids: [...values.assigneeIds],
      generated_until: addDays(first, -1),
      created_by: ctx.userId,
    })
    .returning();
  await writeOut(tx, series!, horizonOf(today, first), { [first]: values.firstTaskId }, values.sourceKey);
  return { seriesId: series!.id, firstTaskId: values.firstTaskId };
}

function horizonOf(today: string, first: string): string {
  return addDays(first > today ? first : today, SERIES_HORIZON_DAYS);
}

/**
 * Writes the series' days after `generated_until` up to `to` as tasks (a day already written is
 * left alone: the unique (series, day) index), with its people, and moves `generated_until` on,
 * or to null once the rule has no more days.
 */
async function writeOut(
  tx: Tx,
  series: typeof task_series.$inferSelect,
  to: string,
  ids: Record<string, string> = {},
  firstSourceKey?: string,
): Promise<number> {
  const from = series.generated_until ? addDays(series.generated_until, 1) : series.starts_on;
  const days = from <= to ? occurrences(series.rrule, series.starts_on, { from, to }) : [];
  let written = 0;
  for (let i = 0; i < days.length; i += 200) {
    const batch = days.slice(i, i + 200);
    const rows = await tx
      .insert(tasks)
      .values(
        batch.map((day, index) => ({
          id: ids[day] ?? newId(),
          farm_id: series.farm_id,
          series_id: series.id,
          title: series.title,
          type: series.type,
          notes: series.notes,
          due_date: day,
          due_time: series.due_time,
          priority: series.priority,
          supply_id: series.supply_id,
          livestock_id: series.livestock_id,
          crop_id: series.crop_id,
          assigned: series.assignee_ids.length > 0,
          source_key: i === 0 && index === 0 ? (firstSourceKey ?? null) : null,
          created_by: series.created_by,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: tasks.id });
    written += rows.length;
    if (series.assignee_ids.length > 0 && rows.length > 0)
      await tx
        .insert(task_assignees)
        .values(
          rows.flatMap((row) =>
            series.assignee_ids.map((staff_id) => ({ task_id: row.id, staff_id, farm_id: series.farm_id })),
          ),
        )
        .onConflictDoNothing();
  }
  const last = days.at(-1) ?? to;
  const more = hasDayAfter(series.rrule, series.starts_on, last > to ? last : to);
  await tx
    .update(task_series)
    .set({ generated_until: more ? (to > last ? to : last) : null })
    .where(eq(task_series.id, series.id));
  return written;
}

/**
 * A change to a repeating task from today on (or from `starts_on` when given): the series takes
 * the new words, people and rule; its open tasks from that day that nobody changed by hand are
 * written again; done, skipped and hand-changed tasks stay as they are.
 */
export async function updateSeries(ctx: FarmCtx, seriesId: string, input: UpdateSeries) {
  const { version, assignee_ids: assigneeIds, rrule, starts_on: startsOn, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    await assertLinksOfFarm(tx, ctx.farmId, changes);
    const names = assigneeIds ? await assigneeNames(tx, ctx.farmId, assigneeIds) : undefined;
    const today = dateIn(await farmTimeZone(tx, ctx.farmId));
    const from = startsOn && startsOn > today ? startsOn : today;
    const updated = await updateVersioned(tx, task_series, {
      where: and(eq(task_series.farm_id, ctx.farmId), eq(task_series.id, seriesId)),
      version,
      changes: {
        ...changes,
        ...(rrule ? { rrule, starts_on: startsOn ?? from } : {}),
        ...(assigneeIds ? { assignee_ids: [...assigneeIds] } : {}),
      },
      notFound: NOT_FOUND,
    });
    if (!updated.changes) return { id: seriesId, rewritten: 0 };
    const series = updated.row;
    if (!occurrences(series.rrule, series.starts_on, { from, to: '2200-12-31' }).length)
      throw new AppError('VALIDATION', undefined, { rrule: NO_DAYS });
    await tx
      .delete(tasks)
      .where(
        and(
          eq(tasks.series_id, seriesId),
          eq(tasks.status, 'open'),
          eq(tasks.version, 1),
          gte(tasks.due_date, from),
        ),
      );
    // Days from `from` on are written again by the new rule (a day kept by hand stays, once).
    const restart = { ...series, generated_until: addDays(from, -1) };
    const rewritten = await writeOut(tx, restart, horizonOf(today, from));
    const { assignee_ids: _ids, ...changed } = updated.changes;
    await auditUpdate(tx, ctx, task_series, {
      id: seriesId,
      changes: { ...changed, ...(names ? { assignees: { from: null, to: names } } : {}) },
      context: { title: series.title },
    });
    return { id: seriesId, rewritten };
  });
}

/** Stops a repeating task: its open tasks from today on go; what was done or is past stays. */
export async function deleteSeries(ctx: FarmCtx, seriesId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const today = dateIn(await farmTimeZone(tx, ctx.farmId));
    const [series] = await tx
      .select()
      .from(task_series)
      .where(and(eq(task_series.farm_id, ctx.farmId), eq(task_series.id, seriesId)))
      .for('update');
    if (!series) throw new AppError('NOT_FOUND', NOT_FOUND);
    await tx
      .delete(tasks)
      .where(and(eq(tasks.series_id, seriesId), eq(tasks.status, 'open'), gte(tasks.due_date, today)));
    await tx.delete(task_series).where(eq(task_series.id, seriesId));
    await auditDelete(tx, ctx, task_series, {
      id: seriesId,
      record: { title: series.title, rrule: series.rrule },
    });
  });
}

/**
 * The sweep's part: series whose written days run out within a week get their next days, so every
 * repeating task is always written SERIES_HORIZON_DAYS ahead. Answers how many tasks it wrote.
 */
export async function extendSeries(db: Db, now: Date, batch = 100): Promise<number> {
  // A farm's "today" is at most a day from UTC's: pick by UTC, then judge each by its farm's date.
  const soon = addDays(now.toISOString().slice(0, 10), SERIES_HORIZON_DAYS - 6);
  const due = await db
    .select({ series: task_series, timezone: farms.timezone })
    .from(task_series)
    .innerJoin(farms, eq(farms.id, task_series.farm_id))
    .where(and(isNotNull(task_series.generated_until), lt(task_series.generated_until, soon)))
    .limit(batch);
  let written = 0;
  for (const { series, timezone } of due) {
    const today = dateIn(zoneOrDefault(timezone), now);
    written += await db.transaction(async (tx) => {
      const [held] = await tx.select().from(task_series).where(eq(task_series.id, series.id)).for('update');
      if (!held?.generated_until) return 0;
      return writeOut(tx, held, addDays(today, SERIES_HORIZON_DAYS));
    });
  }
  return written;
}
