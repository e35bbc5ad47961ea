import { z } from 'zod';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { KoboSchema } from '../money/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { NigerianPhoneSchema } from '../staff/schemas';
import { toMilli } from '../units/quantity';
import { positiveQuantitySchema, quantityTextSchema } from '../units/quantity-schema';
import { UNITS } from '../units/units';
import {
  ALLOCATIONS_MAX,
  EXPENSE_CATEGORIES,
  MONEY_NOTES_MAX,
  MONEY_RECORD_MAX_KOBO,
  MONEY_TEXT_MAX,
  PAYMENT_METHODS,
  RECEIPTS_MAX,
  SALE_PAYMENT_STATUSES,
  SALE_SOURCES,
  SALE_UNITS,
} from './constants';
import { SALE_QUANTITY_MAX, SaleStockFields, saleStockRules } from './stock';

const CategorySchema = z.enum(EXPENSE_CATEGORIES, { error: 'Choose what the money was spent on' });
const MethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose cash, bank transfer, POS or mobile money' });
const UnitSchema = z.enum(SALE_UNITS, { error: 'Choose the unit it was sold in' });
const DaySchema = calendarDateSchema('Enter the date as a calendar date');

const MAX_ADVICE = 'Enter at most ₦1,000,000,000';
const NAIRA_ADVICE = 'Enter an amount in naira, like 1250 or 1250.50';
/** An amount of one money record: more than nothing, at most MONEY_RECORD_MAX_KOBO. */
export const AmountSchema = z
  .number({ error: NAIRA_ADVICE })
  .int(NAIRA_ADVICE)
  .min(1, 'Enter an amount above ₦0')
  .max(MONEY_RECORD_MAX_KOBO, MAX_ADVICE);
/** A part of an amount (a payment, a share, a price): ₦0 or more. */
const PartSchema = KoboSchema.max(MONEY_RECORD_MAX_KOBO, MAX_ADVICE);

export const SPLIT_NOT_WHOLE = 'The shares must add up to the whole amount';
export const SPLIT_NOT_100 = 'The percentages must add up to 100';
export const SPLIT_MIXED = 'Split by amounts or by percentages, not both';
export const SPLIT_TWICE = 'Each planting or animal can have one share';
export const ONE_ENTERPRISE = 'Choose a planting or an animal, not both';

/**
 * Where money belongs (an enterprise): a crop planting, an animal or group, or, with neither, the
 * whole farm.
 */
const EnterpriseFields = {
  crop_id: z.uuid('Choose a planting').nullish(),
  animal_id: z.uuid('Choose an animal or group').nullish(),
};

/** One share of an expense: an amount in kobo, or a percentage with up to two decimals. */
export const AllocationInputSchema = z.object({
  ...EnterpriseFields,
  amount_kobo: PartSchema.nullish(),
  percent: z
    .number({ error: 'Enter a percentage, like 25 or 12.5' })
    .gt(0, 'Enter a percentage above 0')
    .max(100, 'Enter at most 100 %')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'Use at most two decimals')
    .nullish(),
});
export type AllocationInput = z.infer<typeof AllocationInputSchema>;

/** The problems of a split for an expense of `amount` kobo, as (path, message) pairs; none when it is sound. */
export function splitIssues(
  amount: number,
  allocations: readonly AllocationInput[],
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  allocations.forEach((share, index) => {
    if (share.crop_id && share.animal_id)
      issues.push({ path: ['allocations', index], message: ONE_ENTERPRISE });
    const key = share.crop_id ?? share.animal_id ?? 'farm';
    if (seen.has(key)) issues.push({ path: ['allocations', index], message: SPLIT_TWICE });
    seen.add(key);
  });
  if (allocations.length <= 1 && allocations.every((s) => s.amount_kobo == null && s.percent == null))
    return issues;
  const byAmount = allocations.every((s) => s.amount_kobo != null && s.percent == null);
  const byPercent = allocations.every((s) => s.percent != null && s.amount_kobo == null);
  if (!byAmount && !byPercent) return [...issues, { path: ['allocations'], message: SPLIT_MIXED }];
  if (byAmount && allocations.reduce((sum, s) => sum + (s.amount_kobo ?? 0), 0) !== amount)
    issues.push({ path: ['allocations'], message: SPLIT_NOT_WHOLE });
  if (byPercent && Math.round(allocations.reduce((sum, s) => sum + (s.percent ?? 0) * 100, 0)) !== 10_000)
    issues.push({ path: ['allocations'], message: SPLIT_NOT_100 });
  return issues;
}

