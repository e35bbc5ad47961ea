import { nairaText } from '@gona/shared/money';
import { moneyText } from '@/lib/language-format';

/**
 * Naira typed in a form ("45,000", "₦1500.50") as kobo for the shared schema; the text itself when
 * it is not an amount (the schema then says how to write one), undefined when blank.
 */
export function koboInput(text: string): number | string | undefined {
  const plain = text.replace(/[₦,\s]/g, '');
  if (plain === '') return undefined;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return text;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A count typed in a form (people, a percent) as a number for the schema; the text when it is not one. */
export function numberInput(text: string): number | string | undefined {
  const plain = text.replace(/[,\s]/g, '');
  if (plain === '') return undefined;
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** Kobo as naira in the language the screens are shown in (₦1,250,000; French 1 250 000 ₦). */
export const formatNaira = moneyText;

export { nairaText };
