import { z } from 'zod';
import { calendarDateSchema, clientIdSchema, optionalTextSchema, VersionSchema } from '../fields/index';
import { pageSchema } from '../pagination/index';
import { toRrule, WEEKDAYS } from '../tasks/repeat';
import { RruleSchema } from '../tasks/schemas';
import { EXPENSE_CATEGORIES, MONEY_TEXT_MAX, PAYMENT_METHODS } from './constants';
import { AmountSchema, ONE_ENTERPRISE } from './schemas';

const DaySchema = calendarDateSchema('Enter the date as a calendar date');
const CategorySchema = z.enum(EXPENSE_CATEGORIES, { error: 'Choose what the money was spent on' });
const MethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose cash, bank transfer, POS or mobile money' });

export const CHOOSE_REPEAT = 'Choose how often it repeats';

// ---- Paying what the farm owes ----

/** An expense bought on credit, paid on `paid_on` (by `payment_method` when it changed). */
export const MarkExpensePaidInputSchema = z.object({
  paid_on: DaySchema,
  payment_method: MethodSchema.optional(),
  version: VersionSchema,
});
export type MarkExpensePaidInput = z.input<typeof MarkExpensePaidInputSchema>;
export type MarkExpensePaid = z.output<typeof MarkExpensePaidInputSchema>;

// ---- Repeating expenses ----

/** How often a repeating expense comes back, as the expense form offers it. */
export const REPEAT_CHOICES = ['weekly', 'monthly'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/**
 * The RRULE (the tasks engine's subset) for an expense repeating every week on the weekday of
 * `startsOn`, or every month on its day of the month. A monthly day past the 28th falls on the
 * month's last day in shorter months (rent on the 31st is paid on 28 or 29 February), as repeating
 * tasks do.
 */
export function repeatRule(choice: RepeatChoice, startsOn: string): string {
  const [y, m, d] = startsOn.split('-').map(Number) as [number, number, number];
  if (choice === 'monthly') return toRrule({ freq: 'monthly', interval: 1, monthDay: d });
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return toRrule({ freq: 'weekly', interval: 1, days: [WEEKDAYS[weekday]!] });
}

const EnterpriseFields = {
  crop_id: z.uuid('Choose a planting').nullish(),
  animal_id: z.uuid('Choose an animal or group').nullish(),
};

const RecurringFieldsSchema = z.object({
  category: CategorySchema,
  amount_kobo: AmountSchema,
  description: optionalTextSchema(MONEY_TEXT_MAX),
  paid_to: optionalTextSchema(MONEY_TEXT_MAX),
  payment_method: MethodSchema,
  ...EnterpriseFields,
  /** RRULE text in the subset repeating tasks use (see tasks/repeat.ts). */
  rrule: z
    .string({ error: CHOOSE_REPEAT })
    .pipe(RruleSchema.unwrap().unwrap())
    .transform((rule, ctx) => {
      if (rule) return rule;
      ctx.addIssue({ code: 'custom', message: CHOOSE_REPEAT });
      return z.NEVER;
    }),
  /** The first day it may fall on. */
  starts_on: DaySchema,
});

const oneEnterprise = (input: { crop_id?: unknown; animal_id?: unknown }, ctx: z.RefinementCtx) => {
  if (input.crop_id && input.animal_id)
    ctx.addIssue({ code: 'custom', path: ['animal_id'], message: ONE_ENTERPRISE });
};
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * A new repeating expense (rent every month, a salary, a loan repayment). Each day its rule gives
 * is written as an expense of the whole farm or of one enterprise, paid on that day, once. One that
 * starts today or earlier writes its days up to today at once (at most RECURRING_CATCH_UP_MAX).
 */
export const CreateRecurringExpenseInputSchema = RecurringFieldsSchema.extend({
  id: clientIdSchema().optional(),
  payment_method: MethodSchema.default('cash'),
}).superRefine(oneEnterprise, always);
export type CreateRecurringExpenseInput = z.input<typeof CreateRecurringExpenseInputSchema>;
export type CreateRecurringExpense = z.output<typeof CreateRecurringExpenseInputSchema>;

/** A change to what it writes from now on; the expenses already written stay as they are. */
export const UpdateRecurringExpenseInputSchema = RecurringFieldsSchema.partial()
  .extend({ version: VersionSchema })
  .superRefine(oneEnterprise, always);
export type UpdateRecurringExpenseInput = z.input<typeof UpdateRecurringExpenseInputSchema>;
export type UpdateRecurringExpense = z.output<typeof UpdateRecurringExpenseInputSchema>;

export const RecurringExpenseSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  category: CategorySchema,
  amount_kobo: z.number().int(),
  description: z.string().nullable(),
  paid_to: z.string().nullable(),
  payment_method: MethodSchema,
  crop_id: z.uuid().nullable(),
  animal_id: z.uuid().nullable(),
  /** The planting's crop or the animal's name; null for the whole farm. */
  enterprise_name: z.string().nullable(),
  rrule: z.string(),
  starts_on: z.string(),
  /** The last day already written as an expense; null before the first. */
  written_through: z.string().nullable(),
  /** The next day it will write; null once stopped or when the rule has no more days. */
  next_on: z.string().nullable(),
  stopped: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type RecurringExpense = z.infer<typeof RecurringExpenseSchema>;
export const RecurringExpensePageSchema = pageSchema(RecurringExpenseSchema);

/** A repeating expense just made or changed, with how many of its days were written as expenses now. */
export const RecurringExpenseWrittenSchema = RecurringExpenseSchema.extend({
  written: z.number().int(),
});
export type RecurringExpenseWritten = z.infer<typeof RecurringExpenseWrittenSchema>;