const ExpenseFieldsSchema = z.object({
  date: DaySchema,
  category: CategorySchema,
  amount_kobo: AmountSchema,
  /** What it was for: "2 bags of NPK for the maize". */
  description: optionalTextSchema(MONEY_TEXT_MAX),
  /** A supplier of the farm's store, or a name typed in. */
  supplier_id: z.uuid('Choose a supplier').nullish(),
  paid_to: optionalTextSchema(MONEY_TEXT_MAX),
  payment_method: MethodSchema,
  notes: optionalTextSchema(MONEY_NOTES_MAX),
  /**
   * The day the money was paid; null when it is not paid yet (bought on credit) and the farm owes
   * it. A new expense without it was paid on its day.
   */
  paid_on: DaySchema.nullish(),
  /** When money not paid yet is due. */
  due_date: DaySchema.nullish(),
});

export const PAID_BEFORE_DATE = 'The day it was paid cannot be before the day of the expense';
export const DUE_BEFORE_DATE = 'The due date cannot be before the day of the expense';

/** Paid and due days are on or after the expense's day (checked here when both are sent). */
const daysRule = (input: { date?: unknown; paid_on?: unknown; due_date?: unknown }, ctx: z.RefinementCtx) => {
  if (typeof input.date !== 'string') return;
  if (typeof input.paid_on === 'string' && input.paid_on < input.date)
    ctx.addIssue({ code: 'custom', path: ['paid_on'], message: PAID_BEFORE_DATE });
  if (typeof input.due_date === 'string' && input.due_date < input.date)
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: DUE_BEFORE_DATE });
};

const splitRule = (
  input: { amount_kobo?: number; allocations?: AllocationInput[] },
  ctx: z.RefinementCtx,
) => {
  // Also runs beside other fields' mistakes: only a list of shares and a number can be checked.
  const shares: unknown = input.allocations;
  if (!Array.isArray(shares) || typeof input.amount_kobo !== 'number') return;
  if (!shares.every((share) => typeof share === 'object' && share !== null)) return;
  for (const issue of splitIssues(input.amount_kobo, shares as AllocationInput[]))
    ctx.addIssue({ code: 'custom', ...issue });
};
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * A new expense. Without `allocations` it belongs to the whole farm; one share names its enterprise;
 * several split it by amounts (adding up to the whole) or percentages (adding up to 100), which the
 * server turns into kobo without losing any (largest remainder).
 */
export const CreateExpenseInputSchema = ExpenseFieldsSchema.extend({
  id: clientIdSchema().optional(),
  payment_method: MethodSchema.default('cash'),
  allocations: z
    .array(AllocationInputSchema)
    .min(1)
    .max(ALLOCATIONS_MAX, `Split over at most ${ALLOCATIONS_MAX}`)
    .optional(),
  /** Receipt photos or PDFs, uploaded first (POST /files, kind receipt). */
  receipt_ids: fileIdsSchema(RECEIPTS_MAX).optional(),
  /** The store receipt this expense pays for (stock received with a unit cost), recorded once. */
  movement_id: z.uuid().nullish(),
})
  .superRefine(splitRule, always)
  .superRefine(daysRule, always);
export type CreateExpenseInput = z.input<typeof CreateExpenseInputSchema>;
export type CreateExpense = z.output<typeof CreateExpenseInputSchema>;

/** A change to an expense; a new amount keeps the split's proportions unless a new split is sent. */
export const UpdateExpenseInputSchema = ExpenseFieldsSchema.partial()
  .extend({
    version: VersionSchema,
    allocations: z.array(AllocationInputSchema).min(1).max(ALLOCATIONS_MAX).optional(),
    receipt_ids: fileIdsSchema(RECEIPTS_MAX).optional(),
  })
  .superRefine(splitRule, always)
  .superRefine(daysRule, always);
