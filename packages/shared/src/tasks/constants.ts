/** What a task is: the farm work Nigerian farms plan. Labels live in the web catalogue (tasks.json). */
export const TASK_TYPES = [
  'land_preparation',
  'planting',
  'weeding',
  'fertilizer_application',
  'spraying',
  'irrigation',
  'harvesting',
  'feeding',
  'vaccination',
  'deworming',
  'cleaning',
  'maintenance',
  'delivery',
  'other',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_STATUSES = ['open', 'done', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['high', 'normal', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_TITLE_MAX = 120;
export const TASK_NOTES_MAX = 1000;
export const TASK_NOTE_MAX = 500;
/** People one task can be given to. */
export const TASK_ASSIGNEES_MAX = 20;
/** A task done keeps up to this many photos of the work. */
export const TASK_PHOTOS_MAX = 3;
/** What a completion can record at once (stock used, …). */
export const TASK_RECORDS_MAX = 5;

/** The Today view: the next days shown after today. */
export const UPCOMING_DAYS = 7;
/** At most this many tasks per Today section; the count says how many there are in all. */
export const TODAY_SECTION_MAX = 20;
/** A day's list shows at most this many tasks. */
export const DAY_MAX = 200;
/** A calendar asks for at most this many days at once (six weeks of a month grid). */
export const CALENDAR_MAX_DAYS = 42;
/** A repeating task is written out this many days ahead; the daily sweep keeps it so. */
export const SERIES_HORIZON_DAYS = 400;
/** A repeating task never makes more than this many tasks. */
export const SERIES_MAX_OCCURRENCES = 1000;
/** The hour of the morning message in the farm's time zone. */
export const MORNING_HOUR = 6;
