import { desc, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EXPENSE_CATEGORIES,
  PAYMENT_METHODS,
  ATTENDANCE_STATUSES,
  PAY_RUN_STATUSES,
  SALE_SOURCES,
  SALE_STOCK_KINDS,
  SALE_UNITS,
  type AttendanceStatus,
  type ExpenseCategory,
  type PaymentMethod,
  type PayRunStatus,
  type SaleSource,
  type SaleStockKind,
  type SaleUnit,
} from '@gona/shared/finance';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
import { crops } from './crops';
import { farms } from './farms';
import { suppliers } from './inventory';
import { livestock } from './livestock';
import { staff } from './staff';

/** Kobo in a bigint: one record may be up to ₦1,000,000,000, past what an int4 holds. */
const kobo = (name: string) => bigint(name, { mode: 'number' });
const farmId = () =>
  uuid('farm_id')
    .notNull()
    .references(() => farms.id, { onDelete: 'cascade' });
const recordedBy = () => uuid('user_id').references(() => users.id, { onDelete: 'set null' });
/** An enterprise reference. A planting or animal deleted later leaves its money with the whole farm. */
const cropRef = () => uuid('crop_id').references(() => crops.id, { onDelete: 'set null' });
const animalRef = () => uuid('animal_id').references(() => livestock.id, { onDelete: 'set null' });

