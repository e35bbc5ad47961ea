import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatePayRunInputSchema, PAY_RUN_MAX_DAYS } from '@gona/shared/finance';
import { Button, Dialog, FormAlert, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { newClientId } from '@/lib/ids';
import { useSchemaForm } from '@/lib/use-schema-form';
import { defaultPayPeriod } from '../wages-dates';
import { isOffline, useCreatePayRun } from '../wages-api';

type Props = { farmId: string; onClose: () => void; onCreated: (runId: string) => void };

/** The days a pay run covers; the server works out each person's pay for them. */
export function NewPayRunDialog({ farmId, onClose, onCreated }: Props) {
  const { t } = useTranslation('money');
  const create = useCreatePayRun(farmId);
  const id = useRef(newClientId());
  const [offline, setOffline] = useState(false);
  const form = useSchemaForm(
    () => {
      const period = defaultPayPeriod(todayOnFarm());
      return { period_start: period.from, period_end: period.to };
    },
    { failed: (message) => t('wages.newRun.failed', { message }) },
  );
  const onSubmit = form.submit(CreatePayRunInputSchema, async (input) => {
    setOffline(false);
    try {
      const run = await create.mutateAsync({ ...input, id: id.current });
      onCreated(run.id);
    } catch (error) {
      if (isOffline(error)) setOffline(true);
      // An overlapping run, or nobody to pay in these days: said beside the days, not above them.
      else if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        form.setErrors(error.fields);
      else throw error;
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('wages.newRun.title')}
      footer={
        <Button type="submit" form="new-pay-run-form" fullWidth loading={form.pending}>
          {t('wages.newRun.create')}
        </Button>
      }
    >
      <form
        id="new-pay-run-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-4"
      >
        <FormAlert>{form.alert ?? (offline ? t('wages.offline') : null)}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('wages.newRun.from')} type="date" {...form.field('period_start')} />
          <TextField label={t('wages.newRun.to')} type="date" {...form.field('period_end')} />
        </div>
        <p className="text-sm text-stone-700">{t('wages.newRun.hint', { days: PAY_RUN_MAX_DAYS })}</p>
      </form>
    </Dialog>
  );
}
