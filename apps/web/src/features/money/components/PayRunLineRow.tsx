import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UpdatePayRunLineInputSchema, type PayRunLine, type PayRunWithLines } from '@gona/shared/finance';
import { Button, FormAlert, TextField } from '@/components/ui';
import { dayMonthYear } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatNaira, koboInput, nairaText } from '../format';
import { isOffline, useUpdatePayRunLine } from '../wages-api';

type Props = {
  farmId: string;
  run: PayRunWithLines;
  line: PayRunLine;
  /** A draft, for someone who may write money. */
  editable: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  /** The run changed elsewhere (or was paid): it is being reloaded. */
  onStale: () => void;
};

/** A person's (or a day of casual labour's) pay: what it rests on, what was worked out and what will be paid. */
export function PayRunLineRow({ farmId, run, line, editable, editing, onEdit, onDone, onStale }: Props) {
  const { t } = useTranslation('money');
  return (
    <li data-testid={`pay-line-${line.id}`} className="flex flex-col gap-3 p-3">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium wrap-anywhere text-stone-900">{line.name}</p>
          <p className="text-sm text-stone-700">{basisText(t, line)}</p>
          <RateText line={line} />
          <p className="text-sm text-stone-600 tabular-nums">
            {t('wages.run.computed', { amount: formatNaira(line.computed_kobo) })}
          </p>
          {line.note && <p className="text-sm wrap-anywhere text-stone-700 italic">{line.note}</p>}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className="font-semibold whitespace-nowrap text-stone-900 tabular-nums"
            data-testid="pay-line-amount"
          >
            {formatNaira(line.amount_kobo)}
          </span>
          {editable && !editing && (
            <Button
              variant="ghost"
              aria-label={t('wages.run.adjustFor', { name: line.name })}
              onClick={onEdit}
            >
              {t('wages.run.adjust')}
            </Button>
          )}
        </div>
      </div>
      {editable && editing && (
        <LineEditor farmId={farmId} run={run} line={line} onDone={onDone} onStale={onStale} />
      )}
    </li>
  );
}

/** "20 days · 1 half day · 2 absent" for staff; the day for casual labour. */
function basisText(t: TFunction<'money'>, line: PayRunLine): string {
  if (line.casual_labour_id)
    return t('wages.run.casual', { date: line.casual_date ? dayMonthYear(line.casual_date) : '' });
  const parts = [
    line.days_present > 0 && t('wages.run.present', { count: line.days_present }),
    line.half_days > 0 && t('wages.run.half', { count: line.half_days }),
    line.days_absent > 0 && t('wages.run.absent', { count: line.days_absent }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('wages.run.noMarks');
}

function RateText({ line }: { line: PayRunLine }) {
  const { t } = useTranslation('money');
  if (line.casual_labour_id) {
    const people = line.headcount ?? 0;
    if (people === 0) return null;
    return (
      <p className="text-sm text-stone-700 tabular-nums">
        {t('wages.run.casualRate', {
          people: t('wages.casual.people', { count: people }),
          rate: formatNaira(Math.round(line.computed_kobo / people)),
        })}
      </p>
    );
  }
  if (line.rate_kobo === null || line.pay_period === null)
    return <p className="text-sm font-medium text-amber-800">{t('wages.run.noRate')}</p>;
  return (
    <p className="text-sm text-stone-700 tabular-nums">
      {t(`wages.run.rate.${line.pay_period}`, { amount: formatNaira(line.rate_kobo) })}
    </p>
  );
}

type EditorProps = {
  farmId: string;
  run: PayRunWithLines;
  line: PayRunLine;
  onDone: () => void;
  onStale: () => void;
};

/** The manager's figure for one line (a bonus, an advance taken off), sent with the run's version. */
function LineEditor({ farmId, run, line, onDone, onStale }: EditorProps) {
  const { t } = useTranslation('money');
  const update = useUpdatePayRunLine(farmId);
  const [offline, setOffline] = useState(false);
  const form = useSchemaForm(
    { amount: nairaText(line.amount_kobo), note: line.note ?? '' },
    { failed: (message) => t('wages.run.lineFailed', { message }) },
  );
  const formId = `pay-line-form-${line.id}`;
  const onSubmit = form.submit(
    UpdatePayRunLineInputSchema,
    async (input) => {
      setOffline(false);
      try {
        const saved = await update.mutateAsync({ ...input, runId: run.id, lineId: line.id });
        const now = saved.lines.find((l) => l.id === line.id);
        toast.success(
          t('wages.run.lineSaved', { name: line.name, amount: formatNaira(now?.amount_kobo ?? 0) }),
        );
        onDone();
      } catch (error) {
        if (isOffline(error)) setOffline(true);
        else if (error instanceof ApiError && error.status === 409) onStale();
        else throw error;
      }
    },
    (v) => ({ version: run.version, amount_kobo: koboInput(v.amount), note: v.note }),
  );

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-3 rounded-lg bg-stone-50 p-3"
    >
      <FormAlert>{form.alert ?? (offline ? t('wages.offline') : null)}</FormAlert>
      <TextField
        label={t('wages.run.amount', { name: line.name })}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        {...form.field('amount', 'amount_kobo')}
      />
      <TextField
        label={t('wages.run.note')}
        hint={t('wages.run.noteHint')}
        autoComplete="off"
        {...form.field('note')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={form.pending}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" loading={form.pending}>
          {t('wages.run.saveLine')}
        </Button>
      </div>
    </form>
  );
}
