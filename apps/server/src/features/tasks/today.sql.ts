import { sql, type SQL } from 'drizzle-orm';
import { TODAY_SECTION_MAX, UPCOMING_DAYS } from '@gona/shared/tasks';
import { preparedQuery } from '../../lib/prepared';

/**
 * The Today view as one statement that answers the response's JSON text: the farm's date in its
 * time zone, the person's staff records, the three sections with their tasks (people, supply,
 * animal, crop, rule; the next days a series once) and their totals. Every phone's dashboard asks for it, so PostgreSQL plans it
 * once per connection and the server passes the text on without parsing, mapping or re-serialising
 * it (the many-query form cost about ten times the CPU per request). Its shape is `TodayTasksSchema`,
 * field for field what `toTask` makes (a test compares the two).
 */

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A task's JSON; `extra` adds fields (`, 'name', value`). */
const taskJson = (extra = '') => `json_build_object(
  'id', t.id, 'farm_id', t.farm_id, 'title', t.title, 'type', t.type, 'notes', t.notes,
  'due_date', t.due_date, 'due_time', to_char(t.due_time, 'HH24:MI'), 'priority', t.priority,
  'status', t.status,
  'assignees', coalesce((
    select json_agg(json_build_object('id', s.id, 'name', s.name, 'has_account', s.member_user_id is not null) order by s.name)
    from task_assignees ta join staff s on s.id = ta.staff_id where ta.task_id = t.id
  ), '[]'::json),
  'supply', case when su.id is null then null else json_build_object('id', su.id, 'name', su.name, 'unit', su.unit) end,
  'livestock', case when l.id is null then null else json_build_object('id', l.id, 'name', coalesce(l.name, l.tag, '')) end,
  'crop', case when c.id is null then null else json_build_object('id', c.id, 'name', coalesce(kc.name, c.crop_key)) end,
  'series_id', t.series_id, 'rrule', ts.rrule,
  'completed_at', ${iso('t.completed_at')}, 'completed_by_name', t.completed_by_name,
  'completion_note', t.completion_note,
  'created_at', ${iso('t.created_at')}, 'updated_at', ${iso('t.updated_at')}, 'version', t.version${extra}
)`;

const TASK_LINKS = `left join supplies su on su.id = t.supply_id
  left join livestock l on l.id = t.livestock_id
  left join crops c on c.id = t.crop_id
  left join knowledge_crops kc on kc.key = c.crop_key
  left join task_series ts on ts.id = t.series_id`;
const TASK_FROM = `tasks t ${TASK_LINKS}`;

/** Most pressing first within a day, as `dayOrder` in tasks.service. */
const dayOrder = (alias: string) =>
  `${alias}.due_date asc, (${alias}.priority = 'high') desc, (${alias}.priority = 'low') asc, ${alias}.due_time asc nulls last, ${alias}.created_at asc, ${alias}.id asc`;
const DAY_ORDER = dayOrder('t');
const DAY_ORDER_OUT = dayOrder('x');

/**
 * The person's own tasks (through their staff records) and those given to nobody. Everyone's view
 * is a statement of its own without this filter, so PostgreSQL counts from the index alone.
 */
const mineOrNobody = sql`(not t.assigned or t.id in (
  select ta.task_id from task_assignees ta where ta.staff_id in (
    select s.id from staff s where s.farm_id = ${sql.placeholder('farmId')} and s.member_user_id = ${sql.placeholder('userId')}
  )
))`;

function section(where: SQL, order: { inner: string; outer: string }, whom: SQL): SQL {
  const filter = sql`t.farm_id = ${sql.placeholder('farmId')} and ${where} and ${whom}`;
  return sql`json_build_object(
    'items', (select coalesce(json_agg(x.j order by ${sql.raw(order.outer)}), '[]'::json) from (
      select ${sql.raw(taskJson())} as j, t.id, t.due_date, t.priority, t.due_time, t.created_at
      from ${sql.raw(TASK_FROM)} where ${filter} order by ${sql.raw(order.inner)} limit ${sql.raw(String(TODAY_SECTION_MAX))}
    ) x),
    'total', (select count(*) from tasks t where ${filter})
  )`;
}

