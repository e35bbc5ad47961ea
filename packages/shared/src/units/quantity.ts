import { z } from 'zod';

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
 * Input schema for a quantity. Accepts a decimal string or a JSON number (forms send strings,
 * scripts often send numbers) and always yields the canonical decimal string. A refused value gets
 * the advice that fits it: 0 or more, at most 3 decimals, below the column's limit, or a number at all.
 */
export function quantitySchema(messages: { required: string; invalid: string }) {
  return z.union([z.string(), z.number()], { error: messages.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? numberToText(value) : value.trim().replace(/,/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    const milli = text === null ? null : toMilli(text);
    if (milli === null) {
      ctx.addIssue({ code: 'custom', message: adviceFor(text ?? String(value), messages.invalid) });
      return z.NEVER;
    }
    return fromMilli(milli);
  });
}

export const QUANTITY_ADVICE = {
  negative: 'Enter 0 or more',
  decimals: 'Use at most 3 decimals, e.g. 2.125',
  tooBig: 'Enter less than 100,000,000,000',
} as const;

/** Why a decimal was refused, in the words that say how to fix it. */
function adviceFor(text: string, otherwise: string): string {
  const number = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!number || (number[2] === '' && !number[3])) return otherwise;
  const [, minus, whole = '', fraction = ''] = number;
  if (minus) return QUANTITY_ADVICE.negative;
  if (whole.replace(/^0+/, '').length > 11) return QUANTITY_ADVICE.tooBig;
  if (fraction.length > QUANTITY_DECIMALS) return QUANTITY_ADVICE.decimals;
  return otherwise;
}

function numberToText(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // toFixed(4) exposes a fourth decimal, so 1.2345 is refused instead of silently rounded.
  return value.toFixed(4).replace(/0$/, '');
}
