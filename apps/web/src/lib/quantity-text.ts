import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplyUnit } from '@gona/shared/inventory';

/** "12500.5" → "12,500.5": thousands grouped, decimals kept exactly as stored (no float rounding). */
export function groupDigits(quantity: string): string {
  const negative = quantity.startsWith('-');
  const [whole = '0', fraction] = quantity.replace(/^[-+]/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A quantity typed in a form, as the decimal string the shared quantity schema reads ("1,250.5" →
 * "1250.5"): never a float. The schema says how to fix anything else. Undefined when blank.
 */
export function quantityInput(text: string): string | undefined {
  const plain = text.replace(/[,\s]/g, '');
  return plain === '' ? undefined : plain;
}

/** Quantities always carry their unit: "12 bags (50 kg)", "1 crate (30)", "2.5 litres". */
export function useQuantityText() {
  const { t } = useTranslation('common');
  return useCallback(
    (quantity: string, unit: SupplyUnit) =>
      t('quantity', {
        quantity: groupDigits(quantity),
        unit: t(`units.${unit}`, { count: Math.abs(Number(quantity)) }),
      }),
    [t],
  );
}
