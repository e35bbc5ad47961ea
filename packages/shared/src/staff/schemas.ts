import { z } from 'zod';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { Int4KoboSchema, NairaInputSchema } from '../money/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { normalizeNigerianPhone, PHONE_ADVICE } from '../phone/index';
import { PLAN_IDS } from '../plans/index';
import {
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  STAFF_JOBS,
  STAFF_NAME_MAX,
  STAFF_NOTES_MAX,
  STAFF_SEARCH_MAX,
  STAFF_STATUSES,
} from './constants';

/** A Nigerian mobile number in any usual writing, stored as +234…; blank is none (null). */
export const NigerianPhoneSchema = z
  .string({ error: PHONE_ADVICE })
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null;
    const phone = normalizeNigerianPhone(text);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_ADVICE });
      return z.NEVER;
    }
    return phone;
  });

const JobSchema = z.enum(STAFF_JOBS, { error: 'Choose the job they do' });
const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES, { error: 'Choose permanent, seasonal or casual' });
const StatusSchema = z.enum(STAFF_STATUSES, { error: 'Choose active or left' });
const PayPeriodSchema = z.enum(PAY_PERIODS, { error: 'Choose per day, per week or per month' });
const DateSchema = calendarDateSchema('Enter the date as a calendar date').nullish();

/** A staff record keeps one photo of the person. */
export const STAFF_PHOTOS_MAX = 1;

export const PAY_PERIOD_NEEDED = 'Choose per day, per week or per month';
export const PAY_RATE_NEEDED = 'Enter the pay, or leave the period empty';
export const END_BEFORE_START = 'The end date cannot be before the start date';

const StaffFieldsSchema = z.object({
  first_name: textSchema(STAFF_NAME_MAX).min(1, 'Enter the first name'),
  last_name: textSchema(STAFF_NAME_MAX).min(1, 'Enter the last name'),
  phone: NigerianPhoneSchema.nullish(),
  job: JobSchema,
  employment_type: EmploymentTypeSchema,
  start_date: DateSchema,
  end_date: DateSchema,
  status: StatusSchema,
  /** Money: only roles that may read money send or see it (the server refuses it from others). */
  pay_rate_kobo: Int4KoboSchema.nullish(),
  pay_period: PayPeriodSchema.nullish(),
  next_of_kin_name: optionalTextSchema(120),
  next_of_kin_phone: NigerianPhoneSchema.nullish(),
  notes: optionalTextSchema(STAFF_NOTES_MAX),
  /** The member's account this person signs in with, when they have one; must be a member of the farm. */
  member_user_id: z.uuid('Choose a member of this farm').nullish(),
});

/**
 * A new staff record. The id may be made by the client (UUID v7) so that one added offline keeps
 * its identity and a replay records it once. A pay rate goes with its period; an end date is not
 * before the start date.
 */
export const CreateStaffInputSchema = StaffFieldsSchema.extend({
  id: clientIdSchema().optional(),
  status: StatusSchema.default('active'),
  /** The person's photo, uploaded first (POST /files, kind staff). */
  photo_ids: fileIdsSchema(STAFF_PHOTOS_MAX).optional(),
}).superRefine(
  (input, ctx) => {
    for (const issue of staffRuleIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
  },
  // Also beside other fields' mistakes, so a form shows everything to fix at once.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type CreateStaffInput = z.input<typeof CreateStaffInputSchema>;
export type CreateStaff = z.output<typeof CreateStaffInputSchema>;

/**
 * A change to a staff record; `version` is the one the editor saw (a stale one gets 409). Marking
 * someone as left is a change of `status` to `left` (with the day they left in `end_date`, today
 * when absent); bringing them back is `active` again, which a full plan refuses.
 */
export const UpdateStaffInputSchema = StaffFieldsSchema.partial().extend({
  version: VersionSchema,
  /** When sent, the whole new list of photos (none removes it). */
  photo_ids: fileIdsSchema(STAFF_PHOTOS_MAX).optional(),
});
export type UpdateStaffInput = z.input<typeof UpdateStaffInputSchema>;
export type UpdateStaff = z.output<typeof UpdateStaffInputSchema>;

/**
 * The rules between fields, checked on a whole record (a new one, or a stored one with a change
 * laid over it): a pay rate has a period and a period a rate; the end is not before the start.
 */
export function staffRuleIssues(record: {
  pay_rate_kobo?: number | null | undefined;
  pay_period?: string | null | undefined;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
}): { path: [string]; message: string }[] {
  const issues: { path: [string]; message: string }[] = [];
  if (record.pay_rate_kobo != null && record.pay_period == null)
    issues.push({ path: ['pay_period'], message: PAY_PERIOD_NEEDED });
  if (record.pay_rate_kobo == null && record.pay_period != null)
    issues.push({ path: ['pay_rate_kobo'], message: PAY_RATE_NEEDED });
  if (record.start_date && record.end_date && record.end_date < record.start_date)
    issues.push({ path: ['end_date'], message: END_BEFORE_START });
  return issues;
}

export const StaffMemberSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, as lists sort and search them. */
  name: z.string(),
  /** Absent, like the next of kin, for those who do not manage staff, except on their own record. */
  phone: z.string().nullable().optional(),
  job: JobSchema,
  employment_type: EmploymentTypeSchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: StatusSchema,
  /** Absent for roles that may not see money (workers). */
  pay_rate_kobo: z.number().int().nullable().optional(),
  pay_period: PayPeriodSchema.nullable().optional(),
  next_of_kin_name: z.string().nullable().optional(),
  next_of_kin_phone: z.string().nullable().optional(),
  notes: z.string().nullable(),
  member_user_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** One staff member on their own screen: with their photo (lists leave it out). */
export const StaffMemberWithPhotosSchema = StaffMemberSchema.extend({ photos: z.array(FileSchema) });
export type StaffMemberWithPhotos = z.infer<typeof StaffMemberWithPhotosSchema>;
export const StaffPageSchema = pageSchema(StaffMemberSchema);

/** ?search= (name or phone) &job= &status= plus the page; active people first, then by name. */
export const StaffListQuerySchema = PageQuerySchema.extend({
  search: textSchema(STAFF_SEARCH_MAX)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  job: JobSchema.optional(),
  status: StatusSchema.optional(),
});
export type StaffListQuery = z.output<typeof StaffListQuerySchema>;

/** How many active workers the farm has against its plan's limit (null: no limit). */
export const WorkerCountSchema = z.object({
  plan: z.enum(PLAN_IDS),
  active: z.number().int().nonnegative(),
  limit: z.number().int().positive().nullable(),
});
export type WorkerCount = z.infer<typeof WorkerCountSchema>;

/** The pay as the staff form takes it: naira typed by a person, blank for none. */
export const PayFormSchema = z.object({ pay_rate_kobo: NairaInputSchema });
