import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@gona/shared/tasks';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';
import { supplies } from './inventory';
import { crops } from './crops';
import { livestock } from './livestock';
import { staff } from './staff';

/**
 * A repeating task: its rule (RRULE text), the day it starts, and what every task it makes says.
 * Its tasks are written out as rows up to `generated_until` (SERIES_HORIZON_DAYS ahead, kept so by
 * the daily sweep), so every list, the calendar and the reminders read plain rows.
 */
export const task_series = pgTable(
  'task_series',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    rrule: text('rrule').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    type: text('type').$type<TaskType>().notNull(),
    notes: text('notes'),
    due_time: time('due_time'),
    priority: text('priority').$type<TaskPriority>().notNull(),
    supply_id: uuid('supply_id').references(() => supplies.id, { onDelete: 'set null' }),
    livestock_id: uuid('livestock_id').references(() => livestock.id, { onDelete: 'set null' }),
    crop_id: uuid('crop_id').references(() => crops.id, { onDelete: 'set null' }),
    assignee_ids: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The last day written out; null once the rule has no more days. */
    generated_until: date('generated_until', { mode: 'string' }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('task_series_farm_id_idx').on(t.farm_id),
    index('task_series_generated_until_idx')
      .on(t.generated_until)
      .where(sql`${t.generated_until} IS NOT NULL`),
  ],
);

/**
 * A piece of farm work due on a day (farm time). A task of a repeating series names it and its day
 * (unique, so writing the series out twice writes each day once); a task a plan or a trigger made
 * carries its `source_key` (unique per farm, so scheduling twice does not double the work).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').$type<TaskType>().notNull(),
    notes: text('notes'),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    due_time: time('due_time'),
    priority: text('priority').$type<TaskPriority>().notNull().default('normal'),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    supply_id: uuid('supply_id').references(() => supplies.id, { onDelete: 'set null' }),
    /** The animal or group it is about (a vaccination of a flock). */
    livestock_id: uuid('livestock_id').references(() => livestock.id, { onDelete: 'set null' }),
    /** The planting it is about (weeding the maize on the river plot). */
    crop_id: uuid('crop_id').references(() => crops.id, { onDelete: 'set null' }),
    /** Given to someone (a row in task_assignees): "My tasks" reads it instead of probing per row. */
    assigned: boolean('assigned').notNull().default(false),
    series_id: uuid('series_id').references(() => task_series.id, { onDelete: 'set null' }),
    source_key: text('source_key'),
    completed_at: timestampMs('completed_at'),
    completed_by: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completed_by_name: text('completed_by_name'),
    completion_note: text('completion_note'),
    /** When the overdue nudge went out (once per task). */
    overdue_notified_at: timestampMs('overdue_notified_at'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    // Today and the calendar: a farm's tasks by day (the status lets a month's counts skip the rows).
    index('tasks_farm_id_due_date_idx').on(t.farm_id, t.due_date, t.status, t.id),
    // Overdue and upcoming read open tasks only; most of a farm's past is done. `assigned` lets My
    // tasks count its own and nobody's from the index alone, without visiting every open task.
    index('tasks_farm_id_open_due_date_idx')
      .on(t.farm_id, t.due_date, t.id, t.assigned)
      .where(sql`${t.status} = 'open'`),
    // The sweep: open tasks not yet nudged, across farms, by day.
    index('tasks_open_due_date_idx')
      .on(t.due_date, t.farm_id)
      .where(sql`${t.status} = 'open' AND ${t.overdue_notified_at} IS NULL`),
    uniqueIndex('tasks_series_day_idx')
      .on(t.series_id, t.due_date)
      .where(sql`${t.series_id} IS NOT NULL`),
    uniqueIndex('tasks_farm_id_source_key_idx')
      .on(t.farm_id, t.source_key)
      .where(sql`${t.source_key} IS NOT NULL`),
    index('tasks_supply_id_idx')
      .on(t.supply_id)
      .where(sql`${t.supply_id} IS NOT NULL`),
    // An animal's tasks, and the farm's next vaccinations for the livestock summary.
    index('tasks_livestock_id_idx')
      .on(t.livestock_id, t.due_date)
      .where(sql`${t.livestock_id} IS NOT NULL`),
    index('tasks_crop_id_idx')
      .on(t.crop_id, t.due_date)
      .where(sql`${t.crop_id} IS NOT NULL`),
    index('tasks_farm_id_open_livestock_idx')
      .on(t.farm_id, t.due_date)
      .where(sql`${t.livestock_id} IS NOT NULL AND ${t.status} = 'open'`),
    check('tasks_type_check', sql`${t.type} IN (${oneOf(TASK_TYPES)})`),
    check('tasks_status_check', sql`${t.status} IN (${oneOf(TASK_STATUSES)})`),
    check('tasks_priority_check', sql`${t.priority} IN (${oneOf(TASK_PRIORITIES)})`),
    check('tasks_done_check', sql`(${t.status} = 'open') = (${t.completed_at} IS NULL)`),
  ],
);

/** Who a task is given to: staff, so people without an account can be given work too. */
export const task_assignees = pgTable(
  'task_assignees',
  {
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.task_id, t.staff_id] }),
    index('task_assignees_staff_id_idx').on(t.staff_id, t.task_id),
  ],
);

/** What the sweep has done for a farm on a day (the morning message), so it is done once. */
export const task_sweeps = pgTable(
  'task_sweeps',
  {
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.farm_id, t.kind, t.day] })],
);

/** A farm's task settings: whether staff without an account get their morning tasks by SMS (the owner's choice). */
export const task_settings = pgTable('task_settings', {
  farm_id: uuid('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  sms_staff: boolean('sms_staff').notNull().default(false),
  updated_at: updatedAt(),
});

/**
 * The morning SMS to a staff member without an account: one per person and day (unique), written by
 * the sweep with the morning's claim and sent by it (up to 3 tries, one per sweep).
 */
export const staff_messages = pgTable(
  'staff_messages',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sent_at: timestampMs('sent_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_messages_staff_id_day_idx').on(t.staff_id, t.day),
    index('staff_messages_pending_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);
