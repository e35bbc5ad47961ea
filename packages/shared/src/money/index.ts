import { z } from 'zod';
import { INT4_MAX } from '../fields/index';

declare const koboBrand: unique symbol;
/** An amount of naira in kobo (1 naira = 100 kobo). Always an integer. */
export type Kobo = number & { readonly [koboBrand]: true };

export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Kobo must be a whole number, got ${value}`);
  return value as Kobo;
}

/** Parses a naira amount typed by a person ("1,250.50") into kobo without floating-point drift. */
export function nairaToKobo(input: string | number): Kobo {
  const amount = koboOf(String(input));
  if (amount === null) throw new RangeError(`Not a naira amount: ${String(input)}`);
  return kobo(amount);
}

/** ₦1,250,000 — kobo shown only when non-zero. */
export function formatNaira(amount: Kobo | number): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const text = `₦${naira.toLocaleString('en-NG')}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
  return negative ? `-${text}` : text;
}

/** Kobo as the naira a form field shows ("45000", 150050 → "1500.50"): integer arithmetic, no float. */
export function nairaText(amount: Kobo | number): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const rest = abs % 100;
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

const NAIRA_ADVICE = 'Enter an amount in naira, like 1250 or 1250.50';
const INT4_NAIRA_ADVICE = 'Enter at most ₦21,474,836.47';

export const KoboSchema = z
  .number({ error: NAIRA_ADVICE })
  .int(NAIRA_ADVICE)
  .nonnegative('Enter an amount of ₦0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'Enter a smaller amount');

/** An amount stored in an integer (int4) column: at most ₦21,474,836.47. */
export const Int4KoboSchema = KoboSchema.max(INT4_MAX, INT4_NAIRA_ADVICE);

/**
 * A naira amount typed in a form ("1,500", "₦1500.50") as kobo for an int4 column; blank is none
 * (null). Refused with advice: not an amount, or more than the column holds.
 */
export const NairaInputSchema = z.string({ error: NAIRA_ADVICE }).transform((text, ctx) => {
  if (text.trim() === '') return null;
  const amount = koboOf(text);
  if (amount === null || amount > INT4_MAX) {
    ctx.addIssue({ code: 'custom', message: amount === null ? NAIRA_ADVICE : INT4_NAIRA_ADVICE });
    return z.NEVER;
  }
  return kobo(amount);
});

/** Kobo in a naira amount ("₦1,250.50" → 125050), or null when it is not one; may exceed any column. */
function koboOf(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[₦,\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
