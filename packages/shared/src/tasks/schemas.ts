import { z } from 'zod';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { quantitySchema } from '../units/quantity-schema';
import {
  CALENDAR_MAX_DAYS,
  TASK_ASSIGNEES_MAX,
  TASK_NOTE_MAX,
  TASK_NOTES_MAX,
  TASK_PHOTOS_MAX,
  TASK_PRIORITIES,
  TASK_RECORDS_MAX,
  TASK_STATUSES,
  TASK_TITLE_MAX,
  TASK_TYPES,
} from './constants';
import { repeatProblem } from './repeat';

const TypeSchema = z.enum(TASK_TYPES, { error: 'Choose the kind of work' });
const PrioritySchema = z.enum(TASK_PRIORITIES, { error: 'Choose high, normal or low' });
const DueDateSchema = calendarDateSchema('Choose the day it is due');
/** hh:mm, 24-hour, farm time. */
const DueTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as hh:mm, e.g. 07:30')
  .nullish();
const AssigneesSchema = z
  .array(z.uuid('Choose people from the staff list'), { error: 'Choose people from the staff list' })
  .max(TASK_ASSIGNEES_MAX, `Give a task to at most ${TASK_ASSIGNEES_MAX} people`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each person once');

/** RRULE text in the subset Gona repeats by (see repeat.ts); blank or null: does not repeat. */
export const RruleSchema = z
  .string()
  .trim()
  .max(200, 'Choose every day, every week on some days, or every month')
  .transform((text, ctx) => {
    if (text === '') return null;
    const problem = repeatProblem(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text.replace(/^RRULE:/i, '').toUpperCase();
  })
  .nullish();

const TaskFieldsSchema = z.object({
  title: textSchema(TASK_TITLE_MAX).min(1, 'Say what needs doing, e.g. Spray the maize'),
  type: TypeSchema,
  notes: optionalTextSchema(TASK_NOTES_MAX),
  due_date: DueDateSchema,
  due_time: DueTimeSchema,
  priority: PrioritySchema,
  assignee_ids: AssigneesSchema,
  /** What the task is about: a supply, an animal or group, a planting. */
  supply_id: z.uuid('Choose a supply from the list').nullish(),
  livestock_id: z.uuid('Choose an animal or group from the list').nullish(),
  crop_id: z.uuid('Choose a crop from the list').nullish(),
});

/**
 * A new task. With `rrule` it starts a repeating task: the task on `due_date` is the first, the
 * server writes the next ones out by the rule. The id may come from the phone (UUID v7).
 */
export const CreateTaskInputSchema = TaskFieldsSchema.extend({
  id: clientIdSchema().optional(),
  priority: PrioritySchema.default('normal'),
  assignee_ids: AssigneesSchema.default([]),
  rrule: RruleSchema,
});
export type CreateTaskInput = z.input<typeof CreateTaskInputSchema>;
export type CreateTask = z.output<typeof CreateTaskInputSchema>;

/** A change to one task (a repeating task's other days stay as they are). */
export const UpdateTaskInputSchema = TaskFieldsSchema.partial().extend({ version: VersionSchema });
export type UpdateTaskInput = z.input<typeof UpdateTaskInputSchema>;
export type UpdateTask = z.output<typeof UpdateTaskInputSchema>;

/**
 * A change to a repeating task from a day on: its words, people and rule. The open tasks from
 * `from` on that nobody has changed by hand are written again by the new rule.
 */
export const UpdateSeriesInputSchema = TaskFieldsSchema.omit({ due_date: true })
  .partial()
  .extend({ version: VersionSchema, rrule: RruleSchema, starts_on: DueDateSchema.optional() });
export type UpdateSeriesInput = z.input<typeof UpdateSeriesInputSchema>;
export type UpdateSeries = z.output<typeof UpdateSeriesInputSchema>;

/** Stock used for the work: recorded as a use of the supply (inventory), once. */
export const StockUseRecordSchema = z.object({
  kind: z.literal('stock_use'),
  supply_id: z.uuid('Choose a supply from the list'),
  quantity: quantitySchema({
    required: 'Enter how much was used',
    invalid: 'Enter a number, e.g. 2 or 0.5',
  }).refine((quantity) => quantity !== '0', 'Enter how much was used, more than 0'),
});

/**
 * A vaccination, deworming or check done on the animal or group the task is about: written into
 * its health records (livestock), with the product from the store if one was used (that use is
 * recorded once, with the health record).
 */
export const LivestockHealthRecordSchema = z
  .object({
    kind: z.literal('livestock_health'),
    supply_id: z.uuid('Choose the product from your store').nullish(),
    quantity_used: quantitySchema({
      required: 'Enter how much was used',
      invalid: 'Enter a number, e.g. 2 or 0.5',
    }).nullish(),
    dose: optionalTextSchema(60),
  })
  .superRefine((record, ctx) => {
    if (record.supply_id && (record.quantity_used == null || record.quantity_used === '0'))
      ctx.addIssue({
        code: 'custom',
        path: ['quantity_used'],
        message: 'Enter how much was used, more than 0',
      });
  });

/**
 * What a completion records where the record exists. Each kind is answered by the feature that owns
 * the record (a hook it registers on the server); livestock and crops add their kinds here.
 */
export const TaskRecordSchema = z.discriminatedUnion(
  'kind',
  [StockUseRecordSchema, LivestockHealthRecordSchema],
  {
    error: 'Choose what to record',
  },
);
export type TaskRecord = z.output<typeof TaskRecordSchema>;
export type TaskRecordInput = z.input<typeof TaskRecordSchema>;
export type TaskRecordKind = TaskRecord['kind'];

/** Done: once. Doing it again (a double tap, a replay from the phone) answers the task as it is. */
export const CompleteTaskInputSchema = z.object({
  note: optionalTextSchema(TASK_NOTE_MAX),
  photo_ids: fileIdsSchema(TASK_PHOTOS_MAX).optional(),
  records: z.array(TaskRecordSchema).max(TASK_RECORDS_MAX, 'Record at most 5 things at once').default([]),
});
export type CompleteTaskInput = z.input<typeof CompleteTaskInputSchema>;
export type CompleteTask = z.output<typeof CompleteTaskInputSchema>;

export const SkipTaskInputSchema = z.object({ note: optionalTextSchema(TASK_NOTE_MAX) });
export type SkipTaskInput = z.input<typeof SkipTaskInputSchema>;

export const TaskAssigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether this person signs in to Gona (else their manager tells them). */
  has_account: z.boolean(),
});
export type TaskAssignee = z.infer<typeof TaskAssigneeSchema>;