/**
 * The next days, a series once: its first open day (as `DAY_ORDER` picks) with `series_days`, how
 * many of its days are open there. A task that does not repeat is a series of its own. The total
 * counts tasks.
 */
function upcomingSection(where: SQL, whom: SQL): SQL {
  const filter = sql`t.farm_id = ${sql.placeholder('farmId')} and ${where} and ${whom}`;
  // The rows are chosen (first day of each series, most pressing first, at most a section's worth)
  // before their people, supply, animal and crop are looked up: only for the rows shown.
  return sql`json_build_object(
    'items', (select coalesce(json_agg(x.j order by ${sql.raw(DAY_ORDER_OUT)}), '[]'::json) from (
      select ${sql.raw(taskJson(", 'series_days', g.series_days"))} as j, t.id, t.due_date, t.priority, t.due_time, t.created_at
      from (
        select g.id, g.series_days from (
          select t.id, t.due_date, t.priority, t.due_time, t.created_at,
            (count(*) over series)::int as series_days, row_number() over (series order by ${sql.raw(DAY_ORDER)}) as nth
          from tasks t where ${filter}
          window series as (partition by coalesce(t.series_id, t.id))
        ) g
        where g.nth = 1 order by ${sql.raw(dayOrder('g'))} limit ${sql.raw(String(TODAY_SECTION_MAX))}
      ) g join tasks t on t.id = g.id ${sql.raw(TASK_LINKS)}
    ) x),
    'total', (select count(*) from tasks t where ${filter})
  )`;
}

const today = sql.raw('d.today');
function todayBody(whom: SQL): SQL {
  return sql`json_build_object(
  'today', d.today,
  'overdue', ${section(
    sql`t.status = 'open' and t.due_date < ${today}`,
    { inner: 't.due_date desc, t.id desc', outer: 'x.due_date desc, x.id desc' },
    whom,
  )},
  'due_today', ${section(sql`t.due_date = ${today}`, { inner: DAY_ORDER, outer: DAY_ORDER_OUT }, whom)},
  'upcoming', ${upcomingSection(
    sql`t.status = 'open' and t.due_date > ${today} and t.due_date <= ${today} + ${sql.raw(String(UPCOMING_DAYS))}`,
    whom,
  )}
)::text`;
}

const farmDay = sql`(select (now() at time zone f.timezone)::date as today from farms f where f.id = ${sql.placeholder('farmId')}) d`;

/** Everyone's Today (owners, managers, viewers): parameter farmId. */
export const todayJsonQuery = preparedQuery((db) =>
  db
    .select({ body: sql<string>`${todayBody(sql`true`)}`.as('body') })
    .from(farmDay)
    .prepare('gona_tasks_today_json'),
);

/** My tasks: parameters farmId and userId. */
export const myTodayJsonQuery = preparedQuery((db) =>
  db
    .select({ body: sql<string>`${todayBody(mineOrNobody)}`.as('body') })
    .from(farmDay)
    .prepare('gona_tasks_my_today_json'),
);

/**
 * A calendar's days as one statement answering the JSON text: the farm's date and, for each day from
 * `from` to `to` with tasks, how many are open, done and skipped (`CalendarSchema`).
 */
export const calendarJsonQuery = preparedQuery((db) =>
  db
    .select({
      body: sql<string>`json_build_object(
        'today', (select (now() at time zone f.timezone)::date from farms f where f.id = ${sql.placeholder('farmId')}),
        'days', coalesce((select json_agg(json_build_object('date', x.due_date, 'open', x.open, 'done', x.done, 'skipped', x.skipped) order by x.due_date) from (
          select t.due_date,
            count(*) filter (where t.status = 'open')::int as open,
            count(*) filter (where t.status = 'done')::int as done,
            count(*) filter (where t.status = 'skipped')::int as skipped
          from tasks t
          where t.farm_id = ${sql.placeholder('farmId')} and t.due_date >= ${sql.placeholder('from')}::date
            and t.due_date <= ${sql.placeholder('to')}::date
            and (${sql.placeholder('everyone')}::boolean or ${mineOrNobody})
          group by t.due_date
        ) x), '[]'::json)
      )::text`.as('body'),
    })
    .from(sql`(select 1) one`)
    .prepare('gona_tasks_calendar_json'),
);
