import { and, asc, count, desc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { can } from '@gona/shared/permissions';
import {
  TODAY_SECTION_MAX,
  UPCOMING_DAYS,
  DAY_MAX,
  type Calendar,
  type CalendarQuery,
  type DayQuery,
  type DayTasks,
  type CompleteTask,
  type CreateTask,
  type Task,
  type TaskWithPhotos,
  type TodayTasks,
  type UpdateTask,
} from '@gona/shared/tasks';
import type { Db, Tx } from '../../db/client';
import {
  crops,
  knowledge_crops,
  livestock,
  staff,
  supplies,
  task_assignees,
  task_series,
  tasks,
  users,
} from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays, dateIn, farmTimeZone } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { preparedQuery } from '../../lib/prepared';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFilesIn, deleteFilesIn, listFilesOf } from '../files/files.service';
import { completionHook } from './hooks.service';
import { createSeriesIn } from './series.service';
import { assertLinksOfFarm, assigneeNames, setAssigneesIn } from './tasks.checks';
import { taskColumns, toTask } from './tasks.rows';
import { calendarJsonQuery, myTodayJsonQuery, todayJsonQuery } from './today.sql';

const NOT_FOUND = 'Task not found';
export const NOT_YOURS =
  'This task is given to someone else. Ask the farm manager to give it to you, or to do it themselves.';

/** Tasks with their people, what they are about and their rule, ready for `toTask`. */
export function selectTasks(db: Db | Tx) {
  return selectTasksWith(db, {});
}

/** `selectTasks` with more columns. */
function selectTasksWith<Extra extends SelectedFields>(db: Db | Tx, extra: Extra) {
  return db
    .select({ ...taskColumns, ...extra })
    .from(tasks)
    .leftJoin(supplies, eq(supplies.id, tasks.supply_id))
    .leftJoin(livestock, eq(livestock.id, tasks.livestock_id))
    .leftJoin(crops, eq(crops.id, tasks.crop_id))
    .leftJoin(knowledge_crops, eq(knowledge_crops.key, crops.crop_key))
    .leftJoin(task_series, eq(task_series.id, tasks.series_id));
}

/**
 * Given to this person (through their staff records on the farm), or to nobody (`assigned` false).
 */
export async function mineOrUnassigned(db: Db | Tx, farmId: string, userId: string): Promise<SQL> {
  const mine = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.farm_id, farmId), eq(staff.member_user_id, userId)));
  const unassigned = sql`not ${tasks.assigned}`;
  if (mine.length === 0) return unassigned;
  const ids = sql.join(
    mine.map((row) => sql`${row.id}`),
    sql`, `,
  );
  // One hashed list of this person's tasks, not a probe per row.
  return sql`(${unassigned} or ${tasks.id} in (select ${task_assignees.task_id} from ${task_assignees} where ${task_assignees.staff_id} in (${ids})))`;
}

/** Most pressing first within a day: high priority, then by time (untimed last), then as made. */
const dayOrder = [
  asc(tasks.due_date),
  sql`(${tasks.priority} = 'high') desc`,
  sql`(${tasks.priority} = 'low') asc`,
  sql`${tasks.due_time} asc nulls last`,
  asc(tasks.created_at),
  asc(tasks.id),
];

/** Placeholders of the prepared reads: everyone's tasks, or a person's (`staff`: their staff ids) and unassigned ones. */
const forWhom = sql`(${sql.placeholder('everyone')}::boolean or not ${tasks.assigned} or ${tasks.id} in (
  select ${task_assignees.task_id} from ${task_assignees} where ${task_assignees.staff_id} = any(${sql.placeholder('staff')}::uuid[])
))`;
const farmOf = eq(tasks.farm_id, sql.placeholder('farmId'));
const isOpen = eq(tasks.status, 'open');

