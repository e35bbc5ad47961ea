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
export const MONEY_TEXT_MAX = 200;
export const MONEY_NOTES_MAX = 1000;
/** Eggs in a crate, the unit eggs are sold and costed in. */
export const EGGS_PER_CRATE = 30;
