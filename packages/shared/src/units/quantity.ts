/**
 * Stock quantities travel as decimal strings ("12.5", "0", "3.125") with at most three decimals,
 * exactly as PostgreSQL's numeric(14,3) stores them. Arithmetic on them happens in integer
 * milli-units (1 unit = 1000 milli-units) so that 0.1 + 0.2 is 0.3 and never 0.30000000000000004.
 */
export type Quantity = string;

export const QUANTITY_DECIMALS = 3;
/** numeric(14,3): eleven digits before the point. */
export const MAX_QUANTITY = '99999999999.999';

const DECIMAL = /^(\d{1,11})(?:\.(\d{1,3}))?$/;
const MILLI = 1000;

/** Parses a quantity into milli-units, or null when it is not a non-negative decimal with ≤ 3 decimals. */
export function toMilli(quantity: Quantity): number | null {
  const match = DECIMAL.exec(quantity.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(QUANTITY_DECIMALS, '0'));
  return whole * MILLI + fraction;
}

/** Writes milli-units back as the shortest decimal string ("12.5", "-3", "0.125"). */
export function fromMilli(milli: number): Quantity {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const whole = Math.floor(abs / MILLI);
  const fraction = String(abs % MILLI)
    .padStart(QUANTITY_DECIMALS, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Canonical form of a stored quantity: "12.500" from the database becomes "12.5". */
export function normalizeQuantity(quantity: Quantity): Quantity {
  const milli = toMilli(quantity.replace(/^-/, ''));
  if (milli === null) throw new RangeError(`Not a quantity: ${quantity}`);
  return fromMilli(quantity.startsWith('-') ? -milli : milli);
}
