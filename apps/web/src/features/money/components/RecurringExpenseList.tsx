import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { parseRrule } from '@gona/shared/tasks';
import type { RecurringExpense } from '@gona/shared/finance';
import { Badge, Button, ConfirmDialog } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useRecurringExpenses } from '../api';
import { formatNaira } from '../format';
import { useStopRecurring } from '../mutations';

type Props = { farmId: string; writer: boolean };

/**
 * The farm's repeating expenses (rent, salaries, loan repayments), folded away under their count:
 * each with how often it comes back and its next day, and a Stop button for owners and managers.
 * Nothing shows when the farm has none.
 */
export function RecurringExpenseList({ farmId, writer }: Props) {
  const { t } = useTranslation('money');
  const list = useRecurringExpenses(farmId).data?.items ?? [];
  const [stopping, setStopping] = useState<RecurringExpense | null>(null);
  const stop = useStopRecurring();
  const errorText = useErrorText();
  const running = list.filter((r) => !r.stopped);
  if (list.length === 0) return null;

  async function confirmStop(recurring: RecurringExpense) {
    try {
      const done = await submitOrQueue(stop, {
        farmId,
        recurringId: recurring.id,
        amount_kobo: recurring.amount_kobo,
      });
      toast(t(done === QUEUED ? 'repeating.stopQueued' : 'repeating.stopped', { what: whatOf(recurring) }));
    } catch (error) {
      toast.error(t('repeating.stopFailed', { message: errorText(error) }));
    }
    setStopping(null);
  }

  const whatOf = (r: RecurringExpense) => r.description ?? t(`categories.${r.category}`);

  return (
    <details className="rounded-lg border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-medium text-stone-900">
        {t('repeating.title', { count: running.length })}
      </summary>
      <ul className="divide-y divide-stone-200 border-t border-stone-200">
        {list.map((r) => (
          <li key={r.id} className="flex items-start gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-stone-900">
                {t(`categories.${r.category}`)}
                {r.description ? ` · ${r.description}` : ''}
              </p>
              <p className="text-sm break-words text-stone-600">
                {howOften(t, r.rrule)}
                {r.paid_to ? ` · ${r.paid_to}` : ''} · {r.enterprise_name ?? t('wholeFarm')}
              </p>
              <p className="text-sm text-stone-600">
                {r.stopped
                  ? t('repeating.isStopped')
                  : r.next_on
                    ? t('repeating.next', { date: dayMonthYear(r.next_on) })
                    : t('repeating.ended')}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold whitespace-nowrap text-stone-900">
                {formatNaira(r.amount_kobo)}
              </span>
              {r.stopped ? (
                <Badge>{t('repeating.stoppedBadge')}</Badge>
              ) : (
                writer && (
                  <Button
                    variant="secondary"
                    aria-label={t('repeating.stopWhat', { what: whatOf(r) })}
                    onClick={() => setStopping(r)}
                  >
                    {t('repeating.stop')}
                  </Button>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
      {stopping && (
        <ConfirmDialog
          open
          title={t('repeating.stopTitle')}
          message={t('repeating.stopBody', {
            what: whatOf(stopping),
            amount: formatNaira(stopping.amount_kobo),
          })}
          confirmLabel={t('repeating.stop')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={stop.isPending}
          onCancel={() => setStopping(null)}
          onConfirm={() => void confirmStop(stopping)}
        />
      )}
    </details>
  );
}

/** "Every month on day 1", "Every week on Monday", from the stored rule. */
function howOften(t: TFunction<'money'>, rrule: string): string {
  const repeat = parseRrule(rrule);
  if (!repeat) return t('repeating.custom');
  if (repeat.freq === 'monthly' && repeat.monthDay)
    return t(repeat.monthDay > 28 ? 'repeating.monthlyLast' : 'repeating.monthly', { day: repeat.monthDay });
  if (repeat.freq === 'weekly' && repeat.days?.length === 1)
    return t('repeating.weekly', { day: t(`repeating.days.${repeat.days[0]!}`) });
  return t(`repeating.every.${repeat.freq}`);
}
