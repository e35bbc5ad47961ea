import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { retryVariables, type ReceiptExpenseVariables, type RecordMovementVariables } from '../mutations';
import { useQuantityText } from '@/lib/quantity-text';

/**
 * An inventory change the server refused when it was sent from the queue: "Use of 4 bags (50 kg)
 * of NPK 15:15:15 was not saved: Not enough stock …", with Try again (an edit against the record as
 * it is now) and Discard.
 */
export function RefusedChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const kind = String(item.mutationKey[1]);
  const what = () => {
    if (kind === 'record-movement') {
      const movement = item.variables as RecordMovementVariables;
      return t(`attention.${movement.kind}`, {
        quantity: quantityText(movement.quantity, movement.unit),
        name: movement.supplyName,
      });
    }
    if (kind === 'record-receipt-expense') {
      const expense = item.variables as ReceiptExpenseVariables;
      return t('attention.record-receipt-expense', {
        amount: formatNaira(expense.amount_kobo),
        quantity: quantityText(expense.quantity, expense.unit),
        name: expense.supplyName,
      });
    }
    return t(`attention.${kind}`, { name: (item.variables as { name?: string }).name ?? '' });
  };
  return <RefusedChangeCard item={item} what={what()} retryVariables={retryVariables} />;
}