export type UpdateExpenseInput = z.input<typeof UpdateExpenseInputSchema>;
export type UpdateExpense = z.output<typeof UpdateExpenseInputSchema>;

export const AllocationSchema = z.object({
  crop_id: z.uuid().nullable(),
  animal_id: z.uuid().nullable(),
  /** The planting's crop or the animal's name or tag; null for the whole farm. */
  name: z.string().nullable(),
  amount_kobo: z.number().int(),
});
export type Allocation = z.infer<typeof AllocationSchema>;

/** The store receipt an expense pays for: what came in, how much of it, in what unit. */
export const StockReceiptSchema = z.object({
  supply_id: z.uuid(),
  supply_name: z.string(),
  /** The quantity received, a decimal string ("4", "2.5") in the supply's unit. */
  quantity: z.string(),
  unit: z.enum(UNITS),
});
export type StockReceipt = z.infer<typeof StockReceiptSchema>;

export const ExpenseSchema = ExpenseFieldsSchema.extend({
  id: z.uuid(),
  farm_id: z.uuid(),
  supplier_name: z.string().nullable(),
  allocations: z.array(AllocationSchema),
  movement_id: z.uuid().nullable(),
  /** What `movement_id` received; null without one, or when its supply has been deleted since. */
  stock_receipt: StockReceiptSchema.nullable(),
  paid_on: z.string().nullable(),
  due_date: z.string().nullable(),
  /** The repeating expense that wrote it, if one did. */
  recurring_id: z.uuid().nullable(),
  receipt_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Expense = z.infer<typeof ExpenseSchema>;
export const ExpenseWithReceiptsSchema = ExpenseSchema.extend({ receipts: z.array(FileSchema) });
export type ExpenseWithReceipts = z.infer<typeof ExpenseWithReceiptsSchema>;

/** `farm` (the whole farm's own costs), `crop:{id}` or `animal:{id}`. */
export const EnterpriseKeySchema = z
  .string()
  .regex(
    /^(farm|crop:[0-9a-f-]{36}|animal:[0-9a-f-]{36})$/i,
    'Choose a planting, an animal or the whole farm',
  );
export type EnterpriseKey = string;

const PeriodFields = {
  from: DaySchema.optional(),
  to: DaySchema.optional(),
};
export const PERIOD_BACKWARDS = 'The end of the period cannot be before its start';
const periodRule = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_BACKWARDS });
};

export const ExpenseFiltersSchema = z
  .object({
    ...PeriodFields,
    category: CategorySchema.optional(),
    enterprise: EnterpriseKeySchema.optional(),
  })
  .superRefine(periodRule);
export type ExpenseFilters = z.infer<typeof ExpenseFiltersSchema>;
export const ExpenseListQuerySchema = PageQuerySchema.extend({
  ...PeriodFields,
  category: CategorySchema.optional(),
  enterprise: EnterpriseKeySchema.optional(),
}).superRefine(periodRule);
export type ExpenseListQuery = z.infer<typeof ExpenseListQuerySchema>;
export const ExpensePageSchema = pageSchema(ExpenseSchema);

export const ExpenseTotalsSchema = z.object({
  count: z.number().int(),
  total_kobo: z.number().int(),
  by_category: z.array(z.object({ category: CategorySchema, total_kobo: z.number().int() })),
});
export type ExpenseTotals = z.infer<typeof ExpenseTotalsSchema>;

// ---- Sales ----

export const PAID_MORE_THAN_AMOUNT = 'The buyer cannot have paid more than the sale';
export const PRICE_TIMES_QUANTITY = 'The amount is the quantity times the price';

