import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GrantProSchema } from '@gona/shared/billing';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextareaField, TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useGrantPro } from '../admin-api';
import { dayMonthYear } from '@/lib/format';

type Props = { farmId: string; farmName: string; onClose: () => void };

/** Support grants or extends a farm's Pro to a day, with the reason kept beside their name. Sent once. */
export function GrantProDialog({ farmId, farmName, onClose }: Props) {
  const { t } = useTranslation('billing');
  const formId = useId();
  const grant = useGrantPro(farmId);
  const sending = useRef(false);
  const form = useSchemaForm({ until: '', reason: '' });

  const onSubmit = form.submit(GrantProSchema, async (input) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await grant.mutateAsync(input);
      toast.success(
        t('admin.granted', {
          farm: farmName,
          date: dayMonthYear(input.until),
        }),
      );
      onClose();
    } finally {
      sending.current = false;
    }
  });

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('admin.grantTitle', { farm: farmName })}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t('admin.grantSubmit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">{t('admin.grantIntro')}</p>
        <TextField label={t('admin.untilLabel')} type="date" {...form.field('until')} />
        <TextareaField
          label={t('admin.reason')}
          hint={t('admin.reasonHint')}
          rows={4}
          {...form.field('reason')}
        />
      </form>
    </Dialog>
  );
}
