import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerDisputeInputSchema, type Order } from '@gona/shared/marketplace';
import { Button, Dialog, FormAlert, TextareaField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAnswerDispute } from '../disputes-api';

/** "Answer" on a disputed order the farm has not answered yet. */
export function AnswerDisputeButton({ farmId, order }: { farmId: string; order: Order }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="sm:w-auto sm:self-start" onClick={() => setOpen(true)}>
        {t('disputes.answer.button')}
      </Button>
      {open && <AnswerDisputeDialog farmId={farmId} order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The seller's side of the problem, in their words; sent once. */
export function AnswerDisputeDialog({
  farmId,
  order,
  onClose,
}: {
  farmId: string;
  order: Order;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const formId = useId();
  const answer = useAnswerDispute(farmId);
  const sending = useRef(false);
  const form = useSchemaForm({ message: '' }, { failed: (message) => message });

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const input = form.parse(AnswerDisputeInputSchema, { ...form.values, photo_ids: [] });
    if (!input) return null;
    return async () => {
      sending.current = true;
      try {
        await answer.mutateAsync({ orderId: order.id, input });
        toast.success(t('disputes.answer.sent'));
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
      title={t('disputes.answer.title')}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t('disputes.answer.submit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        {order.dispute && (
          <div className="rounded-lg bg-stone-100 px-3 py-2 text-stone-900">
            <p className="font-medium">{t(`disputes.reasons.${order.dispute.reason}`)}</p>
            <p className="break-words">{order.dispute.message}</p>
          </div>
        )}
        <TextareaField
          label={t('disputes.answer.message')}
          hint={t('disputes.answer.messageHint')}
          rows={4}
          {...form.field('message')}
        />
      </form>
    </Dialog>
  );
}
