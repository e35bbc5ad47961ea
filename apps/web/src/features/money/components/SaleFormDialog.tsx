import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateSaleInputSchema, PAYMENT_METHODS, SALE_UNITS } from '@gona/shared/finance';
import { Button, Dialog, FormAlert, SelectField, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { enterpriseIds } from '../api';
import { formatNaira, koboInput, nairaText, numberInput } from '../format';
import { useCreateSale } from '../mutations';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = { farmId: string; onClose: () => void };

/**
 * A sale as it happens at the farm gate or the market: what, how much, the price, and whether the
 * buyer paid all, part or nothing yet (a credit sale, with the day the rest is due).
 */
export function SaleFormDialog({ farmId, onClose }: Props) {
  const { t } = useTranslation('money');
  const create = useCreateSale();
  const id = useRef(newClientId());
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      product: '',
      quantity: '',
      unit: 'kg',
      price: '',
      amount: '',
      buyer_name: '',
      buyer_phone: '',
      paid: 'all',
      paid_amount: '',
      due_date: '',
      payment_method: 'cash',
      enterprise: '',
    },
    { failed: (message) => t('saleForm.failed', { message }) },
  );
  const { values } = form;
  // The amount follows quantity × price until the farmer types one of their own.
  const worked = workedOutAmount(values.quantity, values.price);
  const amountShown = values.amount !== '' || worked === null ? values.amount : nairaText(worked);

  const onSubmit = form.submit(
    CreateSaleInputSchema,
    async (input) => {
      const saved = await submitOrQueue(create, { ...input, id: id.current, farmId });
      if (saved === QUEUED) toast(t('saleForm.queued'));
      else toast.success(t('saleForm.saved', { amount: formatNaira(saved.amount_kobo) }));
      onClose();
    },
    (v) => ({
      date: v.date,
      product: v.product,
      quantity: numberInput(v.quantity),
      unit: v.unit,
      unit_price_kobo: v.price.trim() === '' ? null : koboInput(v.price),
      amount_kobo: koboInput(amountShown),
      buyer_name: v.buyer_name,
      buyer_phone: v.buyer_phone,
      paid_kobo: v.paid === 'all' ? undefined : v.paid === 'none' ? 0 : (koboInput(v.paid_amount) ?? 0),
      due_date: v.paid === 'all' || v.due_date === '' ? null : v.due_date,
      payment_method: v.payment_method,
      ...enterpriseIds(v.enterprise),
    }),
  );

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('saleForm.title')}
      footer={
        <Button type="submit" form="sale-form" fullWidth loading={form.pending}>
          {t('saleForm.save')}
        </Button>
      }
    >
      <form id="sale-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <TextField label={t('saleForm.date')} type="date" {...form.field('date')} />
        <TextField
          label={t('saleForm.product')}
          hint={t('saleForm.productHint')}
          autoComplete="off"
          {...form.field('product')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('saleForm.quantity')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('quantity')}
          />
          <SelectField label={t('saleForm.unit')} {...form.field('unit')}>
            {SALE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`units.${unit}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('saleForm.price')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('price', 'unit_price_kobo')}
          />
          <TextField
            label={t('saleForm.amount')}
            inputMode="decimal"
            autoComplete="off"
            name="amount"
            value={amountShown}
            error={form.errors.amount_kobo}
            onChange={(e) => form.setField('amount', e.target.value)}
          />
        </div>
        <EnterpriseSelect
          farmId={farmId}
          label={t('saleForm.for')}
          value={values.enterprise}
          error={form.errors.crop_id ?? form.errors.animal_id}
          onChange={(value) => form.setField('enterprise', value)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label={t('saleForm.buyer')} autoComplete="off" {...form.field('buyer_name')} />
          <TextField
            label={t('saleForm.buyerPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.field('buyer_phone')}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('saleForm.paid')}</legend>
          {(['all', 'part', 'none'] as const).map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-3 text-base">
              <input
                type="radio"
                name="paid"
                value={choice}
                checked={values.paid === choice}
                onChange={() => form.setField('paid', choice)}
                className="size-5 accent-green-700"
              />
              {t(`saleForm.paid${choice === 'all' ? 'All' : choice === 'part' ? 'Part' : 'None'}`)}
            </label>
          ))}
        </fieldset>
        {values.paid === 'part' && (
          <TextField
            label={t('saleForm.paidAmount')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('paid_amount', 'paid_kobo')}
          />
        )}
        {values.paid !== 'all' && (
          <TextField label={t('saleForm.dueDate')} type="date" {...form.field('due_date')} />
        )}
        {values.paid !== 'none' && (
          <SelectField label={t('saleForm.method')} {...form.field('payment_method')}>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`methods.${method}`)}
              </option>
            ))}
          </SelectField>
        )}
      </form>
    </Dialog>
  );
}

/** Quantity × price in kobo, when both are typed as numbers; rounded to the kobo. */
function workedOutAmount(quantity: string, price: string): number | null {
  const q = numberInput(quantity);
  const p = koboInput(price);
  if (typeof q !== 'number' || typeof p !== 'number') return null;
  return Math.round(q * p);
}
