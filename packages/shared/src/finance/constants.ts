/** What a farm spends money on (issue: farm money). Labour is also what a pay run writes. */
export const EXPENSE_CATEGORIES = [
  'seeds',
  'fertilizer',
  'agrochemicals',
  'feed',
  'veterinary',
  'labour',
  'fuel',
  'equipment',
  'transport',
  'land_rent',
  'utilities',
  'loan_repayment',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** How money changed hands. */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'pos', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The units a sale is counted in: harvest units, and what animals and their products sell by. */
export const SALE_UNITS = [
  'kg',
  'bag_50kg',
  'bag_100kg',
  'tonne',
  'basket',
  'tuber',
  'bunch',
  'crate',
  'head',
  'litre',
  'piece',
] as const;
export type SaleUnit = (typeof SALE_UNITS)[number];

/** Where a sale came from: typed in by the farm, or paid out by the marketplace (one more kind). */
export const SALE_SOURCES = ['manual', 'marketplace'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

/** Whether the buyer has paid: worked out from the amount and what was paid, never typed. */
export const SALE_PAYMENT_STATUSES = ['paid', 'part_paid', 'unpaid'] as const;
export type SalePaymentStatus = (typeof SALE_PAYMENT_STATUSES)[number];

/** The most one expense or sale may be: ₦1,000,000,000 (kobo). Large enough for land or a tractor. */
export const MONEY_RECORD_MAX_KOBO = 100_000_000_000;
/** An expense is split over at most this many enterprises. */
export const ALLOCATIONS_MAX = 10;
/** Receipts kept with one expense. */
export const RECEIPTS_MAX = 3;
/** Unpaid expenses listed under each creditor in what the farm owes (the count and total cover all). */
export const OWED_EXPENSES_SHOWN = 20;
/**
 * A repeating expense started in the past writes at most this many of its past days at once (a
 * year of a monthly rent); older ones are left for the farmer to record by hand if they want them.
 */
export const RECURRING_CATCH_UP_MAX = 12;
export const MONEY_TEXT_MAX = 200;
export const MONEY_NOTES_MAX = 1000;
/** Eggs in a crate, the unit eggs are sold and costed in. */
export const EGGS_PER_CRATE = 30;

/** What a sale took from the farm's own stock: stored harvest (kg of one crop) or eggs (eggs). */
export const SALE_STOCK_KINDS = ['harvest', 'eggs'] as const;
export type SaleStockKind = (typeof SALE_STOCK_KINDS)[number];

/** A staff member's day. */
export const ATTENDANCE_STATUSES = ['present', 'half_day', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** A pay run is a draft until it is paid; paid, it has written its labour expenses. */
export const PAY_RUN_STATUSES = ['draft', 'paid'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];

/** Working days in a week and in a month: a day's pay for staff paid by the week or the month. */
export const WORKDAYS_PER_WEEK = 6;
export const WORKDAYS_PER_MONTH = 26;
/** The longest period one pay run covers. */
export const PAY_RUN_MAX_DAYS = 31;
/** People in one day's casual labour, and the most one of them is paid for the day. */
export const CASUAL_HEADCOUNT_MAX = 500;