// The Today view's reads run on every phone's dashboard: prepared once per connection, so PostgreSQL
// plans them once (planning cost more than running them: about 2 ms against under 1 ms each).
const overdueQuery = preparedQuery((db) =>
  selectTasks(db)
    .where(and(farmOf, isOpen, lt(tasks.due_date, sql.placeholder('today')), forWhom))
    .orderBy(desc(tasks.due_date), desc(tasks.id))
    .limit(TODAY_SECTION_MAX)
    .prepare('gona_tasks_overdue'),
);
const dueTodayQuery = preparedQuery((db) =>
  selectTasks(db)
    .where(and(farmOf, eq(tasks.due_date, sql.placeholder('today')), forWhom))
    .orderBy(...dayOrder)
    .limit(TODAY_SECTION_MAX)
    .prepare('gona_tasks_due_today'),
);
const upcomingQuery = preparedQuery((db) => {
  const days = upcomingDays(db);
  return selectTasksWith(db, { series_days: days.series_days })
    .innerJoin(days, eq(days.id, tasks.id))
    .where(eq(days.nth, 1))
    .orderBy(...dayOrder)
    .limit(TODAY_SECTION_MAX)
    .prepare('gona_tasks_upcoming');
});
/**
 * The next days' open tasks with their series' open days there (`series_days`; a task that does not
 * repeat is a series of its own) and their place in it by `dayOrder` (`nth`, 1 for the first).
 */
function upcomingDays(db: Db | Tx) {
  const series = sql`coalesce(${tasks.series_id}, ${tasks.id})`;
  return db
    .select({
      id: tasks.id,
      series_days: sql<number>`(count(*) over (partition by ${series}))::int`.as('series_days'),
      nth: sql<number>`row_number() over (partition by ${series} order by ${sql.join(dayOrder, sql`, `)})`.as(
        'nth',
      ),
    })
    .from(tasks)
    .where(
      and(
        farmOf,
        isOpen,
        gte(tasks.due_date, sql.placeholder('tomorrow')),
        lte(tasks.due_date, sql.placeholder('last')),
        forWhom,
      ),
    )
    .as('upcoming_days');
}
// Both open counts from the open tasks' index in one pass; today's (all statuses) from the day index.
const openCountsQuery = preparedQuery((db) =>
  db
    .select({
      overdue: count(sql`case when ${tasks.due_date} < ${sql.placeholder('today')} then 1 end`),
      upcoming: count(sql`case when ${tasks.due_date} > ${sql.placeholder('today')} then 1 end`),
    })
    .from(tasks)
    .where(and(farmOf, isOpen, lte(tasks.due_date, sql.placeholder('last')), forWhom))
    .prepare('gona_tasks_open_counts'),
);
const todayCountQuery = preparedQuery((db) =>
  db
    .select({ total: count() })
    .from(tasks)
    .where(and(farmOf, eq(tasks.due_date, sql.placeholder('today')), forWhom))
    .prepare('gona_tasks_today_count'),
);
const calendarQuery = preparedQuery((db) =>
  db
    .select({
      date: tasks.due_date,
      open: count(sql`case when ${tasks.status} = 'open' then 1 end`),
      done: count(sql`case when ${tasks.status} = 'done' then 1 end`),
      skipped: count(sql`case when ${tasks.status} = 'skipped' then 1 end`),
    })
    .from(tasks)
    .where(
      and(
        farmOf,
        gte(tasks.due_date, sql.placeholder('from')),
        lte(tasks.due_date, sql.placeholder('to')),
        forWhom,
      ),
    )
    .groupBy(tasks.due_date)
    .orderBy(asc(tasks.due_date))
    .prepare('gona_tasks_calendar'),
);
const myStaffQuery = preparedQuery((db) =>
  db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(eq(staff.farm_id, sql.placeholder('farmId')), eq(staff.member_user_id, sql.placeholder('userId'))),
    )
    .prepare('gona_tasks_my_staff'),
);

/** The prepared reads' `everyone` and `staff`: all tasks, or mine (my staff records') and unassigned. */
async function whose(ctx: FarmCtx, mine: boolean): Promise<{ everyone: boolean; staff: string[] }> {
  if (!mine) return { everyone: true, staff: [] };
  const rows = await myStaffQuery(ctx.db).execute({ farmId: ctx.farmId, userId: ctx.userId });
  return { everyone: false, staff: rows.map((row) => row.id) };
}

/**
 * The Today view in the farm's time zone: open tasks overdue (the most recent first: a task missed
 * last week matters more than one forgotten last year), everything due today (done ones too,
 * ticked), and open tasks of the next UPCOMING_DAYS days, a series once (its first open day, with
 * `series_days`); each section its first TODAY_SECTION_MAX rows and its total of tasks. `mine`: a
 * worker's own and unassigned tasks.
 */
