import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MarkExpensePaidInputSchema, PAYMENT_METHODS, type Owed } from '@gona/shared/finance';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatNaira } from '../format';
import { moneyKeys } from '../keys';
import { useMarkExpensePaid } from '../mutations';

/** An unpaid expense as what the farm owes lists it, with whom it is owed to. */
export type UnpaidExpense = Owed['creditors'][number]['unpaid'][number] & { creditor: string };

type Props = { farmId: string; expense: UnpaidExpense; onClose: () => void };

/** Money the farm owed, paid: on which day (today unless changed) and how. */
export function MarkPaidDialog({ farmId, expense, onClose }: Props) {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const mark = useMarkExpensePaid();
  const form = useSchemaForm(
    { paid_on: todayOnFarm(), payment_method: expense.payment_method },
    {
      failed: (message) => t('markPaid.failed', { message }),
      stale: t('markPaid.stale'),
    },
  );
  const onSubmit = form.submit(
    MarkExpensePaidInputSchema,
    async (input) => {
      try {
        const saved = await submitOrQueue(mark, {
          ...input,
          farmId,
          expenseId: expense.id,
          amount_kobo: expense.amount_kobo,
        });
        if (saved === QUEUED) toast(t('markPaid.queued'));
        else
          toast.success(
            t('markPaid.saved', { amount: formatNaira(expense.amount_kobo), name: expense.creditor }),
          );
        onClose();
      } finally {
        // A refusal (someone paid it first) shows what the farm owes now.
        void queryClient.invalidateQueries({ queryKey: moneyKeys.owed(farmId) });
      }
    },
    (v) => ({ ...v, version: expense.version }),
  );
  const what = expense.description ?? t(`categories.${expense.category}`);
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('markPaid.title', { what })}
      footer={
        <Button type="submit" form="mark-paid-form" fullWidth loading={form.pending}>
          {t('markPaid.save')}
        </Button>
      }
    >
      <form id="mark-paid-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="text-base text-stone-700">
          {t('markPaid.owes', { amount: formatNaira(expense.amount_kobo), name: expense.creditor })}
        </p>
        <TextField label={t('markPaid.date')} type="date" {...form.field('paid_on')} />
        <SelectField
          label={t('markPaid.method')}
          {...form.field('payment_method')}
          options={optionsOf(PAYMENT_METHODS, (method) => t(`methods.${method}`))}
        />
      </form>
    </Dialog>
  );
}
