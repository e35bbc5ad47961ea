import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateExpenseInputSchema,
  EXPENSE_CATEGORIES,
  PAYMENT_METHODS,
  RECEIPTS_MAX,
} from '@gona/shared/finance';
import { Button, Dialog, FormAlert, SelectField, TextField } from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { enterpriseIds } from '../api';
import { formatNaira, koboInput } from '../format';
import { useCreateExpense } from '../mutations';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = { farmId: string; onClose: () => void };

/** An expense as a farmer writes it down after paying: day, what for, how much, to whom, and a receipt photo. */
export function ExpenseFormDialog({ farmId, onClose }: Props) {
  const { t } = useTranslation('money');
  const create = useCreateExpense();
  const id = useRef(newClientId());
  const receipts = usePhotoField({ farmId, kind: 'receipt', max: RECEIPTS_MAX });
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      category: '',
      amount: '',
      description: '',
      paid_to: '',
      payment_method: 'cash',
      enterprise: '',
    },
    { failed: (message) => t('expenseForm.failed', { message }) },
  );

  const onSubmit = form.submit(
    CreateExpenseInputSchema,
    async (input) => {
      const saved = await submitOrQueue(create, { ...input, id: id.current, farmId });
      if (saved === QUEUED) toast(t('expenseForm.queued'));
      else toast.success(t('expenseForm.saved', { amount: formatNaira(saved.amount_kobo) }));
      onClose();
    },
    (v) => ({
      date: v.date,
      category: v.category || undefined,
      amount_kobo: koboInput(v.amount),
      description: v.description,
      paid_to: v.paid_to,
      payment_method: v.payment_method,
      ...(v.enterprise ? { allocations: [enterpriseIds(v.enterprise)] } : {}),
      ...(receipts.ids.length > 0 ? { receipt_ids: receipts.ids } : {}),
    }),
  );

  return (
    <Dialog
      open
      dirty={form.dirty || receipts.ids.length > 0}
      onClose={onClose}
      title={t('expenseForm.title')}
      footer={
        <Button type="submit" form="expense-form" fullWidth loading={form.pending}>
          {t('expenseForm.save')}
        </Button>
      }
    >
      <form id="expense-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <div className="grid grid-cols-2 gap-4">
          <TextField label={t('expenseForm.date')} type="date" {...form.field('date')} />
          <TextField
            label={t('expenseForm.amount')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('amount', 'amount_kobo')}
          />
        </div>
        <SelectField label={t('expenseForm.category')} {...form.field('category')}>
          <option value="">{t('expenseForm.chooseCategory')}</option>
          {EXPENSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('expenseForm.description')}
          hint={t('expenseForm.descriptionHint')}
          autoComplete="off"
          {...form.field('description')}
        />
        <EnterpriseSelect
          farmId={farmId}
          label={t('expenseForm.for')}
          value={form.values.enterprise}
          error={form.errors['allocations.0'] ?? form.errors.allocations}
          onChange={(value) => form.setField('enterprise', value)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label={t('expenseForm.paidTo')} autoComplete="off" {...form.field('paid_to')} />
          <SelectField label={t('expenseForm.method')} {...form.field('payment_method')}>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`methods.${method}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <PhotoPicker
          label={t('expenseForm.receipt')}
          hint={t('expenseForm.receiptHint')}
          photos={receipts.photos}
          max={RECEIPTS_MAX}
          error={receipts.error ?? form.errors.receipt_ids}
          onAdd={(files) => void receipts.add(files)}
          onRemove={receipts.remove}
        />
      </form>
    </Dialog>
  );
}
