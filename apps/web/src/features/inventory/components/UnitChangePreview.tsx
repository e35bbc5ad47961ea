import { useTranslation } from 'react-i18next';
import { SUPPLY_UNITS, type Supply, type SupplyUnit } from '@gona/shared/inventory';
import { convertQuantity, convertUnitCost, fromMilli, toMilli, unitConversion } from '@gona/shared/units';
import { formatNaira, nairaToKobo } from '@gona/shared/money';
import { useQuantityText } from '@/lib/quantity-text';

type Props = {
  supply: Supply;
  /** The unit chosen in the form, and the level and cost as typed there (in the supply's current unit). */
  unit: string;
  lowThreshold: string;
  unitCost: string;
};

/**
 * What saving a new unit does to a supply with stock history, shown before saving. It converts with
 * the same shared rules as the server, so what it says is what the save does.
 */
export function UnitChangePreview({ supply, unit, lowThreshold, unitCost }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const to = SUPPLY_UNITS.find((known) => known === unit);
  const conversion = to && to !== supply.unit ? unitConversion(supply.unit, to) : null;
  if (!to || !conversion) return null;

  const perUnit = (one: SupplyUnit) => t(`common:units.${one}`, { count: 1 });
  const stock = convertQuantity(supply.quantity, conversion);
  const level = quantityOrNull(lowThreshold);
  const newLevel = level === null ? null : convertQuantity(level, conversion);
  const cost = koboOrNull(unitCost);
  const newCost = cost === null ? null : convertUnitCost(cost, conversion);
  if (!stock.ok || newLevel?.ok === false || newCost?.ok === false) {
    return <p className="text-sm text-red-700">{t('unitChange.tooLarge', { unit: perUnit(supply.unit) })}</p>;
  }

  const sentences = [
    level !== null && newLevel?.ok
      ? t('unitChange.stockAndLevel', {
          stock: quantityText(supply.quantity, supply.unit),
          newStock: quantityText(stock.value, to),
          level: quantityText(level, supply.unit),
          newLevel: quantityText(newLevel.value, to),
        })
      : t('unitChange.stock', {
          stock: quantityText(supply.quantity, supply.unit),
          newStock: quantityText(stock.value, to),
        }),
    cost !== null &&
      newCost?.ok &&
      t('unitChange.cost', {
        cost: formatNaira(cost),
        unit: perUnit(supply.unit),
        newCost: formatNaira(newCost.value),
        newUnit: perUnit(to),
      }),
    t('unitChange.history'),
    (stock.rounded || newLevel?.rounded || newCost?.rounded) && t('unitChange.rounded'),
  ];
  return (
    <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-stone-800">
      {sentences.filter(Boolean).join(' ')}
    </p>
  );
}

function quantityOrNull(text: string): string | null {
  const milli = toMilli(text.replace(/,/g, ''));
  return milli === null ? null : fromMilli(milli);
}

function koboOrNull(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return nairaToKobo(text);
  } catch {
    return null;
  }
}
