import { z } from 'zod';
import { fromMilli, QUANTITY_DECIMALS, toMilli } from './quantity';

// Apart from quantity.ts so that the arithmetic loads without zod (a screen's first load).

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
  // The number's shortest round-trip text is the decimal that was typed (up to 15 significant
  // digits), so 2.0000001 is refused as too fine instead of being rounded to 2 (decision 058).
  return Number.isFinite(value) ? String(value) : null;
}

/**
 * A quantity above 0 and at most `max` (a decimal string): an amount sold, ordered, delivered or
 * listed. Same input and output as quantitySchema.
 */
export function positiveQuantitySchema(messages: {
  required: string;
  invalid: string;
  max: { quantity: string; message: string };
  /** Said for 0; "Enter a quantity above 0" unless given. */
  positive?: string;
}) {
  const maxMilli = toMilli(messages.max.quantity) ?? 0;
  return quantitySchema(messages)
    .refine((quantity) => (toMilli(quantity) ?? 0) > 0, messages.positive ?? 'Enter a quantity above 0')
    .refine((quantity) => (toMilli(quantity) ?? 0) <= maxMilli, messages.max.message);
}

/**
 * A quantity in what the API answers: the canonical decimal string of its numeric(14,3) column
 * ("12.5", "0", "0.125"), never a JSON number, so no reader turns it into a float (decisions 009, 064).
 * Screens work on it with the milli helpers and show it with its digits grouped.
 */
export const quantityTextSchema = z.string().meta({
  description: 'An exact decimal string with at most 3 decimals, as stored ("12.5", "0")',
  examples: ['12.5'],
});
