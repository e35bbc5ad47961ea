import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can } from '@gona/shared/permissions';
import { Wallet } from 'lucide-react';
import { Button, cx, EmptyState, optionsOf, PageHeader, SelectField } from '@/components/ui';
import { ExpenseFormDialog } from '@/features/money/components/ExpenseFormDialog';
import { ExpenseList } from '@/features/money/components/ExpenseList';
import { ProfitView } from '@/features/money/components/ProfitView';
import { SaleFormDialog } from '@/features/money/components/SaleFormDialog';
import { SaleList } from '@/features/money/components/SaleList';
import { WagesView } from '@/features/money/components/WagesView';
import { todayOnFarm } from '@/lib/format';
import { useSelectedFarm } from '../RequireFarm';

const VIEWS = ['expenses', 'sales', 'profit', 'wages'] as const;
type View = (typeof VIEWS)[number];
const PERIODS = ['month', 'quarter', 'year', 'last12'] as const;
type PeriodKey = (typeof PERIODS)[number];

/**
 * /dashboard/expenses: the farm's money. Expenses, sales (and who owes the farm), and profit by
 * enterprise over a period. Workers never reach it (the sidebar hides it and the server refuses).
 */
export default function ExpensesScreen() {
  const { t } = useTranslation('money');
  const { id: farmId, role } = useSelectedFarm();
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'expenses';
  const [periodKey, setPeriodKey] = useState<PeriodKey>('year');
  const [open, setOpen] = useState<'expense' | 'sale' | null>(null);
  const writer = can(role, 'money.write');
  const period = periodOf(periodKey, todayOnFarm());
  if (!can(role, 'money.read'))
    return (
      <>
        <PageHeader title={t('title')} />
        <EmptyState icon={Wallet} title={t('title')} description={t('noAccess')} />
      </>
    );

  const addExpense = writer && <Button onClick={() => setOpen('expense')}>{t('expenses.add')}</Button>;
  const addSale = writer && (
    <Button variant={view === 'sales' ? 'primary' : 'secondary'} onClick={() => setOpen('sale')}>
      {t('sales.add')}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          writer ? (
            <div className="flex flex-wrap gap-2">
              {addExpense}
              {addSale}
            </div>
          ) : null
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <nav
          aria-label={t('tabs.label')}
          className="flex flex-wrap rounded-lg border border-stone-300 bg-white p-1"
        >
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-current={view === v ? 'page' : undefined}
              onClick={() => setParams(v === 'expenses' ? {} : { view: v }, { replace: true })}
              className={cx(
                'min-h-11 flex-1 rounded-md px-2 text-sm font-medium sm:px-4 sm:text-base',
                view === v ? 'bg-green-700 text-white' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              {t(`tabs.${v}`)}
            </button>
          ))}
        </nav>
        {view !== 'wages' && (
          <SelectField
            label={t('period.label')}
            value={periodKey}
            onChange={(e) => setPeriodKey(e.target.value as PeriodKey)}
            className="sm:w-48"
            options={optionsOf(PERIODS, (p) => t(`period.${p}`))}
          />
        )}
      </div>
      {view === 'expenses' && (
        <ExpenseList farmId={farmId} period={period} writer={writer} addAction={addExpense} />
      )}
      {view === 'sales' && <SaleList farmId={farmId} period={period} writer={writer} addAction={addSale} />}
      {view === 'profit' && <ProfitView farmId={farmId} period={period} />}
      {view === 'wages' && <WagesView farmId={farmId} writer={writer} />}
      {open === 'expense' && <ExpenseFormDialog farmId={farmId} onClose={() => setOpen(null)} />}
      {open === 'sale' && <SaleFormDialog farmId={farmId} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The days of a period ending today on the farm (yyyy-mm-dd). */
function periodOf(key: PeriodKey, today: string): { from: string; to: string } {
  const [year = 2026, month = 1] = today.split('-').map(Number);
  const start = (y: number, m: number) => {
    const d = new Date(Date.UTC(y, m - 1, 1));
    return d.toISOString().slice(0, 10);
  };
  if (key === 'month') return { from: start(year, month), to: today };
  if (key === 'quarter') return { from: start(year, month - 2), to: today };
  if (key === 'last12') return { from: start(year, month - 11), to: today };
  return { from: `${year}-01-01`, to: today };
}
