import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethod } from '@gona/shared/finance';
import { EXPENSE_CATEGORY_OF_SUPPLY } from '@gona/shared/inventory';
import { formatNaira } from '@gona/shared/money';
import { Button, FormAlert, optionsOf, SelectField } from '@/components/ui';
import { dayMonthYear } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useQuantityText } from '@/lib/quantity-text';
import { useRecordReceiptExpense } from '../mutations';
import type { ReceiptOffer } from '../receipt-expense';

type Props = { farmId: string; offer: ReceiptOffer; onClose: () => void };

/**
 * "Record ₦76,000 as an expense?" after stock came in with a unit cost, or from a receipt in the
 * history: one tap records it for the whole farm, under the supply's kind of expense, paid to its
 * supplier on the day it came in, in cash unless the farmer picks another way. A card at the foot
 * of the screen, not a dialog: the farmer may carry on and leave it (Not now, or Escape); the
 * receipt can still be recorded later from its history.
 */
export function ReceiptExpenseOffer({ farmId, offer, onClose }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const errorText = useErrorText();
  const record = useRecordReceiptExpense();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // Made once, so a retry or a queued replay records this expense once.
  const expenseId = useRef(newClientId());
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [alert, setAlert] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | undefined>();
  const { supply } = offer;
  const amount = formatNaira(offer.amountKobo);
  const quantity = quantityText(offer.quantity, supply.unit);
  const category = EXPENSE_CATEGORY_OF_SUPPLY[supply.category];

  useEffect(() => title.current?.focus(), []);

  async function onRecord() {
    setAlert(null);
    setMethodError(undefined);
    try {
      const result = await submitOrQueue(record, {
        farmId,
        id: expenseId.current,
        movementId: offer.movementId,
        supplyId: supply.id,
        supplyName: supply.name,
        quantity: offer.quantity,
        unit: supply.unit,
        date: offer.date,
        category,
        amount_kobo: offer.amountKobo,
        description: t('receiptExpense.description', { quantity, name: supply.name }),
        supplier_id: supply.supplier_id,
        payment_method: method,
      });
      if (result === QUEUED) toast(t('receiptExpense.queued'));
      else if (result.already) toast(t('receiptExpense.already'));
      else toast.success(t('receiptExpense.done', { amount }));
      onClose();
    } catch (error) {
      // Only the way it was paid is the farmer's to change here; anything else the server says is
      // about the receipt itself (its supply deleted meanwhile), so it is said as a whole.
      const { payment_method: methodIssue, ...others } = error instanceof ApiError ? error.fields : {};
      setMethodError(methodIssue);
      const message = Object.values(others)[0] ?? (methodIssue ? null : errorText(error));
      setAlert(message ? t('receiptExpense.failed', { message }) : null);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 sm:p-0"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="flex flex-col gap-3 rounded-xl border border-stone-300 bg-white p-4 shadow-lg">
        <h2
          id={titleId}
          ref={title}
          tabIndex={-1}
          className="text-lg font-semibold text-stone-900 tabular-nums focus:outline-none"
        >
          {t('receiptExpense.title', { amount })}
        </h2>
        <div className="text-sm text-stone-700">
          <p className="wrap-anywhere">
            {t('receiptExpense.what', { quantity, name: supply.name, date: dayMonthYear(offer.date) })}
          </p>
          <p className="wrap-anywhere">
            {supply.supplier_name
              ? t('receiptExpense.paidTo', {
                  category: t(`receiptExpense.categories.${category}`),
                  supplier: supply.supplier_name,
                })
              : t('receiptExpense.noSupplier', { category: t(`receiptExpense.categories.${category}`) })}
          </p>
        </div>
        <FormAlert>{alert}</FormAlert>
        <SelectField
          label={t('receiptExpense.method')}
          value={method}
          error={methodError}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          options={optionsOf(PAYMENT_METHODS, (option) => t(`receiptExpense.methods.${option}`))}
        />
        <div className="flex flex-wrap gap-2">
          <Button loading={record.isPending} onClick={() => void onRecord()} className="grow">
            {t('receiptExpense.record')}
          </Button>
          <Button variant="secondary" onClick={onClose} className="grow">
            {t('receiptExpense.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}
