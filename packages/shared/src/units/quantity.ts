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

/**
 * The exact decimal string of a JSON number sent as a quantity (an older phone's queued write):
 * its shortest round-trip text, which for any decimal of at most 15 significant digits is the
 * decimal that was typed. Null when that text is not a quantity (negative, more than 3 decimals,
 * exponent notation), so "2.0000001" is refused instead of being rounded to "2".
 */
export function quantityFromNumber(value: number): Quantity | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return toMilli(text) === null ? null : text;
}

/** Milli-units of a quantity already checked (a parsed input, a numeric(14,3) column); throws otherwise. */
export function milliOf(quantity: Quantity | number): number {
  const text = typeof quantity === 'number' ? quantityFromNumber(quantity) : quantity;
  const milli = text === null ? null : toMilli(text);
  if (milli === null) throw new RangeError(`Not a quantity: ${String(quantity)}`);
  return milli;
}

/**
 * What `milli` thousandths of a unit cost at `priceKobo` a unit, in whole kobo, rounded half up
 * (0.5 kobo and above goes up): the one rule for an order's subtotal, a short delivery's refund and
 * a sale's amount. Exact for any price and quantity (the product is worked in BigInt).
 */
export function koboForQuantity(priceKobo: number, milli: number): number {
  if (!Number.isSafeInteger(priceKobo) || priceKobo < 0 || !Number.isSafeInteger(milli) || milli < 0)
    throw new RangeError(`koboForQuantity(${priceKobo}, ${milli}): whole, non-negative values only`);
  const kobo = (BigInt(priceKobo) * BigInt(milli) + 500n) / 1000n;
  return kobo > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(kobo);
}

/**
 * What one unit costs when `totalKobo` bought `milli` thousandths of units, in whole kobo, half up
 * (the price of a kg, the cost of a crate produced); null for no quantity. Exact (BigInt).
 */
export function koboPerUnit(totalKobo: number, milli: number): number | null {
  if (!Number.isSafeInteger(totalKobo) || totalKobo < 0 || !Number.isSafeInteger(milli) || milli < 0)
    throw new RangeError(`koboPerUnit(${totalKobo}, ${milli}): whole, non-negative values only`);
  if (milli === 0) return null;
  // totalKobo / (milli / 1000), half up: (2 × total × 1000 + milli) ÷ (2 × milli).
  return Number((BigInt(totalKobo) * 2000n + BigInt(milli)) / (2n * BigInt(milli)));
}

/** "12500.5" → "12,500.5": the whole digits grouped by thousands, the decimals exactly as given. */
export function groupQuantity(quantity: Quantity): string {
  return quantity.replace(/\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}