export const TaskSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  title: z.string(),
  type: TypeSchema,
  notes: z.string().nullable(),
  due_date: z.string(),
  due_time: z.string().nullable(),
  priority: PrioritySchema,
  status: z.enum(TASK_STATUSES),
  assignees: z.array(TaskAssigneeSchema),
  supply: z.object({ id: z.string(), name: z.string(), unit: z.string() }).nullable(),
  livestock: z.object({ id: z.string(), name: z.string() }).nullable(),
  crop: z.object({ id: z.string(), name: z.string() }).nullable(),
  series_id: z.string().nullable(),
  /** The repeating task's rule, when it repeats. */
  rrule: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by_name: z.string().nullable(),
  completion_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskWithPhotosSchema = TaskSchema.extend({ photos: z.array(FileSchema) });
export type TaskWithPhotos = z.infer<typeof TaskWithPhotosSchema>;

const SectionSchema = z.object({ items: z.array(TaskSchema), total: z.number() });

/** A row of the next days: a repeating task's first open day there stands for its series. */
export const UpcomingTaskSchema = TaskSchema.extend({
  /** The open days of its series in the next days, this one included; 1 for a task that does not repeat. */
  series_days: z.number(),
});
export type UpcomingTask = z.infer<typeof UpcomingTaskSchema>;

/**
 * Overdue, today and the next days, in the farm's time zone; `today` is the farm's date. Overdue
 * and today list every task; the next days list a series once. Each `total` counts tasks.
 */
export const TodayTasksSchema = z.object({
  today: z.string(),
  overdue: SectionSchema,
  due_today: SectionSchema,
  upcoming: z.object({ items: z.array(UpcomingTaskSchema), total: z.number() }),
});
export type TodayTasks = z.infer<typeof TodayTasksSchema>;

export const TodayQuerySchema = z.object({
  /** Only what is given to me (and what is given to nobody): a worker's "My tasks". */
  mine: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
});
export type TodayQuery = z.output<typeof TodayQuerySchema>;

/** A calendar's days: every task due from `from` to `to` (inclusive), at most six weeks. */
export const CalendarQuerySchema = z
  .object({
    from: calendarDateSchema('Choose the first day'),
    to: calendarDateSchema('Choose the last day'),
    mine: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
  })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes after the first' });
    else if (days >= CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${CALENDAR_MAX_DAYS} days` });
  });
export type CalendarQuery = z.output<typeof CalendarQuerySchema>;

/** A calendar day that has tasks: how many are open, done and skipped. */
export const CalendarDaySchema = z.object({
  date: z.string(),
  open: z.number(),
  done: z.number(),
  skipped: z.number(),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;
export const CalendarSchema = z.object({ today: z.string(), days: z.array(CalendarDaySchema) });
export type Calendar = z.infer<typeof CalendarSchema>;

/** One day's tasks (a calendar day opened). */
export const DayQuerySchema = z.object({
  date: calendarDateSchema('Choose a day'),
  mine: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
});
export type DayQuery = z.output<typeof DayQuerySchema>;
export const DayTasksSchema = z.object({ date: z.string(), items: z.array(TaskSchema) });
export type DayTasks = z.infer<typeof DayTasksSchema>;

/** A farm-general plan the farm can put into its tasks: steps at day offsets from a start day. */
export const TaskTemplateSchema = z.object({
  key: z.string(),
  steps: z.array(
    z.object({
      key: z.string(),
      offset_days: z.number(),
      type: TypeSchema,
      rrule: z.string().nullable(),
    }),
  ),
});
export type TaskTemplateAnswer = z.infer<typeof TaskTemplateSchema>;

export const ScheduleTemplateInputSchema = z.object({
  template: z.string().min(1, 'Choose a plan').max(80, 'Choose a plan'),
  anchor: calendarDateSchema('Choose the start day'),
  assignee_ids: AssigneesSchema.default([]),
});
export type ScheduleTemplateInput = z.input<typeof ScheduleTemplateInputSchema>;
export const ScheduleResultSchema = z.object({ created: z.number(), existing: z.number() });
export type ScheduleResult = z.infer<typeof ScheduleResultSchema>;

/** The farm's task settings: staff without an account get their morning tasks by SMS (owner's choice). */
export const TaskSettingsSchema = z.object({
  sms_staff: z.boolean(),
  /** Whether this server can send SMS at all (SMS_* configured). */
  sms_available: z.boolean(),
});
export type TaskSettings = z.infer<typeof TaskSettingsSchema>;
export const UpdateTaskSettingsInputSchema = z.object({
  sms_staff: z.boolean({ error: 'Choose on or off' }),
});
