import { formatDecimal, formatMoney, isLanguage, type Language } from '@gona/shared/languages';
import { i18n } from '@/i18n';

/**
 * Money and numbers in the language the screens are shown in, through the one formatting helper
 * (`@gona/shared/languages`, decision 069): French writes 1 250 000 ₦, every other language ₦1,250,000.
 * The pseudo-locale formats as English. Read at render time, so a screen that re-renders on a change
 * of language (every screen with useTranslation) shows the new patterns.
 */
export function shownLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Kobo as naira in the shown language; kobo only when non-zero. */
export function moneyText(amount: number): string {
  return formatMoney(amount, shownLanguage());
}

/** An exact decimal string or a whole number with the shown language's separators; never rounded. */
export function decimalText(value: string | number): string {
  return formatDecimal(value, shownLanguage());
}
