import { useTranslation } from 'react-i18next';
import type { SaleUnit } from '@gona/shared/finance';
import { formatNaira } from '@gona/shared/money';
import { dayMonthYear, formatDateTime } from '@/lib/format';

/** 1200.5 → "1,200.5". */
export function groupedQuantity(value: number): string {
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
 * The refund when less was delivered than ordered: the price of what was short, in whole kobo
 * half up, as the server works it out.
 */
export function shortRefundKobo(
  order: { unit_price_kobo: number; quantity: number },
  deliveredQuantity: number,
): number {
  const short = BigInt(Math.round(order.quantity * 1000) - Math.round(deliveredQuantity * 1000));
  if (!(deliveredQuantity > 0) || short <= 0n) return 0;
  return Number((BigInt(order.unit_price_kobo) * short + 500n) / 1000n);
}

/** "123456" → "123 456": easier to read out to a driver. */
export function spacedCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}