const SaleFieldsSchema = z.object({
  date: DaySchema,
  buyer_name: optionalTextSchema(MONEY_TEXT_MAX),
  buyer_phone: NigerianPhoneSchema.nullish(),
  /** What was sold: "Maize grain", "Eggs", "Broilers". */
  product: textSchema(MONEY_TEXT_MAX).min(1, 'Say what was sold'),
  /** A decimal string ("2.5"); a JSON number is still read, exactly (docs/decisions/058). */
  quantity: positiveQuantitySchema({
    required: 'Enter how much was sold',
    invalid: 'Enter how much was sold',
    max: { quantity: SALE_QUANTITY_MAX, message: 'Enter a smaller quantity' },
  }),
  unit: UnitSchema,
  unit_price_kobo: PartSchema.nullish(),
  amount_kobo: AmountSchema,
  /** The day the rest is due, for a sale on credit. */
  due_date: DaySchema.nullish(),
  ...EnterpriseFields,
  ...SaleStockFields,
  notes: optionalTextSchema(MONEY_NOTES_MAX),
});

const isQuantity = (value: unknown): value is string => typeof value === 'string' && toMilli(value) !== null;

/** A sale typed in by the farm. `paid_kobo` is what the buyer paid on the day (all of it when absent). */
export const CreateSaleInputSchema = SaleFieldsSchema.extend({
  id: clientIdSchema().optional(),
  paid_kobo: PartSchema.optional(),
  payment_method: MethodSchema.default('cash'),
  /** Animals sold from the group named by `animal_id` (by the head): its head count goes down with a sale event. */
  take_off_count: z.boolean({ error: 'Say whether to take the animals off the count' }).default(false),
}).superRefine((input, ctx) => {
  if (input.paid_kobo !== undefined && input.amount_kobo !== undefined && input.paid_kobo > input.amount_kobo)
    ctx.addIssue({ code: 'custom', path: ['paid_kobo'], message: PAID_MORE_THAN_AMOUNT });
  if (input.crop_id && input.animal_id)
    ctx.addIssue({ code: 'custom', path: ['animal_id'], message: ONE_ENTERPRISE });
  // Beside other fields' mistakes only a read quantity and a known unit can be checked.
  if (
    isQuantity(input.quantity) &&
    (input.stock_quantity == null || isQuantity(input.stock_quantity)) &&
    typeof input.unit === 'string'
  )
    for (const issue of saleStockRules(input).issues) ctx.addIssue({ code: 'custom', ...issue });
}, always);
export type CreateSaleInput = z.input<typeof CreateSaleInputSchema>;
export type CreateSale = z.output<typeof CreateSaleInputSchema>;

export const UpdateSaleInputSchema = SaleFieldsSchema.partial().extend({ version: VersionSchema });
export type UpdateSaleInput = z.input<typeof UpdateSaleInputSchema>;
export type UpdateSale = z.output<typeof UpdateSaleInputSchema>;

/** Money received for a sale after the day (a credit sale paid in parts). */
export const CreatePaymentInputSchema = z.object({
  id: clientIdSchema().optional(),
  date: DaySchema,
  amount_kobo: AmountSchema,
  method: MethodSchema.default('cash'),
});
export type CreatePaymentInput = z.input<typeof CreatePaymentInputSchema>;
export type CreatePayment = z.output<typeof CreatePaymentInputSchema>;

export const SalePaymentSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  amount_kobo: z.number().int(),
  method: MethodSchema,
  created_at: z.string(),
});
export type SalePayment = z.infer<typeof SalePaymentSchema>;

