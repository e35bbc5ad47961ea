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
  const text = String(input).replace(/[₦,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a naira amount: ${String(input)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return kobo(whole * 100 + fraction);
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

export const KoboSchema = z
  .number({ error: 'Enter an amount in naira, like 1250 or 1250.50' })
  .int('Enter an amount in naira, like 1250 or 1250.50')
  .nonnegative('Enter an amount of ₦0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'Enter a smaller amount');

/** An amount stored in an integer (int4) column: at most ₦21,474,836.47. */
export const Int4KoboSchema = KoboSchema.max(INT4_MAX, 'Enter at most ₦21,474,836.47');