export async function todayTasks(ctx: FarmCtx, options: { mine: boolean }): Promise<TodayTasks> {
  const [today, who] = await Promise.all([
    farmTimeZone(ctx.db, ctx.farmId).then((zone) => dateIn(zone)),
    whose(ctx, options.mine),
  ]);
  const params = {
    farmId: ctx.farmId,
    today,
    tomorrow: addDays(today, 1),
    last: addDays(today, UPCOMING_DAYS),
    ...who,
  };
  const [overdue, dueToday, upcoming, [openCounts], [todayCount]] = await Promise.all([
    overdueQuery(ctx.db).execute(params),
    dueTodayQuery(ctx.db).execute(params),
    upcomingQuery(ctx.db).execute(params),
    openCountsQuery(ctx.db).execute(params),
    todayCountQuery(ctx.db).execute(params),
  ]);
  return {
    today,
    overdue: { items: overdue.map(toTask), total: openCounts?.overdue ?? 0 },
    due_today: { items: dueToday.map(toTask), total: todayCount?.total ?? 0 },
    upcoming: {
      items: upcoming.map((row) => ({ ...toTask(row), series_days: row.series_days })),
      total: openCounts?.upcoming ?? 0,
    },
  };
}

/**
 * `todayTasks` as the response's JSON text, from one prepared statement (today.sql.ts). A farm
 * whose stored time zone PostgreSQL does not know (its list and the browser's can differ) is
 * answered by `todayTasks`, which works the date out in JavaScript.
 */
export async function todayTasksJson(ctx: FarmCtx, options: { mine: boolean }): Promise<string> {
  try {
    const [row] = options.mine
      ? await myTodayJsonQuery(ctx.db).execute({ farmId: ctx.farmId, userId: ctx.userId })
      : await todayJsonQuery(ctx.db).execute({ farmId: ctx.farmId });
    if (row) return row.body;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PARAMETER_VALUE) throw error;
  }
  return JSON.stringify(await todayTasks(ctx, options));
}

/** `calendarDays` as the response's JSON text, from one prepared statement (today.sql.ts). */
export async function calendarDaysJson(ctx: FarmCtx, query: CalendarQuery): Promise<string> {
  try {
    const [row] = await calendarJsonQuery(ctx.db).execute({
      farmId: ctx.farmId,
      userId: ctx.userId,
      everyone: query.mine !== 'true',
      from: query.from,
      to: query.to,
    });
    if (row) return row.body;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PARAMETER_VALUE) throw error;
  }
  return JSON.stringify(await calendarDays(ctx, query));
}

/** PostgreSQL's error for an unknown time zone name. */
const INVALID_PARAMETER_VALUE = '22023';

/**
 * A calendar's days, in the farm's dates: how many tasks each day has open, done and skipped (the
 * dots of a month grid). A day's tasks come from `dayTasks` when the day is opened, so a month
 * costs the phone a few hundred bytes, not every task of six weeks.
 */
export async function calendarDays(ctx: FarmCtx, query: CalendarQuery): Promise<Calendar> {
  const [today, who] = await Promise.all([
    farmTimeZone(ctx.db, ctx.farmId).then((zone) => dateIn(zone)),
    whose(ctx, query.mine === 'true'),
  ]);
  const days = await calendarQuery(ctx.db).execute({
    farmId: ctx.farmId,
    from: query.from,
    to: query.to,
    ...who,
  });
  return { today, days };
}

/** Every task of one day (at most DAY_MAX), most pressing first. */
export async function dayTasks(ctx: FarmCtx, query: DayQuery): Promise<DayTasks> {
  const mine = query.mine === 'true' ? await mineOrUnassigned(ctx.db, ctx.farmId, ctx.userId) : undefined;
  const rows = await selectTasks(ctx.db)
    .where(and(eq(tasks.farm_id, ctx.farmId), eq(tasks.due_date, query.date), mine))
    .orderBy(...dayOrder)
    .limit(DAY_MAX);
  return { date: query.date, items: rows.map(toTask) };
}

/** The tasks about one record (a supply, an animal or group, a person): open ones by day, and the last few done. */
export async function tasksAbout(
  ctx: FarmCtx,
  about: {
    supply_id?: string | undefined;
    livestock_id?: string | undefined;
    crop_id?: string | undefined;
    staff_id?: string | undefined;
  },
): Promise<{ open: Task[]; closed: Task[] }> {
  const which = and(
    eq(tasks.farm_id, ctx.farmId),
    about.supply_id ? eq(tasks.supply_id, about.supply_id) : undefined,
    about.livestock_id ? eq(tasks.livestock_id, about.livestock_id) : undefined,
    about.crop_id ? eq(tasks.crop_id, about.crop_id) : undefined,
    about.staff_id
      ? sql`exists (select 1 from ${task_assignees} where ${task_assignees.task_id} = ${tasks.id} and ${task_assignees.staff_id} = ${about.staff_id})`
      : undefined,
  );
  const [open, closed] = await Promise.all([
    selectTasks(ctx.db)
      .where(and(which, eq(tasks.status, 'open')))
      .orderBy(...dayOrder)
      .limit(TODAY_SECTION_MAX),
    selectTasks(ctx.db)
      .where(and(which, ne(tasks.status, 'open')))
      .orderBy(desc(tasks.completed_at), desc(tasks.id))
      .limit(5),
  ]);
  return { open: open.map(toTask), closed: closed.map(toTask) };
}