/** Money the farm spent: on what, how much, to whom, how; its shares by enterprise are its allocations. */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    farm_id: farmId(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').$type<ExpenseCategory>().notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    description: text('description'),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    paid_to: text('paid_to'),
    payment_method: text('payment_method').$type<PaymentMethod>().notNull(),
    notes: text('notes'),
    /** The store receipt (stock received with a unit cost) this expense pays for; one expense each. */
    movement_id: uuid('movement_id'),
    /**
     * The day the money left the farm. Null: not paid yet (bought on credit), money the farm owes,
     * due on `due_date`. Cash out by month counts an expense on this day.
     */
    paid_on: date('paid_on', { mode: 'string' }),
    due_date: date('due_date', { mode: 'string' }),
    /** The repeating expense that wrote this one on its day (at most one per day). */
    recurring_id: uuid('recurring_id'),
    /** The pay run line this labour expense pays (one expense per line). */
    pay_run_line_id: uuid('pay_run_line_id'),
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    // The list in its order; the totals of a period read the category and amount from the index alone.
    index('expenses_farm_id_date_idx').on(t.farm_id, desc(t.date), desc(t.id), t.category, t.amount_kobo),
    uniqueIndex('expenses_movement_id_idx')
      .on(t.movement_id)
      .where(sql`${t.movement_id} IS NOT NULL`),
    uniqueIndex('expenses_recurring_id_date_idx')
      .on(t.recurring_id, t.date)
      .where(sql`${t.recurring_id} IS NOT NULL`),
    uniqueIndex('expenses_pay_run_line_id_idx')
      .on(t.pay_run_line_id)
      .where(sql`${t.pay_run_line_id} IS NOT NULL`),
    // Money the farm owes: only the expenses not paid yet.
    index('expenses_farm_id_unpaid_idx')
      .on(t.farm_id, t.due_date)
      .where(sql`${t.paid_on} IS NULL`),
    // Money out by month, by the day it was paid.
    index('expenses_farm_id_paid_on_idx')
      .on(t.farm_id, t.paid_on, t.amount_kobo)
      .where(sql`${t.paid_on} IS NOT NULL`),
    check('expenses_category_check', sql`${t.category} IN (${oneOf(EXPENSE_CATEGORIES)})`),
    check('expenses_payment_method_check', sql`${t.payment_method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('expenses_amount_kobo_check', sql`${t.amount_kobo} > 0`),
  ],
);

/**
 * An expense's share for one enterprise (a planting, an animal or group, or with neither the whole
 * farm). The shares of an expense add up to its amount. Its day and category are the expense's,
 * kept here so profit and loss sums one index.
 */
export const expense_allocations = pgTable(
  'expense_allocations',
  {
    id: id(),
    farm_id: farmId(),
    expense_id: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    crop_id: cropRef(),
    animal_id: animalRef(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').$type<ExpenseCategory>().notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
  },
  (t) => [
    index('expense_allocations_expense_id_idx').on(t.expense_id),
    // Profit and loss for a period, summed from the index alone.
    index('expense_allocations_farm_date_idx').on(
      t.farm_id,
      t.date,
      t.crop_id,
      t.animal_id,
      t.category,
      t.amount_kobo,
    ),
    index('expense_allocations_crop_id_idx')
      .on(t.crop_id)
      .where(sql`${t.crop_id} IS NOT NULL`),
    index('expense_allocations_animal_id_idx')
      .on(t.animal_id)
      .where(sql`${t.animal_id} IS NOT NULL`),
    check('expense_allocations_amount_kobo_check', sql`${t.amount_kobo} >= 0`),
    check('expense_allocations_one_enterprise_check', sql`${t.crop_id} IS NULL OR ${t.animal_id} IS NULL`),
  ],
);

/**
 * Something the farm sold: to whom, what, how much, for how much, and what has been paid of it
 * (`paid_kobo`, the sum of its payments, kept with them). A marketplace payout is a sale too.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    farm_id: farmId(),
    date: date('date', { mode: 'string' }).notNull(),
    buyer_name: text('buyer_name'),
    buyer_phone: text('buyer_phone'),
    product: text('product').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').$type<SaleUnit>().notNull(),
    unit_price_kobo: kobo('unit_price_kobo'),
    amount_kobo: kobo('amount_kobo').notNull(),
    paid_kobo: kobo('paid_kobo').notNull().default(0),
    due_date: date('due_date', { mode: 'string' }),
    crop_id: cropRef(),
    animal_id: animalRef(),
    source: text('source').$type<SaleSource>().notNull().default('manual'),
    /**
     * What the sale took from the farm's own stock: stored harvest of a crop (kg) or eggs (eggs);
     * null when it was sold straight from the field or is not tracked.
     */
    stock_kind: text('stock_kind').$type<SaleStockKind>(),
    stock_crop_key: text('stock_crop_key'),
    stock_quantity: numeric('stock_quantity', { precision: 14, scale: 3 }),
    /** The head-count event (kind `sale`) written on the group when animals were sold. */
    livestock_event_id: uuid('livestock_event_id'),
    /** The last day a "payment due" reminder went out for this sale; one reminder a day at most. */
    reminded_on: date('reminded_on', { mode: 'string' }),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('sales_farm_id_date_idx').on(t.farm_id, desc(t.date), desc(t.id)),
    // Profit and loss for a period (income and what was sold by the kg), summed from the index alone.
    index('sales_farm_date_enterprise_idx').on(
      t.farm_id,
      t.date,
      t.crop_id,
      t.animal_id,
      t.amount_kobo,
      t.unit,
      t.quantity,
    ),
    // Money owed to the farm: only the sales not yet paid in full.
    index('sales_farm_id_owed_idx')
      .on(t.farm_id, t.buyer_name)
      .where(sql`${t.paid_kobo} < ${t.amount_kobo}`),
    check('sales_unit_check', sql`${t.unit} IN (${oneOf(SALE_UNITS)})`),
    check('sales_source_check', sql`${t.source} IN (${oneOf(SALE_SOURCES)})`),
    check('sales_amount_kobo_check', sql`${t.amount_kobo} > 0`),
    check('sales_paid_kobo_check', sql`${t.paid_kobo} >= 0 AND ${t.paid_kobo} <= ${t.amount_kobo}`),
    check('sales_quantity_check', sql`${t.quantity} > 0`),
    check('sales_one_enterprise_check', sql`${t.crop_id} IS NULL OR ${t.animal_id} IS NULL`),
    check('sales_stock_kind_check', sql`${t.stock_kind} IN (${oneOf(SALE_STOCK_KINDS)})`),
    check(
      'sales_stock_check',
      sql`(${t.stock_kind} IS NULL) = (${t.stock_quantity} IS NULL) AND (${t.stock_quantity} IS NULL OR ${t.stock_quantity} > 0) AND ((${t.stock_kind} = 'harvest') = (${t.stock_crop_key} IS NOT NULL))`,
    ),
    // Stored harvest and eggs sold, subtracted from what the farm holds.
    index('sales_farm_id_stock_idx')
      .on(t.farm_id, t.stock_kind, t.stock_crop_key, t.stock_quantity)
      .where(sql`${t.stock_kind} IS NOT NULL`),
  ],
);

/** Money received for a sale, on the day it came: the sale's day, or later for a sale on credit. */
export const sale_payments = pgTable(
  'sale_payments',
  {
    id: id(),
    farm_id: farmId(),
    sale_id: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('sale_payments_sale_id_idx').on(t.sale_id, t.date),
    // Money in by month, summed from the index alone.
    index('sale_payments_farm_date_idx').on(t.farm_id, t.date, t.amount_kobo),
    check('sale_payments_method_check', sql`${t.method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('sale_payments_amount_kobo_check', sql`${t.amount_kobo} > 0`),
  ],
);

/**
 * A farm's money by month: each enterprise's costs by category (`cost`) and its income and kg sold
 * (`income`), summed from expense_allocations and sales, so profit and loss over whole months reads a
 * few rows instead of every expense and sale. Triggers on those two tables keep it exact (migration
 * 0020); nothing else writes it. `row_count` is how many rows a sum holds: a sum with none left is
 * deleted, so a row here means the enterprise had money (even ₦0) that month, as in the raw rows. No
 * foreign keys: a planting or animal deleted sets its rows' references to null, which the triggers
 * move to the whole farm; a farm deleted removes its rows and so, through the triggers, its sums.
 */
export const money_month_totals = pgTable(
  'money_month_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    farm_id: uuid('farm_id').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'cost' | 'income'>().notNull(),
    /** The expense category of a cost; null for income. */
    category: text('category').$type<ExpenseCategory>(),
    crop_id: uuid('crop_id'),
    animal_id: uuid('animal_id'),
    amount_kobo: kobo('amount_kobo').notNull(),
    /** Income only: the quantity of its sales by the kg. */
    sold_kg: numeric('sold_kg').notNull().default('0'),
    row_count: integer('row_count').notNull(),
  },
  (t) => [
    unique('money_month_totals_key')
      .on(t.farm_id, t.month, t.kind, t.category, t.crop_id, t.animal_id)
      .nullsNotDistinct(),
    check('money_month_totals_kind_check', sql`${t.kind} IN ('cost', 'income')`),
    check('money_month_totals_category_check', sql`(${t.kind} = 'cost') = (${t.category} IS NOT NULL)`),
  ],
);

