import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHODS,
  PayPayRunInputSchema,
  type PayPayRun,
  type PayRunLine,
  type PayRunWithLines,
} from '@gona/shared/finance';
import {
  Button,
  ConfirmDialog,
  Dialog,
  FormAlert,
  optionsOf,
  SelectField,
  SkeletonRows,
  TextField,
} from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatNaira } from '../format';
import { isOffline, useDeletePayRun, usePayPayRun, usePayRun } from '../wages-api';
import { PayRunLineRow } from './PayRunLineRow';

type Props = { farmId: string; runId: string; writer: boolean; onClose: () => void };

/**
 * One pay run: each person's pay with how it was worked out, the manager's changes line by line
 * (drafts only), and the payment that turns the lines into labour expenses. Paid, it only reads.
 */
export function PayRunDialog({ farmId, runId, writer, onClose }: Props) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const query = usePayRun(farmId, runId);
  const run = query.data;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [paying, setPaying] = useState<PayPayRun | null>(null);
  const [deleting, setDeleting] = useState(false);
  const pay = usePayPayRun(farmId);
  const sending = useRef(false);
  const remove = useDeletePayRun(farmId);
  const form = useSchemaForm({ paid_on: todayOnFarm(), payment_method: 'cash' });

  const period = run
    ? t('wages.runs.period', { from: dayMonthYear(run.period_start), to: dayMonthYear(run.period_end) })
    : '';
  const draft = run?.status === 'draft';
  const editable = writer && draft;
  const toPay = run ? run.lines.filter((line) => line.amount_kobo > 0).length : 0;

  /** What went wrong with the run as a whole: a stale version reloads it, no connection changes nothing. */
  function failed(error: unknown, words: (message: string) => string) {
    if (isOffline(error)) setNotice(t('wages.offline'));
    else if (error instanceof ApiError && error.status === 409) setNotice(t('wages.run.stale'));
    else if (error instanceof ApiError && error.fields.lines) setNotice(error.fields.lines);
    else {
      if (error instanceof ApiError) form.setErrors(error.fields);
      setNotice(words(errorText(error)));
    }
  }

  function askToPay() {
    if (!run) return;
    setNotice(null);
    const input = form.parse(PayPayRunInputSchema, { ...form.values, version: run.version });
    if (input) {
      form.setErrors({});
      setPaying(input);
    }
  }

  /** A second tap before the first is answered must not pay twice (the server refuses it too). */
  function confirmPay(input: PayPayRun) {
    if (sending.current) return;
    sending.current = true;
    pay.mutate(
      { ...input, runId },
      {
        onSuccess: (paid) =>
          toast.success(t('wages.run.paidToast', { amount: formatNaira(paid.total_kobo) })),
        onError: (error) => failed(error, (message) => t('wages.run.payFailed', { message })),
        onSettled: () => {
          sending.current = false;
          setPaying(null);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={run ? t('wages.run.title', { period }) : t('wages.parts.payRuns')}
      footer={
        editable ? (
          <>
            <Button
              variant="secondary"
              onClick={() => setDeleting(true)}
              disabled={pay.isPending || remove.isPending}
            >
              {t('wages.run.delete')}
            </Button>
            <Button onClick={askToPay} disabled={toPay === 0 || remove.isPending} loading={pay.isPending}>
              {t('wages.run.pay')}
            </Button>
          </>
        ) : undefined
      }
    >
      {!run ? (
        query.isError || query.fetchStatus === 'paused' ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert>
              {`${t('wages.run.loadFailed')}: ${query.isError ? errorText(query.error) : t('common:errors.network')}`}
            </FormAlert>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('common:errors.tryAgain')}
            </Button>
          </div>
        ) : (
          <SkeletonRows rows={4} />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <FormAlert>{notice}</FormAlert>
          {run.status === 'paid' && <PaidNotice run={run} />}
          <details className="rounded-lg bg-stone-50 px-3 text-sm text-stone-800">
            <summary className="cursor-pointer py-3 font-medium text-green-800">
              {t('wages.run.rules')}
            </summary>
            <div className="flex flex-col gap-2 pb-3">
              <p>{t('wages.run.ruleDay')}</p>
              <p>{t('wages.run.ruleWeekMonth')}</p>
              <p>{t('wages.run.ruleNone')}</p>
            </div>
          </details>
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {run.lines.map((line: PayRunLine) => (
              <PayRunLineRow
                key={line.id}
                farmId={farmId}
                run={run}
                line={line}
                editable={editable}
                editing={editing === line.id}
                onEdit={() => {
                  setNotice(null);
                  setEditing(line.id);
                }}
                onDone={() => setEditing(null)}
                onStale={() => {
                  setEditing(null);
                  setNotice(t('wages.run.stale'));
                }}
              />
            ))}
          </ul>
          <p
            className="flex items-baseline justify-between gap-3 text-lg font-semibold text-stone-900"
            data-testid="pay-run-total"
          >
            <span>{t('wages.run.total')}</span>
            <span className="tabular-nums">{formatNaira(run.total_kobo)}</span>
          </p>
          {editable && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('wages.run.paidOn')} type="date" {...form.field('paid_on')} />
              <SelectField
                label={t('wages.run.method')}
                {...form.field('payment_method')}
                options={optionsOf(PAYMENT_METHODS, (method) => t(`methods.${method}`))}
              />
              {toPay === 0 && (
                <p className="text-sm font-medium text-amber-800 sm:col-span-2">
                  {t('wages.run.nothingToPay')}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      {run && paying && (
        <ConfirmDialog
          open
          title={t('wages.run.confirmTitle', { amount: formatNaira(run.total_kobo) })}
          message={t('wages.run.confirmBody', {
            count: toPay,
            amount: formatNaira(run.total_kobo),
            date: dayMonthYear(paying.paid_on),
            method: t(`methods.${paying.payment_method}`),
          })}
          confirmLabel={t('wages.run.pay')}
          cancelLabel={t('common:cancel')}
          pending={pay.isPending}
          onCancel={() => setPaying(null)}
          onConfirm={() => confirmPay(paying)}
        />
      )}
      {run && deleting && (
        <ConfirmDialog
          open
          title={t('wages.run.deleteTitle')}
          message={t('wages.run.deleteBody', { period })}
          confirmLabel={t('wages.run.delete')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(runId, {
              onSuccess: () => {
                toast.success(t('wages.run.deleted'));
                onClose();
              },
              onError: (error) => failed(error, (message) => t('wages.run.deleteFailed', { message })),
              onSettled: () => setDeleting(false),
            })
          }
        />
      )}
    </Dialog>
  );
}

function PaidNotice({ run }: { run: PayRunWithLines }) {
  const { t } = useTranslation('money');
  return (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 font-medium text-green-900">
      {t('wages.run.paidNotice', {
        count: run.lines.filter((line) => line.expense_id).length,
        date: run.paid_on ? dayMonthYear(run.paid_on) : '',
        method: run.payment_method ? t(`methods.${run.payment_method}`) : '',
      })}
    </p>
  );
}
