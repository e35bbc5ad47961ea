import { z } from 'zod';
import { positiveQuantitySchema } from '../units/quantity-schema';
import { fromMilli, milliOf, type Quantity } from '../units/quantity';
import { EGGS_PER_CRATE, SALE_STOCK_KINDS, type SaleStockKind, type SaleUnit } from './constants';

/** The weight of one sale unit where it is fixed: stored harvest sold in these is taken by the kg. */
export const SALE_UNIT_KG: Partial<Record<SaleUnit, number>> = {
  kg: 1,
  bag_50kg: 50,
  bag_100kg: 100,
  tonne: 1000,
};

/** Eggs in one sale unit where it is fixed: a crate of 30, or one egg sold by the piece. */
export const SALE_UNIT_EGGS: Partial<Record<SaleUnit, number>> = { crate: EGGS_PER_CRATE, piece: 1 };

/** A sale's quantity or kg/eggs from store: above 0 and at most a billion, as a decimal string. */
export const SALE_QUANTITY_MAX: Quantity = '1000000000';

/**
 * What a sale takes from the farm's own stock, beside its quantity: stored harvest of one crop
 * (`stock_crop_key`, in kg) or eggs. `stock_quantity` is said only when the sale's unit has no
 * fixed size (a basket of maize, a tray of eggs); otherwise it comes from the quantity.
 */
export const SaleStockFields = {
  stock_kind: z.enum(SALE_STOCK_KINDS, { error: 'Choose where it was taken from' }).nullish(),
  stock_crop_key: z
    .string({ error: 'Choose the crop it was taken from' })
    .regex(/^[a-z0-9_]{1,40}$/, 'Choose the crop it was taken from')
    .nullish(),
  stock_quantity: positiveQuantitySchema({
    required: 'Enter how much it took from store',
    invalid: 'Enter how much it took from store',
    max: { quantity: SALE_QUANTITY_MAX, message: 'Enter a smaller amount' },
    positive: 'Enter an amount above 0',
  }).nullish(),
};

/**
 * Kg (stored harvest) or eggs that `quantity` of `unit` comes to, when the unit has a fixed size;
 * null when the farmer must say it. Exact to the gram: quantities have at most three decimals.
 */
export function stockQuantityOf(kind: SaleStockKind, unit: SaleUnit, quantity: Quantity): Quantity | null {
  const size = (kind === 'harvest' ? SALE_UNIT_KG : SALE_UNIT_EGGS)[unit];
  if (size === undefined) return null;
  return fromMilli(milliOf(quantity) * size);
}

const isWhole = (quantity: Quantity) => milliOf(quantity) % 1000 === 0;

/** Quantities are decimal strings (as the schemas give them). */
export type SaleStockInput = {
  quantity: Quantity;
  unit: SaleUnit;
  animal_id?: string | null | undefined;
  stock_kind?: SaleStockKind | null | undefined;
  stock_crop_key?: string | null | undefined;
  stock_quantity?: Quantity | null | undefined;
  take_off_count?: boolean | undefined;
};

/** What a sale takes from store, worked out: kind, crop and kg or eggs. */
export type StockTake = { kind: SaleStockKind; crop_key: string | null; quantity: Quantity };

type Issue = { path: string[]; message: string };

/**
 * The problems of a sale's stock and head-count choices as (path, message) pairs, and what it
 * takes from store when there are none. The form and the server (a new sale, and a changed one
 * merged with what it was) use the same rules and words.
 */
export function saleStockRules(input: SaleStockInput): { issues: Issue[]; take: StockTake | null } {
  const issues: Issue[] = [];
  if (input.take_off_count) {
    if (!input.animal_id)
      issues.push({ path: ['animal_id'], message: 'Choose the group the animals were sold from' });
    if (input.unit !== 'head')
      issues.push({ path: ['unit'], message: 'Animals taken off a count are sold by the head' });
    else if (!isWhole(input.quantity))
      issues.push({ path: ['quantity'], message: 'Enter a whole number of head' });
    if (input.stock_kind) {
      issues.push({
        path: ['stock_kind'],
        message: 'Animals sold off a count are not taken from store: choose "Not from store"',
      });
      return { issues, take: null };
    }
  }
  const kind = input.stock_kind;
  // An unknown kind is the schema's to refuse.
  if (!kind || !SALE_STOCK_KINDS.includes(kind)) return { issues, take: null };
  const crop_key = kind === 'harvest' ? (input.stock_crop_key ?? null) : null;
  if (kind === 'harvest' && !crop_key)
    issues.push({ path: ['stock_crop_key'], message: 'Choose the crop it was taken from' });
  const worked = stockQuantityOf(kind, input.unit, input.quantity);
  const said = input.stock_quantity ?? null;
  const what = kind === 'harvest' ? 'kg' : 'eggs';
  if (worked !== null && said !== null && milliOf(said) !== milliOf(worked))
    issues.push({
      path: ['stock_quantity'],
      message: `The ${what} come from the quantity for this unit; leave this empty`,
    });
  if (worked === null && said === null)
    issues.push({
      path: ['stock_quantity'],
      message: kind === 'harvest' ? 'Enter how many kg it took from store' : 'Enter how many eggs were sold',
    });
  const quantity = worked ?? said;
  if (kind === 'eggs' && quantity !== null && !isWhole(quantity))
    issues.push(
      worked === null
        ? { path: ['stock_quantity'], message: 'Enter a whole number of eggs' }
        : {
            path: ['quantity'],
            message: `Eggs are sold whole: ${input.quantity} ${input.unit === 'crate' ? 'crates' : 'pieces'} is ${quantity} eggs`,
          },
    );
  return { issues, take: issues.length === 0 && quantity !== null ? { kind, crop_key, quantity } : null };
}

/** What the farm holds to sell from: stored harvest by crop (kg, as decimal strings) and eggs in hand. */
export const SaleStockSchema = z.object({
  harvest: z.array(z.object({ crop_key: z.string(), crop_name: z.string(), kg: z.string() })),
  eggs: z.number().int(),
});
export type SaleStock = z.infer<typeof SaleStockSchema>;
