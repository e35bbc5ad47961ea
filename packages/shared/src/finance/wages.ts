import { z } from 'zod';
import { calendarDateSchema, clientIdSchema, optionalTextSchema, VersionSchema } from '../fields/index';
import { KoboSchema } from '../money/index';
import { PAY_PERIODS, type PayPeriod } from '../staff/constants';
import {
  ATTENDANCE_STATUSES,
  CASUAL_HEADCOUNT_MAX,
  MONEY_RECORD_MAX_KOBO,
  MONEY_TEXT_MAX,
  PAY_RUN_MAX_DAYS,
  PAY_RUN_STATUSES,
  PAYMENT_METHODS,
  WORKDAYS_PER_MONTH,
  WORKDAYS_PER_WEEK,
} from './constants';

const DaySchema = calendarDateSchema('Enter the date as a calendar date');
const MethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose cash, bank transfer, POS or mobile money' });
const StatusSchema = z.enum(ATTENDANCE_STATUSES, { error: 'Choose present, half day or absent' });
const PayKoboSchema = KoboSchema.max(MONEY_RECORD_MAX_KOBO, 'Enter at most ₦1,000,000,000');

export const PAY_RUN_TOO_LONG = `A pay run covers at most ${PAY_RUN_MAX_DAYS} days`;
export const PAY_RUN_BACKWARDS = 'The last day must be on or after the first day';

/** The days of a period, both ends counted (yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

// ---------- attendance ----------

export const AttendanceQuerySchema = z.object({ date: DaySchema });
export type AttendanceQuery = z.infer<typeof AttendanceQuerySchema>;

/** The marks of one day: a status per staff member; null takes a mark away. */
export const SaveAttendanceInputSchema = z.object({
  date: DaySchema,
  marks: z
    .array(z.object({ staff_id: z.uuid('Choose a staff member'), status: StatusSchema.nullable() }))
    .min(1, 'Mark at least one person')
    .max(1000),
});
export type SaveAttendance = z.infer<typeof SaveAttendanceInputSchema>;

export const AttendanceRowSchema = z.object({
  staff_id: z.uuid(),
  name: z.string(),
  job: z.string(),
  pay_period: z.enum(PAY_PERIODS).nullable(),
  status: StatusSchema.nullable(),
});
export type AttendanceRow = z.infer<typeof AttendanceRowSchema>;

// ---------- casual labour ----------

/** A day's casual labour: how many people at what rate each, for what work and enterprise. */
export const CreateCasualLabourInputSchema = z
  .object({
    id: clientIdSchema().optional(),
    date: DaySchema,
    headcount: z
      .number({ error: 'Enter how many people worked' })
      .int('Enter a whole number of people')
      .min(1, 'Enter at least 1 person')
      .max(CASUAL_HEADCOUNT_MAX, `Enter at most ${CASUAL_HEADCOUNT_MAX} people`),
    rate_kobo: PayKoboSchema.min(1, 'Enter what each person is paid for the day'),
    description: optionalTextSchema(MONEY_TEXT_MAX),
    crop_id: z.uuid('Choose a planting').nullish(),
    animal_id: z.uuid('Choose an animal or group').nullish(),
  })
  .refine((v) => !(v.crop_id && v.animal_id), {
    path: ['crop_id'],
    message: 'Choose a planting or an animal, not both',
  })
  .refine((v) => v.headcount * v.rate_kobo <= MONEY_RECORD_MAX_KOBO, {
    path: ['rate_kobo'],
    message: 'The day comes to more than ₦1,000,000,000',
  });
export type CreateCasualLabour = z.infer<typeof CreateCasualLabourInputSchema>;

export const CasualLabourSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  headcount: z.number().int(),
  rate_kobo: z.number().int(),
  amount_kobo: z.number().int(),
  description: z.string().nullable(),
  crop_id: z.uuid().nullable(),
  animal_id: z.uuid().nullable(),
  enterprise_name: z.string().nullable(),
  pay_run_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type CasualLabour = z.infer<typeof CasualLabourSchema>;

export const AttendanceDaySchema = z.object({
  date: z.string(),
  staff: z.array(AttendanceRowSchema),
  casual: z.array(CasualLabourSchema),
});
export type AttendanceDay = z.infer<typeof AttendanceDaySchema>;

// ---------- pay runs ----------

