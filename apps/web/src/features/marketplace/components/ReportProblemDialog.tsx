import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_REASONS, OpenDisputeInputSchema, type Order } from '@gona/shared/marketplace';
import { Button, Dialog, FormAlert, SelectField, TextareaField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useReportProblem } from '../disputes-api';

/** "Report a problem" on a buyer's dispatched or delivered order, opening its dialog. */
export function ReportProblemButton({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="sm:w-auto sm:self-start" onClick={() => setOpen(true)}>
        {t('disputes.report.button')}
      </Button>
      {open && <ReportProblemDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The buyer says what went wrong (a reason and their words); Gona then holds the money until it
 * decides, and the seller has 48 hours to answer. Sent once however often it is tapped.
 */
export function ReportProblemDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const formId = useId();
  const report = useReportProblem();
  const sending = useRef(false);
  const form = useSchemaForm({ reason: '', message: '' }, { failed: (message) => message });

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const input = form.parse(OpenDisputeInputSchema, { ...form.values, photo_ids: [] });
    if (!input) return null;
    return async () => {
      sending.current = true;
      try {
        await report.mutateAsync({ orderId: order.id, input });
        toast.success(t('disputes.report.sent'));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('disputes.report.title')}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t('disputes.report.submit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">
          {t('disputes.report.intro', { title: order.listing_title })}
        </p>
        <SelectField
          label={t('disputes.report.reason')}
          placeholder={t('disputes.report.choose')}
          {...form.field('reason')}
        >
          {DISPUTE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`disputes.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label={t('disputes.report.message')}
          hint={t('disputes.report.messageHint')}
          rows={4}
          {...form.field('message')}
        />
      </form>
    </Dialog>
  );
}
