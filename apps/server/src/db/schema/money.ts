import { desc, sql } from 'drizzle-orm';
import { bigint, check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  EXPENSE_CATEGORIES,
  PAYMENT_METHODS,
  SALE_SOURCES,
  SALE_UNITS,
  type ExpenseCategory,
  type PaymentMethod,
  type SaleSource,
  type SaleUnit,
} from '@gona/shared/finance';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
import { crops } from './crops';
import { farms } from './farms';
import { suppliers } from './inventory';
import { livestock } from './livestock';

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
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('expenses_farm_id_date_idx').on(t.farm_id, desc(t.date), desc(t.id)),
    uniqueIndex('expenses_movement_id_idx')
      .on(t.movement_id)
      .where(sql`${t.movement_id} IS NOT NULL`),
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
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('sales_farm_id_date_idx').on(t.farm_id, desc(t.date), desc(t.id)),
    // Profit and loss for a period, summed from the index alone.
    index('sales_farm_date_enterprise_idx').on(t.farm_id, t.date, t.crop_id, t.animal_id, t.amount_kobo),
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