export async function getTask(ctx: FarmCtx, taskId: string): Promise<TaskWithPhotos> {
  return readTask(ctx.db, ctx.farmId, taskId);
}

export async function readTask(db: Db | Tx, farmId: string, taskId: string): Promise<TaskWithPhotos> {
  const [row] = await selectTasks(db).where(and(eq(tasks.farm_id, farmId), eq(tasks.id, taskId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ...toTask(row), photos: await listFilesOf(db, farmId, tasks, taskId) };
}

/**
 * A new task, or the first of a repeating one (`rrule`): the series writes its days out and the
 * id the phone made is its first task. A replay of the same id answers the first result.
 */
export async function createTask(ctx: FarmCtx, input: CreateTask): Promise<TaskWithPhotos> {
  return ctx.db.transaction(async (tx) => {
    const { id = newId(), rrule, assignee_ids: assigneeIds, ...values } = input;
    const names = await assigneeNames(tx, ctx.farmId, assigneeIds);
    await assertLinksOfFarm(tx, ctx.farmId, values);
    if (rrule) {
      const [replay] = await tx.select({ farm: tasks.farm_id }).from(tasks).where(eq(tasks.id, id));
      if (replay) {
        if (replay.farm !== ctx.farmId) throw new AppError('CONFLICT', 'This record already exists.');
        return readTask(tx, ctx.farmId, id);
      }
      const series = await createSeriesIn(tx, ctx, { ...values, rrule, assigneeIds, firstTaskId: id });
      const first = await readTask(tx, ctx.farmId, series.firstTaskId);
      await auditInsert(tx, ctx, tasks, { id: first.id, record: { ...values, rrule, assignees: names } });
      return first;
    }
    const { row, replayed } = await insertOnce(tx, tasks, {
      id,
      farmId: ctx.farmId,
      values: { ...values, created_by: ctx.userId },
    });
    if (!replayed) {
      await setAssigneesIn(tx, ctx.farmId, row.id, assigneeIds);
      await auditInsert(tx, ctx, tasks, { id: row.id, record: { ...values, assignees: names } });
    }
    return readTask(tx, ctx.farmId, row.id);
  });
}

/** A change to one task (optimistic concurrency as every record). */
export async function updateTask(ctx: FarmCtx, taskId: string, input: UpdateTask): Promise<TaskWithPhotos> {
  const { version, assignee_ids: assigneeIds, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    await assertLinksOfFarm(tx, ctx.farmId, changes);
    const names = assigneeIds ? await assigneeNames(tx, ctx.farmId, assigneeIds) : null;
    const updated = await updateVersioned(tx, tasks, {
      where: and(eq(tasks.farm_id, ctx.farmId), eq(tasks.id, taskId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    let assignees = null;
    if (assigneeIds && names) {
      const before = await currentAssigneeNames(tx, taskId);
      if (before.join('\n') !== names.join('\n')) {
        await setAssigneesIn(tx, ctx.farmId, taskId, assigneeIds);
        assignees = { assignees: { from: before, to: names } };
        if (!updated.changes) await bumpVersion(tx, taskId);
      }
    }
    await auditUpdate(tx, ctx, tasks, {
      id: taskId,
      changes: updated.changes || assignees ? { ...updated.changes, ...assignees } : null,
      context: { title: updated.row.title },
    });
    return readTask(tx, ctx.farmId, taskId);
  });
}

export async function deleteTask(ctx: FarmCtx, taskId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tasks)
      .where(and(eq(tasks.farm_id, ctx.farmId), eq(tasks.id, taskId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deleteFilesIn(tx, ctx, { table: tasks, id: taskId });
    await auditDelete(tx, ctx, tasks, { id: taskId, record: { title: row.title, due_date: row.due_date } });
  });
}

/**
 * Done, once: the task is held while it is marked, so a double tap or a replay from the phone
 * answers the task as it is and records nothing twice. What the work used is recorded by the
 * features that own it (completion hooks), in the same transaction. A worker completes their own
 * tasks and tasks given to nobody.
 */
export async function completeTask(
  ctx: FarmCtx,
  taskId: string,
  input: CompleteTask,
): Promise<TaskWithPhotos> {
  return ctx.db.transaction(async (tx) => {
    const task = await holdTask(tx, ctx, taskId);
    if (task.status === 'done') return readTask(tx, ctx.farmId, taskId);
    for (const record of input.records) {
      const hook = completionHook(record.kind);
      if (!hook) throw new AppError('VALIDATION', undefined, { records: 'Choose what to record' });
      await hook(tx, ctx, task, record);
    }
    await close(tx, ctx, task, 'done', input.note ?? null);
    if (input.photo_ids?.length)
      await attachFilesIn(tx, ctx, { table: tasks, id: taskId, kind: 'task', fileIds: input.photo_ids });
    return readTask(tx, ctx.farmId, taskId);
  });
}

/** Not done, on purpose (rain stopped the spraying): kept with the reason, off the lists. */
export async function skipTask(ctx: FarmCtx, taskId: string, note: string | null): Promise<TaskWithPhotos> {
  return ctx.db.transaction(async (tx) => {
    const task = await holdTask(tx, ctx, taskId);
    if (task.status === 'skipped') return readTask(tx, ctx.farmId, taskId);
    if (task.status === 'done')
      throw new AppError('CONFLICT', 'This task is already done. Mark it as not done first.');
    await close(tx, ctx, task, 'skipped', note);
    return readTask(tx, ctx.farmId, taskId);
  });
}

/** Open again (ticked by mistake). What the completion recorded stays recorded. */
export async function reopenTask(ctx: FarmCtx, taskId: string): Promise<TaskWithPhotos> {
  return ctx.db.transaction(async (tx) => {
    const task = await holdTask(tx, ctx, taskId);
    if (task.status === 'open') return readTask(tx, ctx.farmId, taskId);
    await tx
      .update(tasks)
      .set({
        status: 'open',
        completed_at: null,
        completed_by: null,
        completed_by_name: null,
        completion_note: null,
        version: task.version + 1,
        updated_at: new Date(),
      })
      .where(eq(tasks.id, taskId));
    await auditUpdate(tx, ctx, tasks, {
      id: taskId,
      changes: { status: { from: task.status, to: 'open' } },
      context: { title: task.title },
    });
    return readTask(tx, ctx.farmId, taskId);
  });
}

/** The task, held for its change; 404 outside the farm, 403 for a worker's colleague's task. */
async function holdTask(tx: Tx, ctx: FarmCtx, taskId: string) {
  const [task] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.farm_id, ctx.farmId), eq(tasks.id, taskId)))
    .for('update');
  if (!task) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!can(ctx.role, 'records.write')) {
    const [mine] = await tx
      .select({ yes: sql<number>`1` })
      .from(tasks)
      .where(and(eq(tasks.id, taskId), await mineOrUnassigned(tx, ctx.farmId, ctx.userId)));
    if (!mine) throw new AppError('FORBIDDEN', NOT_YOURS);
  }
  return task;
}

async function close(
  tx: Tx,
  ctx: FarmCtx,
  task: typeof tasks.$inferSelect,
  status: 'done' | 'skipped',
  note: string | null,
): Promise<void> {
  const [person] = await tx
    .select({ first: users.first_name, last: users.last_name })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const name = person ? `${person.first} ${person.last}` : null;
  await tx
    .update(tasks)
    .set({
      status,
      completed_at: new Date(),
      completed_by: ctx.userId,
      completed_by_name: name,
      completion_note: note,
      version: task.version + 1,
      updated_at: new Date(),
    })
    .where(eq(tasks.id, task.id));
  await auditUpdate(tx, ctx, tasks, {
    id: task.id,
    changes: { status: { from: task.status, to: status } },
    context: { title: task.title, ...(note ? { note } : {}) },
  });
}

async function currentAssigneeNames(tx: Tx, taskId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: staff.name })
    .from(task_assignees)
    .innerJoin(staff, eq(staff.id, task_assignees.staff_id))
    .where(eq(task_assignees.task_id, taskId));
  return rows.map((row) => row.name).sort();
}

async function bumpVersion(tx: Tx, taskId: string) {
  await tx
    .update(tasks)
    .set({ version: sql`${tasks.version} + 1`, updated_at: new Date() })
    .where(eq(tasks.id, taskId));
}
