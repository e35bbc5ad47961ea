import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import {
  DISPUTE_OUTCOMES,
  DecideDisputeInputSchema,
  type AdminDispute,
  type DecideDisputeInput,
} from '@gona/shared/marketplace';
import { formatNaira, nairaToKobo } from '@gona/shared/money';
import { Button, ConfirmDialog, FormAlert, TextareaField, TextField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useDecideDispute } from '../disputes-api';

/**
 * Gona's decision: release, a partial refund (an amount in naira) or a full refund, with the
 * reason both sides will read. It asks before it sends, and sends once.
 */
export function DecideForm({ dispute }: { dispute: AdminDispute }) {
  const { t } = useTranslation('marketplace');
  const formId = useId();
  const decide = useDecideDispute(dispute.dispute.id);
  const [ready, setReady] = useState<DecideDisputeInput | null>(null);
  const form = useSchemaForm({ outcome: '', amount: '', reason: '' }, { failed: (message) => message });

  const onSubmit = form.handleSubmit(() => {
    let refund: number | null = null;
    const found: Record<string, string> = {};
    if (form.values.outcome === 'partial_refund') {
      try {
        refund = nairaToKobo(form.values.amount);
      } catch {
        found.refund_kobo = t('disputes.admin.amountInvalid');
      }
    }
    const parsed = DecideDisputeInputSchema.safeParse({
      outcome: form.values.outcome || undefined,
      refund_kobo: refund,
      reason: form.values.reason,
    });
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...found };
    if (!parsed.success || Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return null;
    }
    setReady(parsed.data);
    return null;
  });

  const confirmed = form.handleSubmit(() => {
    const input = ready;
    setReady(null);
    if (!input || decide.isPending) return null;
    return async () => {
      await decide.mutateAsync(input);
      toast.success(t('disputes.admin.decided'));
    };
  });
  const send = () => void confirmed({ preventDefault: () => {} } as FormEvent<HTMLFormElement>);

  const amountError = form.errors.refund_kobo;
  return (
    <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <FormAlert>{form.alert}</FormAlert>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-stone-900">{t('disputes.admin.outcome')}</legend>
        {DISPUTE_OUTCOMES.map((outcome) => (
          <label key={outcome} className="flex min-h-11 items-center gap-3 text-stone-900">
            <input
              type="radio"
              name="outcome"
              value={outcome}
              checked={form.values.outcome === outcome}
              onChange={() => form.setField('outcome', outcome)}
              className="size-5"
            />
            {t(`disputes.admin.outcomes.${outcome}`)}
          </label>
        ))}
        {form.errors.outcome && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {form.errors.outcome}
          </p>
        )}
      </fieldset>
      {form.values.outcome === 'partial_refund' && (
        <TextField
          label={t('disputes.admin.amount')}
          hint={t('disputes.admin.amountHint', { total: formatNaira(dispute.order.total_kobo) })}
          inputMode="decimal"
          {...form.field('amount', 'refund_kobo')}
          error={amountError}
        />
      )}
      <TextareaField
        label={t('disputes.admin.reason')}
        hint={t('disputes.admin.reasonHint')}
        rows={3}
        {...form.field('reason')}
      />
      <Button type="submit" className="sm:self-start" loading={form.pending}>
        {t('disputes.admin.submit')}
      </Button>
      <ConfirmDialog
        open={ready !== null}
        title={t('disputes.admin.confirmTitle')}
        message={
          ready
            ? t(`disputes.admin.confirm.${ready.outcome}`, { amount: formatNaira(ready.refund_kobo ?? 0) })
            : undefined
        }
        confirmLabel={t('disputes.admin.confirmYes')}
        cancelLabel={t('disputes.admin.confirmNo')}
        pending={decide.isPending}
        onCancel={() => setReady(null)}
        onConfirm={send}
      />
    </form>
  );
}
