import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  STAFF_JOBS,
  STAFF_STATUSES,
  type EmploymentType,
  type PayPeriod,
  type StaffJob,
  type StaffStatus,
} from '@gona/shared/staff';
import { users } from './auth';
import { createdAt, id, updatedAt, version } from './columns';
import { farms } from './farms';

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The people who work on a farm; most have no account. Wages and attendance will reference a staff
 * id. Only `active` rows count toward the plan's worker limit.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** What lists sort and search by; always the two names, so it is never out of step. */
    name: text('name')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => sql`${staff.first_name} || ' ' || ${staff.last_name}`),
    /** E.164 (+234…), as the shared phone rules store it. */
    phone: text('phone'),
    job: text('job').$type<StaffJob>().notNull(),
    employment_type: text('employment_type').$type<EmploymentType>().notNull(),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    status: text('status').$type<StaffStatus>().notNull().default('active'),
    pay_rate_kobo: integer('pay_rate_kobo'),
    pay_period: text('pay_period').$type<PayPeriod>(),
    next_of_kin_name: text('next_of_kin_name'),
    next_of_kin_phone: text('next_of_kin_phone'),
    notes: text('notes'),
    /** The account of a member of this farm who is this person; set by the owner or a manager. */
    member_user_id: uuid('member_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    // The list's order: active before left (alphabetical), then by name.
    index('staff_farm_id_status_name_idx').on(t.farm_id, t.status, t.name, t.id),
    uniqueIndex('staff_farm_id_member_user_id_idx')
      .on(t.farm_id, t.member_user_id)
      .where(sql`${t.member_user_id} IS NOT NULL`),
    index('staff_member_user_id_idx').on(t.member_user_id),
    check('staff_job_check', sql`${t.job} IN (${oneOf(STAFF_JOBS)})`),
    check('staff_employment_type_check', sql`${t.employment_type} IN (${oneOf(EMPLOYMENT_TYPES)})`),
    check('staff_status_check', sql`${t.status} IN (${oneOf(STAFF_STATUSES)})`),
    check('staff_pay_period_check', sql`${t.pay_period} IN (${oneOf(PAY_PERIODS)})`),
    check('staff_pay_rate_kobo_check', sql`${t.pay_rate_kobo} >= 0`),
    check('staff_pay_check', sql`(${t.pay_rate_kobo} IS NULL) = (${t.pay_period} IS NULL)`),
    check('staff_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);
