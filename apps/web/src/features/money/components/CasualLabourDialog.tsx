import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateCasualLabourInputSchema } from '@gona/shared/finance';
import { Button, Dialog, FormAlert, TextField } from '@/components/ui';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { enterpriseIds } from '../api';
import { formatNaira, koboInput, numberInput } from '../format';
import { isOffline, useCreateCasualLabour } from '../wages-api';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = { farmId: string; date: string; onClose: () => void };

/** A day's casual labour as the manager pays it: so many people at so much each, for some work. */
export function CasualLabourDialog({ farmId, date, onClose }: Props) {
  const { t } = useTranslation('money');
  const create = useCreateCasualLabour(farmId);
  const id = useRef(newClientId());
  const [offline, setOffline] = useState(false);
  const form = useSchemaForm(
    { date, headcount: '', rate: '', description: '', enterprise: '' },
    { failed: (message) => t('wages.casualForm.failed', { message }) },
  );
  const people = numberInput(form.values.headcount);
  const rate = koboInput(form.values.rate);
  const amount =
    typeof people === 'number' && Number.isInteger(people) && typeof rate === 'number' ? people * rate : null;

  const onSubmit = form.submit(
    CreateCasualLabourInputSchema,
    async (input) => {
      setOffline(false);
      try {
        const saved = await create.mutateAsync({ ...input, id: id.current });
        toast.success(t('wages.casualForm.saved', { amount: formatNaira(saved.amount_kobo) }));
        onClose();
      } catch (error) {
        if (!isOffline(error)) throw error;
        setOffline(true);
      }
    },
    (v) => ({
      id: id.current,
      date: v.date,
      headcount: numberInput(v.headcount),
      rate_kobo: koboInput(v.rate),
      description: v.description,
      ...enterpriseIds(v.enterprise),
    }),
  );

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('wages.casualForm.title')}
      footer={
        <Button type="submit" form="casual-labour-form" fullWidth loading={form.pending}>
          {t('wages.casualForm.save')}
        </Button>
      }
    >
      <form
        id="casual-labour-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-4"
      >
        <FormAlert>{form.alert ?? (offline ? t('wages.offline') : null)}</FormAlert>
        <TextField label={t('wages.casualForm.date')} type="date" {...form.field('date')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('wages.casualForm.headcount')}
            inputMode="numeric"
            autoComplete="off"
            {...form.field('headcount')}
          />
          <TextField
            label={t('wages.casualForm.rate')}
            hint={t('wages.casualForm.rateHint')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('rate', 'rate_kobo')}
          />
        </div>
        {amount !== null && (
          <p className="font-semibold text-stone-900 tabular-nums" data-testid="casual-amount">
            {t('wages.casual.line', {
              people: t('wages.casual.people', { count: people as number }),
              rate: formatNaira(rate as number),
              amount: formatNaira(amount),
            })}
          </p>
        )}
        <TextField
          label={t('wages.casualForm.description')}
          hint={t('wages.casualForm.descriptionHint')}
          autoComplete="off"
          {...form.field('description')}
        />
        <EnterpriseSelect
          farmId={farmId}
          label={t('wages.casualForm.for')}
          value={form.values.enterprise}
          error={form.errors.crop_id ?? form.errors.animal_id}
          onChange={(value) => form.setField('enterprise', value)}
        />
      </form>
    </Dialog>
  );
}
