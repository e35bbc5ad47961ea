import { useTranslation } from 'react-i18next';
import { ChartNoAxesColumn } from 'lucide-react';
import type { EnterpriseResult } from '@gona/shared/finance';
import { Button, EmptyState, PairedBars, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { groupDigits } from '@/lib/quantity-text';
import { useCash, useProfit, type Period } from '../api';
import { formatNaira } from '../format';

/** What each enterprise earned and cost in the period, its margin and cost per unit; then cash by month. */
export function ProfitView({ farmId, period }: { farmId: string; period: Period }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const profit = useProfit(farmId, period);
  const cash = useCash(farmId, period);
  const retry = <Button onClick={() => void profit.refetch()}>{t('common:errors.tryAgain')}</Button>;
  if (profit.isPending)
    // Offline with nothing saved from an earlier visit: say so, instead of placeholder rows for ever.
    return profit.fetchStatus === 'paused' ? (
      <EmptyState title={t('profit.errorTitle')} description={t('common:errors.network')} action={retry} />
    ) : (
      <SkeletonRows rows={3} />
    );
  if (profit.isError)
    return <EmptyState title={t('profit.errorTitle')} description={errorText(profit.error)} action={retry} />;
  const { enterprises } = profit.data;
  if (enterprises.length === 0)
    return (
      <EmptyState icon={ChartNoAxesColumn} title={t('profit.empty')} description={t('profit.emptyHint')} />
    );
  const nameOf = (e: EnterpriseResult) => (e.kind === 'farm' ? t('profit.farmCosts') : (e.name ?? ''));
  return (
    <div className="flex flex-col gap-6">
      <section className="grid grid-cols-3 gap-2 rounded-lg border border-stone-200 bg-white p-4">
        <Figure label={t('profit.income')} kobo={profit.data.income_kobo} />
        <Figure label={t('profit.costs')} kobo={profit.data.costs_kobo} />
        <Figure label={t('profit.margin')} kobo={profit.data.margin_kobo} />
      </section>
      <ul className="flex flex-col gap-3">
        {enterprises.map((e) => (
          <li key={e.id ?? 'farm'} className="rounded-lg border border-stone-200 bg-white p-4">
            <h3 className="font-semibold break-words text-stone-900">{nameOf(e)}</h3>
            {e.started && (
              <p className="text-sm text-stone-600">
                {t('profit.planted', { date: dayMonthYear(e.started) })}
              </p>
            )}
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <Term label={t('profit.income')} value={formatNaira(e.income_kobo)} />
              <Term label={t('profit.costs')} value={formatNaira(e.costs_kobo)} />
              <Term
                label={t('profit.margin')}
                value={formatNaira(e.margin_kobo)}
                tone={e.margin_kobo < 0 ? 'text-red-800' : 'text-green-800'}
              />
            </dl>
            {e.produced && (
              <p className="mt-2 text-sm text-stone-700">
                {t('profit.produced', {
                  quantity: groupDigits(e.produced.quantity),
                  unit: t(`profit.unitsPlural.${e.produced.unit}`),
                })}
                {e.cost_per_unit_kobo !== null &&
                  ` · ${t('profit.costPerUnit', {
                    amount: formatNaira(e.cost_per_unit_kobo),
                    unit: t(`profit.units.${e.produced.unit}`),
                  })}`}
              </p>
            )}
            {e.costs_by_category.length > 0 && (
              <p className="mt-1 text-sm break-words text-stone-600">
                {e.costs_by_category
                  .map((c) => `${t(`categories.${c.category}`)} ${formatNaira(c.total_kobo)}`)
                  .join(' · ')}
              </p>
            )}
          </li>
        ))}
      </ul>
      <PairedBars
        title={t('profit.chart')}
        firstLabel={t('profit.income')}
        secondLabel={t('profit.costs')}
        rows={enterprises.map((e) => ({
          key: e.id ?? 'farm',
          label: nameOf(e),
          first: e.income_kobo,
          second: e.costs_kobo,
        }))}
      />
      {cash.data && (
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-stone-900">{t('profit.cashTitle')}</h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-stone-600">
                  <th className="py-1 pr-2 font-medium">{t('profit.month')}</th>
                  <th className="py-1 pr-2 text-right font-medium">{t('profit.cashIn')}</th>
                  <th className="py-1 text-right font-medium">{t('profit.cashOut')}</th>
                </tr>
              </thead>
              <tbody>
                {cash.data.months.map((m) => (
                  <tr key={m.month} className="border-t border-stone-200">
                    <td className="py-1 pr-2">{monthName(m.month)}</td>
                    <td className="py-1 pr-2 text-right whitespace-nowrap">{formatNaira(m.in_kobo)}</td>
                    <td className="py-1 text-right whitespace-nowrap">{formatNaira(m.out_kobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function Figure({ label, kobo }: { label: string; kobo: number }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-stone-600">{label}</p>
      <p className={`text-base font-semibold break-words ${kobo < 0 ? 'text-red-800' : 'text-stone-900'}`}>
        {formatNaira(kobo)}
      </p>
    </div>
  );
}

function Term({ label, value, tone = 'text-stone-900' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`font-medium break-words ${tone}`}>{value}</dd>
    </div>
  );
}

/** "2026-08" as "Aug 2026". */
function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 2000, (m ?? 1) - 1, 1)).toLocaleDateString('en-NG', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