export const SaleSchema = SaleFieldsSchema.extend({
  id: z.uuid(),
  farm_id: z.uuid(),
  quantity: quantityTextSchema,
  stock_quantity: quantityTextSchema.nullable(),
  source: z.enum(SALE_SOURCES),
  enterprise_name: z.string().nullable(),
  paid_kobo: z.number().int(),
  balance_kobo: z.number().int(),
  payment_status: z.enum(SALE_PAYMENT_STATUSES),
  /** The group's head-count event when the animals sold were taken off its count. */
  livestock_event_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Sale = z.infer<typeof SaleSchema>;
export const SaleWithPaymentsSchema = SaleSchema.extend({ payments: z.array(SalePaymentSchema) });
export type SaleWithPayments = z.infer<typeof SaleWithPaymentsSchema>;

export const SaleListQuerySchema = PageQuerySchema.extend({
  ...PeriodFields,
  enterprise: EnterpriseKeySchema.optional(),
  payment_status: z.enum(SALE_PAYMENT_STATUSES, { error: 'Choose paid, part paid or unpaid' }).optional(),
}).superRefine(periodRule);
export type SaleListQuery = z.infer<typeof SaleListQuerySchema>;
export const SalePageSchema = pageSchema(SaleSchema);

// ---- Profit and loss, cash, money owed ----

export const PeriodQuerySchema = z
  .object({ from: DaySchema, to: DaySchema })
  .superRefine(periodRule)
  .refine((q) => Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4)) <= 10, {
    path: ['to'],
    message: 'Choose a period of at most ten years',
  });
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;

export const ENTERPRISE_KINDS = ['crop', 'animal', 'farm'] as const;

export const EnterpriseResultSchema = z.object({
  kind: z.enum(ENTERPRISE_KINDS),
  /** The planting's or animal's id; null for the whole farm. */
  id: z.uuid().nullable(),
  name: z.string().nullable(),
  /** A planting's day, to tell two plantings of one crop apart. */
  started: z.string().nullable(),
  income_kobo: z.number().int(),
  costs_kobo: z.number().int(),
  costs_by_category: z.array(z.object({ category: CategorySchema, total_kobo: z.number().int() })),
  margin_kobo: z.number().int(),
  /** What it produced in the period, where records say: kg harvested, crates of eggs, kg of fish. */
  produced: z.object({ quantity: quantityTextSchema, unit: z.enum(['kg', 'crate', 'litre']) }).nullable(),
  /** Costs divided by what was produced, in kobo per unit; null when nothing was recorded. */
  cost_per_unit_kobo: z.number().int().nullable(),
});
export type EnterpriseResult = z.infer<typeof EnterpriseResultSchema>;

export const ProfitSchema = z.object({
  from: z.string(),
  to: z.string(),
  enterprises: z.array(EnterpriseResultSchema),
  income_kobo: z.number().int(),
  costs_kobo: z.number().int(),
  margin_kobo: z.number().int(),
});
export type Profit = z.infer<typeof ProfitSchema>;

export const CashSchema = z.object({
  months: z.array(z.object({ month: z.string(), in_kobo: z.number().int(), out_kobo: z.number().int() })),
  /** Unpaid balances of sales, now. */
  owed_to_farm_kobo: z.number().int(),
});
export type Cash = z.infer<typeof CashSchema>;

export const OwedSchema = z.object({
  buyers: z.array(
    z.object({
      buyer_name: z.string().nullable(),
      buyer_phone: z.string().nullable(),
      owed_kobo: z.number().int(),
      sales: z.number().int(),
      /** The earliest due date among the unpaid sales; null when none was given. */
      due_date: z.string().nullable(),
    }),
  ),
  total_kobo: z.number().int(),
  /** What the farm owes: expenses not paid yet, by whom they are owed to, largest first. */
  creditors: z.array(
    z.object({
      /** The supplier's name, or the "paid to" typed in; null when neither was given. */
      name: z.string().nullable(),
      owed_kobo: z.number().int(),
      expenses: z.number().int(),
      /** The oldest due date among them; null when none was given. */
      due_date: z.string().nullable(),
      /** The unpaid expenses themselves, earliest due first (at most OWED_EXPENSES_SHOWN). */
      unpaid: z.array(
        z.object({
          id: z.uuid(),
          date: z.string(),
          category: CategorySchema,
          description: z.string().nullable(),
          amount_kobo: z.number().int(),
          payment_method: MethodSchema,
          due_date: z.string().nullable(),
          version: z.number().int(),
        }),
      ),
    }),
  ),
  /** Wages in pay runs not paid yet (drafts). */
  wages_kobo: z.number().int(),
  wage_runs: z.number().int(),
  /** All the farm owes: the creditors' and the wages. */
  owed_by_farm_kobo: z.number().int(),
});
export type Owed = z.infer<typeof OwedSchema>;
