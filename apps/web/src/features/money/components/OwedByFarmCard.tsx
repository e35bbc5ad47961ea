import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Owed } from '@gona/shared/finance';
import { Button, cx } from '@/components/ui';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { useOwed } from '../api';
import { formatNaira } from '../format';
import { MarkPaidDialog, type UnpaidExpense } from './MarkPaidDialog';

type Props = {
  farmId: string;
  writer: boolean;
  /** Shown only when the farm owes something (where it sits above other things). */
  hideWhenNothing?: boolean;
};

const CREDITORS_SHOWN = 5;

/**
 * What the farm owes: expenses bought on credit by whom they are owed to, with their due days and
 * a "Mark paid" button each, and wages in pay runs not paid yet.
 */
export function OwedByFarmCard({ farmId, writer, hideWhenNothing = false }: Props) {
  const { t } = useTranslation('money');
  const owed = useOwed(farmId).data;
  const [paying, setPaying] = useState<UnpaidExpense | null>(null);
  if (!owed || (hideWhenNothing && owed.owed_by_farm_kobo === 0)) return null;
  const today = todayOnFarm();
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="owed-by-farm-title">
      <h2 id="owed-by-farm-title" className="text-base font-semibold text-stone-900">
        {t('owedByFarm.title')}
      </h2>
      {owed.owed_by_farm_kobo === 0 ? (
        <p className="text-sm text-stone-600">{t('owedByFarm.none')}</p>
      ) : (
        <>
          <p className="text-2xl font-semibold text-stone-900">{formatNaira(owed.owed_by_farm_kobo)}</p>
          <ul className="mt-2 flex flex-col gap-3">
            {owed.creditors.slice(0, CREDITORS_SHOWN).map((creditor) => (
              <Creditor
                key={creditor.name ?? ''}
                creditor={creditor}
                today={today}
                writer={writer}
                onPay={setPaying}
              />
            ))}
            {owed.wages_kobo > 0 && (
              <li className="text-stone-900">
                {t('owedByFarm.wages', {
                  amount: formatNaira(owed.wages_kobo),
                  count: owed.wage_runs,
                })}
              </li>
            )}
          </ul>
          {owed.creditors.length > CREDITORS_SHOWN && (
            <p className="mt-2 text-sm text-stone-600">
              {t('owedByFarm.more', { count: owed.creditors.length - CREDITORS_SHOWN })}
            </p>
          )}
        </>
      )}
      {paying && <MarkPaidDialog farmId={farmId} expense={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}

function Creditor({
  creditor,
  today,
  writer,
  onPay,
}: {
  creditor: Owed['creditors'][number];
  today: string;
  writer: boolean;
  onPay: (expense: UnpaidExpense) => void;
}) {
  const { t } = useTranslation('money');
  const name = creditor.name ?? t('owedByFarm.unknown');
  return (
    <li>
      <p className="break-words text-stone-900">
        {t('owedByFarm.creditor', { name, amount: formatNaira(creditor.owed_kobo) })}
      </p>
      <ul className="mt-1 flex flex-col gap-1">
        {creditor.unpaid.map((expense) => {
          const late = expense.due_date !== null && expense.due_date < today;
          return (
            <li key={expense.id} className="flex items-center gap-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="break-words text-stone-700">
                  {expense.description ?? t(`categories.${expense.category}`)} ·{' '}
                  {formatNaira(expense.amount_kobo)}
                </p>
                <p className={cx(late ? 'font-medium text-red-800' : 'text-stone-600')}>
                  {expense.due_date
                    ? t(late ? 'owed.overdue' : 'owed.due', { date: dayMonthYear(expense.due_date) })
                    : t('owedByFarm.bought', { date: dayMonthYear(expense.date) })}
                </p>
              </div>
              {writer && (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  aria-label={t('owedByFarm.markPaidFor', {
                    what: expense.description ?? t(`categories.${expense.category}`),
                    name,
                  })}
                  onClick={() => onPay({ ...expense, creditor: name })}
                >
                  {t('owedByFarm.markPaid')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {creditor.expenses > creditor.unpaid.length && (
        <p className="text-sm text-stone-600">
          {t('owedByFarm.moreExpenses', { count: creditor.expenses - creditor.unpaid.length })}
        </p>
      )}
    </li>
  );
}
