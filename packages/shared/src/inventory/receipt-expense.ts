import { MONEY_RECORD_MAX_KOBO, type ExpenseCategory } from '../finance/constants';
import { toMilli, type Quantity } from '../units/quantity';
import type { SupplyCategory } from './constants';

/**
 * The expense category stock of each supply category is paid under, so that a receipt recorded as
 * an expense lands where the farmer would have put it by hand. Packaging has no category of its own.
 */
export const EXPENSE_CATEGORY_OF_SUPPLY: Record<SupplyCategory, ExpenseCategory> = {
  seeds_seedlings: 'seeds',
  fertilizer: 'fertilizer',
  agrochemicals: 'agrochemicals',
  animal_feed: 'feed',
  veterinary: 'veterinary',
  fuel: 'fuel',
  tools_equipment: 'equipment',
  packaging: 'other',
  other: 'other',
};

/**
 * What a store receipt cost: its quantity (a history row's signed change, "-" ignored) times its
 * unit cost, rounded half up to whole kobo without floating-point drift. Null when it is nothing or
 * more than one expense may be (MONEY_RECORD_MAX_KOBO), so no expense is offered for it.
 */
export function receiptAmountKobo(quantity: Quantity, unitCostKobo: number): number | null {
  const milli = toMilli(quantity.replace(/^-/, ''));
  if (milli === null || !Number.isSafeInteger(unitCostKobo) || unitCostKobo < 0) return null;
  const amount = (BigInt(milli) * BigInt(unitCostKobo) + 500n) / 1000n;
  if (amount <= 0n || amount > BigInt(MONEY_RECORD_MAX_KOBO)) return null;
  return Number(amount);
}
