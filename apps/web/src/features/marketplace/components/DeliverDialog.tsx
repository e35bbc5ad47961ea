import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import { DELIVERY_CODE_LENGTH, DeliverOrderInputSchema, type Order } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { fromMilli, milliOf, toMilli } from '@gona/shared/units';
import { Button, Dialog, FormAlert, TextField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { groupedQuantity, shortRefundKobo, useListingText } from '../format';
import { useDeliverOrder } from '../orders-api';

type Props = { farmId: string; order: Order; onClose: () => void };

/**
 * The seller records a dispatched order as delivered: the code the buyer gives once the produce is
 * in their hands, and the quantity delivered (the ordered quantity unless weighing showed less; the
 * buyer is then refunded the difference, shown as it is typed). Sent once, with the version seen.
 */
export function DeliverDialog({ farmId, order, onClose }: Props) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const formId = useId();
  const deliver = useDeliverOrder(farmId);
  const sending = useRef(false);
  const form = useSchemaForm(
    { code: '', delivered_quantity: order.quantity },
    { failed: (message) => message, stale: t('orders.deliver.stale') },
  );
  // A decimal string, never a float: "2,5" (a decimal comma) reads as "2.5".
  const quantityText = form.values.delivered_quantity.trim().replace(/\s/g, '').replace(',', '.');
  const milli = toMilli(quantityText);
  const refund = milli === null ? 0 : shortRefundKobo(order, quantityText);
  const ordered = { quantity: groupedQuantity(order.quantity), unit: text.unit(order.unit, order.quantity) };

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const parsed = DeliverOrderInputSchema.safeParse({
      version: order.version,
      code: form.values.code,
      delivered_quantity: quantityText === '' ? undefined : quantityText,
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (found.code) found.code = t('orders.deliver.codeInvalid', { digits: DELIVERY_CODE_LENGTH });
    if (milli === null)
      found.delivered_quantity = /^\d*\.\d{4,}$/.test(quantityText)
        ? t('orders.panel.quantityDecimals')
        : t('orders.deliver.quantityRequired');
    else if (milli > milliOf(order.quantity))
      found.delivered_quantity = t('orders.deliver.quantityMax', ordered);
    if (!parsed.success || Object.keys(found).length > 0) {
      form.setErrors(found);
      return null;
    }
    const input = parsed.data;
    return async () => {
      sending.current = true;
      try {
        await deliver.mutateAsync({ orderId: order.id, input });
        toast.success(t('orders.sales.deliveryRecorded'));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  const shortMilli = milli === null ? 0 : milliOf(order.quantity) - milli;
  const short = fromMilli(Math.max(0, shortMilli));
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('orders.deliver.title')}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t('orders.deliver.submit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">{t('orders.deliver.intro', { name: order.buyer_name })}</p>
        <TextField
          label={t('orders.deliver.code')}
          hint={t('orders.deliver.codeHint', { digits: DELIVERY_CODE_LENGTH })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={DELIVERY_CODE_LENGTH + 2}
          className="text-xl tracking-widest tabular-nums"
          {...form.field('code')}
        />
        <TextField
          label={t('orders.deliver.quantity', { unit: text.unit(order.unit, 2) })}
          hint={t('orders.deliver.quantityHint')}
          inputMode="decimal"
          className="tabular-nums"
          {...form.field('delivered_quantity')}
        />
        <div role="status">
          {refund > 0 && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-stone-900">
              {t('orders.deliver.refund', {
                quantity: groupedQuantity(short),
                unit: text.unit(order.unit, short),
                amount: formatNaira(refund),
              })}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
