import { INT4_MAX } from '../limits/index';
import { UNITS, type Unit } from './units';
import { fromMilli, MAX_QUANTITY, toMilli, type Quantity } from './quantity';

/**
 * A unit change with a known exact factor. `perOld` is how many of the new unit one old unit makes
 * (1 bag_50kg → 50 kg; 1 kg → 1/50 bag_50kg), kept as a reduced fraction so nothing is lost to floats.
 */
export type UnitConversion = {
  from: Unit;
  to: Unit;
  perOld: { numerator: bigint; denominator: bigint };
};

export type Converted<T> = { ok: true; value: T; rounded: boolean } | { ok: false; reason: 'too_large' };

/** The units a stock counted in `from` can change to without losing what its stock means. */
export function convertibleUnits(from: Unit): Unit[] {
  return UNITS.filter((to) => to !== from && unitConversion(from, to) !== null);
}

/** The exact factor between two units of the same measure, or null when none is known. */
export function unitConversion(from: Unit, to: Unit): UnitConversion | null {
  const old = UNIT_SIZES[from];
  const next = UNIT_SIZES[to];
  if (!old || !next || old.measure !== next.measure) return null;
  const divisor = gcd(old.size, next.size);
  return { from, to, perOld: { numerator: old.size / divisor, denominator: next.size / divisor } };
}

/** "1/50" or "1000": new units per old unit, as the audit log records it. */
export function factorText({ perOld }: UnitConversion): string {
  return perOld.denominator === 1n ? String(perOld.numerator) : `${perOld.numerator}/${perOld.denominator}`;
}

/**
 * A quantity in the new unit. Exact when the result fits three decimals; otherwise rounded half up to
 * the nearest 0.001 (and `rounded` says so). Refused when it would not fit the numeric(14,3) column.
 */
export function convertQuantity(quantity: Quantity, conversion: UnitConversion): Converted<Quantity> {
  const { numerator, denominator } = conversion.perOld;
  const { value, rounded } = divideHalfUp(BigInt(milli(quantity)) * numerator, denominator);
  if (value > MAX_MILLI) return { ok: false, reason: 'too_large' };
  return { ok: true, value: fromMilli(Number(value)), rounded };
}

/** A cost per old unit as a cost per new unit, rounded half up to whole kobo; refused above the int4 column. */
export function convertUnitCost(kobo: number, conversion: UnitConversion): Converted<number> {
  const { numerator, denominator } = conversion.perOld;
  const { value, rounded } = divideHalfUp(BigInt(kobo) * denominator, numerator);
  if (value > BigInt(INT4_MAX)) return { ok: false, reason: 'too_large' };
  return { ok: true, value: Number(value), rounded };
}

/**
 * A history row in the new unit. The running total is converted, and the change is the difference
 * between the converted total and the converted total before it (`quantity_after - quantity`), so
 * the rows still add up to each other and to the stock even where rounding was needed.
 */
export function convertMovement(
  movement: { quantity: Quantity; quantity_after: Quantity },
  conversion: UnitConversion,
): Converted<{ quantity: Quantity; quantity_after: Quantity }> {
  const after = convertQuantity(movement.quantity_after, conversion);
  const before = convertQuantity(
    fromMilli(milli(movement.quantity_after) - milli(movement.quantity)),
    conversion,
  );
  if (!after.ok || !before.ok) return { ok: false, reason: 'too_large' };
  return {
    ok: true,
    value: { quantity: fromMilli(milli(after.value) - milli(before.value)), quantity_after: after.value },
    rounded: after.rounded || before.rounded,
  };
}

/** Grams or millilitres in one unit. Units without a known weight or volume convert to nothing. */
const UNIT_SIZES: Partial<Record<Unit, { measure: 'mass' | 'volume'; size: bigint }>> = {
  g: { measure: 'mass', size: 1n },
  kg: { measure: 'mass', size: 1_000n },
  t: { measure: 'mass', size: 1_000_000n },
  bag_25kg: { measure: 'mass', size: 25_000n },
  bag_50kg: { measure: 'mass', size: 50_000n },
  bag_100kg: { measure: 'mass', size: 100_000n },
  ml: { measure: 'volume', size: 1n },
  litre: { measure: 'volume', size: 1_000n },
};

const MAX_MILLI = BigInt(milli(MAX_QUANTITY));

/** Signed milli-units of a quantity ("-2.5" → -2500). */
function milli(quantity: Quantity): number {
  const negative = quantity.startsWith('-');
  const abs = toMilli(negative ? quantity.slice(1) : quantity);
  if (abs === null) throw new RangeError(`Not a quantity: ${quantity}`);
  return negative ? -abs : abs;
}

/** dividend / divisor for a non-negative dividend, halves rounded up. */
function divideHalfUp(dividend: bigint, divisor: bigint): { value: bigint; rounded: boolean } {
  return { value: (2n * dividend + divisor) / (2n * divisor), rounded: dividend % divisor !== 0n };
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}
