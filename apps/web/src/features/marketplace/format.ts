import { useTranslation } from 'react-i18next';
import type { SaleUnit } from '@gona/shared/finance';
import { shortRefundKobo as sharedShortRefundKobo } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { quantityFromNumber, toMilli, type Quantity } from '@gona/shared/units';
import { dayMonthYear, formatDateTime } from '@/lib/format';
import { groupDigits } from '@/lib/quantity-text';

/** 1200.5 or "1200.5" → "1,200.5" (a decimal string is shown exactly as it is). */
export function groupedQuantity(value: number | Quantity): string {
  if (typeof value === 'string') return groupDigits(value);
  return value.toLocaleString('en-NG', { maximumFractionDigits: 3 });
}

/** The words a listing's prices and quantities are shown in. */
export function useListingText() {
  const { t } = useTranslation('marketplace');
  const unit = (value: SaleUnit, count = 1) => t(`units.${value}`, { count });
  return {
    unit,
    perUnit: (priceKobo: number, value: SaleUnit) =>
      t('card.perUnit', { price: formatNaira(priceKobo), unit: unit(value) }),
    perKg: (priceKobo: number) => t('card.perKg', { price: formatNaira(priceKobo) }),
    available: (quantity: number, value: SaleUnit) =>
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
  order: { unit_price_kobo: number; quantity: number },
  deliveredQuantity: Quantity | number,
): number {
  const delivered =
    typeof deliveredQuantity === 'number' ? quantityFromNumber(deliveredQuantity) : deliveredQuantity;
  if (delivered === null || !((toMilli(delivered) ?? 0) > 0)) return 0;
  return sharedShortRefundKobo({ ...order, delivered_quantity: delivered });
}

/** "123456" → "123 456": easier to read out to a driver. */
export function spacedCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}