export const CreatePayRunInputSchema = z
  .object({ id: clientIdSchema().optional(), period_start: DaySchema, period_end: DaySchema })
  .superRefine((v, ctx) => {
    if (typeof v.period_start !== 'string' || typeof v.period_end !== 'string') return;
    if (v.period_end < v.period_start)
      ctx.addIssue({ code: 'custom', path: ['period_end'], message: PAY_RUN_BACKWARDS });
    else if (daysBetween(v.period_start, v.period_end) > PAY_RUN_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['period_end'], message: PAY_RUN_TOO_LONG });
  });
export type CreatePayRun = z.infer<typeof CreatePayRunInputSchema>;

export const UpdatePayRunLineInputSchema = z.object({
  version: VersionSchema,
  amount_kobo: PayKoboSchema,
  note: optionalTextSchema(MONEY_TEXT_MAX),
});
export type UpdatePayRunLine = z.infer<typeof UpdatePayRunLineInputSchema>;

export const PayPayRunInputSchema = z.object({
  version: VersionSchema,
  paid_on: DaySchema,
  payment_method: MethodSchema.default('cash'),
});
export type PayPayRun = z.infer<typeof PayPayRunInputSchema>;

export const PayRunLineSchema = z.object({
  id: z.uuid(),
  staff_id: z.uuid().nullable(),
  casual_labour_id: z.uuid().nullable(),
  name: z.string(),
  /** The staff member's rate now (null: none set, or casual labour). */
  pay_period: z.enum(PAY_PERIODS).nullable(),
  rate_kobo: z.number().int().nullable(),
  /** Casual labour: its day and headcount. */
  casual_date: z.string().nullable(),
  headcount: z.number().int().nullable(),
  days_present: z.number().int(),
  half_days: z.number().int(),
  days_absent: z.number().int(),
  computed_kobo: z.number().int(),
  amount_kobo: z.number().int(),
  note: z.string().nullable(),
  /** The labour expense written when the run was paid. */
  expense_id: z.uuid().nullable(),
});
export type PayRunLine = z.infer<typeof PayRunLineSchema>;

export const PayRunSchema = z.object({
  id: z.uuid(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(PAY_RUN_STATUSES),
  paid_on: z.string().nullable(),
  payment_method: MethodSchema.nullable(),
  total_kobo: z.number().int(),
  lines_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
});
export type PayRun = z.infer<typeof PayRunSchema>;
export const PayRunWithLinesSchema = PayRunSchema.extend({ lines: z.array(PayRunLineSchema) });
export type PayRunWithLines = z.infer<typeof PayRunWithLinesSchema>;
export const PayRunListSchema = z.object({ items: z.array(PayRunSchema) });
export type PayRunList = z.infer<typeof PayRunListSchema>;

// ---------- pay ----------

/** What a staff member was employed for and marked within a pay run's period. */
export interface PayBasis {
  rate_kobo: number;
  pay_period: PayPeriod;
  /** The days of the period the person was employed (both ends counted), in calendar months. */
  employed: { from: string; to: string } | null;
  present: number;
  half: number;
  absent: number;
}

/**
 * A staff member's pay for a period, in whole kobo. Paid by the day: the rate for each day marked
 * present and half of it for each half day (unmarked days are not paid). Paid by the week or month:
 * the rate for the days employed in the period (a week's rate per 7 days; a month's rate by the
 * share of each calendar month), less a day's pay for each absent day and half of one for each
 * half day, a day being a 6th of a week's rate or a 26th of a month's (unmarked days are worked).
 * Never below nothing.
 */
export function payFor(basis: PayBasis): number {
  const { rate_kobo: rate, pay_period: period, employed, present, half, absent } = basis;
  if (period === 'day') return Math.round(rate * present + (rate * half) / 2);
  if (!employed) return 0;
  const workdays = period === 'week' ? WORKDAYS_PER_WEEK : WORKDAYS_PER_MONTH;
  const base =
    period === 'week' ? (rate * daysBetween(employed.from, employed.to)) / 7 : monthShare(employed) * rate;
  const deduction = (rate / workdays) * (absent + half / 2);
  return Math.max(0, Math.round(base - deduction));
}

/** How many calendar months a span of days is: each day counts 1/(days in its month). */
function monthShare(span: { from: string; to: string }): number {
  let share = 0;
  let cursor = span.from;
  while (cursor <= span.to) {
    const [y, m] = cursor.split('-').map(Number) as [number, number];
    const inMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const monthEnd = `${cursor.slice(0, 8)}${String(inMonth).padStart(2, '0')}`;
    const last = monthEnd < span.to ? monthEnd : span.to;
    share += daysBetween(cursor, last) / inMonth;
    cursor = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  }
  return share;
}
