import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatePaymentInputSchema, PAYMENT_METHODS, type Sale } from '@gona/shared/finance';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatNaira, koboInput, nairaText } from '../format';
import { useRecordPayment } from '../mutations';

type Props = { farmId: string; sale: Sale; onClose: () => void };

/** Money received for a sale on credit; the amount starts at what the buyer still owes. */
export function PaymentDialog({ farmId, sale, onClose }: Props) {
  const { t } = useTranslation('money');
  const record = useRecordPayment();
  const id = useRef(newClientId());
  const form = useSchemaForm(
    { date: todayOnFarm(), amount: nairaText(sale.balance_kobo), method: 'cash' },
    { failed: (message) => t('paymentForm.failed', { message }) },
  );
  const onSubmit = form.submit(
    CreatePaymentInputSchema,
    async (input) => {
      const saved = await submitOrQueue(record, {
        ...input,
        id: id.current,
        farmId,
        saleId: sale.id,
        product: sale.product,
      });
      if (saved === QUEUED) toast(t('paymentForm.queued'));
      else toast.success(t('paymentForm.saved', { amount: formatNaira(input.amount_kobo) }));
      onClose();
    },
    (v) => ({ date: v.date, amount_kobo: koboInput(v.amount), method: v.method }),
  );
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('paymentForm.title', { product: sale.product })}
      footer={
        <Button type="submit" form="payment-form" fullWidth loading={form.pending}>
          {t('paymentForm.save')}
        </Button>
      }
    >
      <form id="payment-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="text-base text-stone-700">
          {t('paymentForm.owes', { amount: formatNaira(sale.balance_kobo) })}
        </p>
        <TextField label={t('paymentForm.date')} type="date" {...form.field('date')} />
        <TextField
          label={t('paymentForm.amount')}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('amount', 'amount_kobo')}
        />
        <SelectField
          label={t('paymentForm.method')}
          {...form.field('method')}
          options={optionsOf(PAYMENT_METHODS, (method) => t(`methods.${method}`))}
        />
      </form>
    </Dialog>
  );
}
