import { useTranslation } from 'react-i18next';
import type { SaleUnit } from '@gona/shared/finance';
import { formatNaira } from '@gona/shared/money';

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