/**
 * How many times a farm's money has changed: the database adds one for each statement that writes
 * rows the money reports read (expenses and their shares, sales and payments, harvests, production, pay runs,
 * suppliers, and the names of plantings and animals; hand-written triggers in migration 0032).
 * The reports are kept by this number and worked out again only when it moves
 * (features/money/report-cache.ts). A farm deleted takes its row with it; the deletions of its
 * records that follow add nothing back (the triggers count only for a farm that exists).
 */
export const money_versions = pgTable('money_versions', {
  farm_id: uuid('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * An expense that comes back (rent every month, a salary, a loan repayment): its fields, and the
 * days it falls on as an RRULE (the tasks engine's subset). On each day the sweep writes the expense
 * (`expenses.recurring_id`), once. `written_through` is the last day already written.
 */
export const recurring_expenses = pgTable(
  'recurring_expenses',
  {
    id: id(),
    farm_id: farmId(),
    category: text('category').$type<ExpenseCategory>().notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    description: text('description'),
    paid_to: text('paid_to'),
    payment_method: text('payment_method').$type<PaymentMethod>().notNull(),
    crop_id: cropRef(),
    animal_id: animalRef(),
    rrule: text('rrule').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    written_through: date('written_through', { mode: 'string' }),
    /** Stopped: writes nothing more; the expenses it wrote stay. */
    stopped: boolean('stopped').notNull().default(false),
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('recurring_expenses_farm_id_idx').on(t.farm_id, t.created_at),
    // The sweep: the repeating expenses still running.
    index('recurring_expenses_running_idx')
      .on(t.written_through)
      .where(sql`NOT ${t.stopped}`),
    check('recurring_expenses_category_check', sql`${t.category} IN (${oneOf(EXPENSE_CATEGORIES)})`),
    check('recurring_expenses_payment_method_check', sql`${t.payment_method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('recurring_expenses_amount_kobo_check', sql`${t.amount_kobo} > 0`),
    check('recurring_expenses_one_enterprise_check', sql`${t.crop_id} IS NULL OR ${t.animal_id} IS NULL`),
  ],
);

/** Whether a staff member worked on a day: present, half a day, or absent. One mark a day. */
export const attendance = pgTable(
  'attendance',
  {
    id: id(),
    farm_id: farmId(),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').$type<AttendanceStatus>().notNull(),
    user_id: recordedBy(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('attendance_staff_id_date_idx').on(t.staff_id, t.date),
    index('attendance_farm_id_date_idx').on(t.farm_id, t.date, t.staff_id, t.status),
    check('attendance_status_check', sql`${t.status} IN (${oneOf(ATTENDANCE_STATUSES)})`),
  ],
);

/**
 * Casual labour for a day: how many people, at what rate each, for what work and enterprise. Paid
 * through a pay run (`pay_run_id` once it is in one).
 */
export const casual_labour = pgTable(
  'casual_labour',
  {
    id: id(),
    farm_id: farmId(),
    date: date('date', { mode: 'string' }).notNull(),
    headcount: integer('headcount').notNull(),
    rate_kobo: kobo('rate_kobo').notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    description: text('description'),
    crop_id: cropRef(),
    animal_id: animalRef(),
    pay_run_id: uuid('pay_run_id').references(() => pay_runs.id, { onDelete: 'set null' }),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('casual_labour_farm_id_date_idx').on(t.farm_id, t.date, t.id),
    index('casual_labour_pay_run_id_idx').on(t.pay_run_id),
    check('casual_labour_headcount_check', sql`${t.headcount} > 0`),
    check('casual_labour_rate_kobo_check', sql`${t.rate_kobo} > 0`),
    check('casual_labour_amount_kobo_check', sql`${t.amount_kobo} = ${t.headcount} * ${t.rate_kobo}`),
    check('casual_labour_one_enterprise_check', sql`${t.crop_id} IS NULL OR ${t.animal_id} IS NULL`),
  ],
);

/**
 * Wages for a period: a draft computed from rates and attendance that the manager adjusts, then
 * paid on a day, which writes one labour expense per line.
 */
export const pay_runs = pgTable(
  'pay_runs',
  {
    id: id(),
    farm_id: farmId(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    status: text('status').$type<PayRunStatus>().notNull().default('draft'),
    paid_on: date('paid_on', { mode: 'string' }),
    payment_method: text('payment_method').$type<PaymentMethod>(),
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('pay_runs_farm_id_period_idx').on(t.farm_id, desc(t.period_start), desc(t.id)),
    check('pay_runs_status_check', sql`${t.status} IN (${oneOf(PAY_RUN_STATUSES)})`),
    check('pay_runs_payment_method_check', sql`${t.payment_method} IN (${oneOf(PAYMENT_METHODS)})`),
    check('pay_runs_period_check', sql`${t.period_end} >= ${t.period_start}`),
    check('pay_runs_paid_check', sql`(${t.status} = 'paid') = (${t.paid_on} IS NOT NULL)`),
  ],
);

/**
 * One person's (or one day's casual labour's) pay in a pay run: what the rate and attendance came
 * to (`computed_kobo`) and what the manager settled on (`amount_kobo`).
 */
export const pay_run_lines = pgTable(
  'pay_run_lines',
  {
    id: id(),
    farm_id: farmId(),
    pay_run_id: uuid('pay_run_id')
      .notNull()
      .references(() => pay_runs.id, { onDelete: 'cascade' }),
    staff_id: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    casual_labour_id: uuid('casual_labour_id').references(() => casual_labour.id, { onDelete: 'set null' }),
    /** Who was paid, as it read when the run was made (the staff record may change or go). */
    name: text('name').notNull(),
    days_present: integer('days_present').notNull().default(0),
    half_days: integer('half_days').notNull().default(0),
    days_absent: integer('days_absent').notNull().default(0),
    computed_kobo: kobo('computed_kobo').notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    note: text('note'),
  },
  (t) => [
    index('pay_run_lines_pay_run_id_idx').on(t.pay_run_id, t.name),
    uniqueIndex('pay_run_lines_run_staff_idx')
      .on(t.pay_run_id, t.staff_id)
      .where(sql`${t.staff_id} IS NOT NULL`),
    check('pay_run_lines_amount_kobo_check', sql`${t.amount_kobo} >= 0 AND ${t.computed_kobo} >= 0`),
  ],
);
