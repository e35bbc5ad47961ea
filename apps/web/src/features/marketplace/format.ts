import { useTranslation } from 'react-i18next';
import type { SaleUnit } from '@gona/shared/finance';
import { shortRefundKobo as sharedShortRefundKobo } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { toMilli, type Quantity } from '@gona/shared/units';
import { dayMonthYear, formatDateTime } from '@/lib/format';
import { groupDigits } from '@/lib/quantity-text';

/** "1200.5" → "1,200.5": a quantity as the API answers it (a decimal string), shown exactly. */
export function groupedQuantity(value: Quantity): string {
  return groupDigits(value);
}

/**
 * The count a unit's word is chosen by ("1 bag", "2.5 bags"): only the plural form is picked from
 * it, nothing is worked out with it.
 */
export function pluralCount(quantity: Quantity): number {
  return Number(quantity);
}

/** The words a listing's prices and quantities are shown in. */
export function useListingText() {
  const { t } = useTranslation('marketplace');
  const unit = (value: SaleUnit, quantity: Quantity | 1 | 2 = 1) =>
    t(`units.${value}`, { count: typeof quantity === 'string' ? pluralCount(quantity) : quantity });
  return {
    unit,
    perUnit: (priceKobo: number, value: SaleUnit) =>
      t('card.perUnit', { price: formatNaira(priceKobo), unit: unit(value) }),
    perKg: (priceKobo: number) => t('card.perKg', { price: formatNaira(priceKobo) }),
    available: (quantity: Quantity, value: SaleUnit) =>
      t('card.available', { quantity: groupedQuantity(quantity), unit: unit(value, quantity) }),
  };
}

/** "Obio-Akpor, Rivers", or the state alone. */
export function placeOf(listing: { state: string | null; lga: string | null }): string {
  return [listing.lga, listing.state].filter(Boolean).join(', ');
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A day ("2026-11-28", or a moment's day in Lagos) as people read it: 28/11/2026. */
export function dayOf(value: string): string {
  return DATE_ONLY.test(value) ? dayMonthYear(value) : formatDateTime(value).slice(0, 10);
}

/** Whether a day (to its end, in Lagos) or a moment has gone by. */
export function hasPassed(value: string, now = Date.now()): boolean {
  const end = DATE_ONLY.test(value) ? `${value}T23:59:59.999+01:00` : value;
  return new Date(end).getTime() < now;
}

/**
 * The refund when less was delivered than ordered, as the server works it out (the shared
 * shortRefundKobo); 0 while what is typed is not a quantity above 0.
 */
export function shortRefundKobo(
  order: { unit_price_kobo: number; quantity: Quantity },
  delivered: Quantity,
): number {
  if (!((toMilli(delivered) ?? 0) > 0)) return 0;
  return sharedShortRefundKobo({ ...order, delivered_quantity: delivered });
}

/** "123456" → "123 456": easier to read out to a driver. */
export function spacedCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}
