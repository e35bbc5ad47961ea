import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, Repeat, Wallet } from 'lucide-react';
import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory } from '@gona/shared/finance';
import { Badge, cx, EmptyState, optionsOf, PagedList, SelectField } from '@/components/ui';
import { FilterBar } from '@/components/ui/FilterBar';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { expensesCsvUrl, useExpenses, useExpenseTotals, type Period } from '../api';
import { formatNaira } from '../format';
import { EnterpriseSelect } from './EnterpriseSelect';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { OwedByFarmCard } from './OwedByFarmCard';
import { RecurringExpenseList } from './RecurringExpenseList';

type Props = { farmId: string; period: Period; writer: boolean; addAction: React.ReactNode };

/**
 * The period's expenses with their total and biggest kinds, filtered by kind and enterprise; what
 * the farm owes and its repeating expenses above them. Tapping an expense opens it to change.
 */
export function ExpenseList({ farmId, period, writer, addAction }: Props) {
  const { t } = useTranslation('money');
  const [category, setCategory] = useState<ExpenseCategory | ''>('');
  const [enterprise, setEnterprise] = useState('');
  const filters = { ...period, category, enterprise };
  const list = useExpenses(farmId, filters);
  const totals = useExpenseTotals(farmId, filters).data;
  const [editing, setEditing] = useState<Expense | null>(null);
  const items = pageItems(list.data);
  const today = todayOnFarm();

  return (
    <div className="flex flex-col gap-4">
      <OwedByFarmCard farmId={farmId} writer={writer} hideWhenNothing />
      <RecurringExpenseList farmId={farmId} writer={writer} />
      <FilterBar>
        <SelectField
          label={t('expenses.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory | '')}
          placeholder={t('expenses.allCategories')}
          options={optionsOf(EXPENSE_CATEGORIES, (c) => t(`categories.${c}`))}
        />
        <EnterpriseSelect
          farmId={farmId}
          label={t('expenses.for')}
          value={enterprise}
          emptyLabel={t('expenses.everything')}
          onChange={setEnterprise}
        />
      </FilterBar>
      {totals && (
        <section className="rounded-lg border border-stone-200 bg-white p-4" aria-label={t('expenses.total')}>
          <p className="text-sm text-stone-600">{t('expenses.total')}</p>
          <p className="text-2xl font-semibold text-stone-900">{formatNaira(totals.total_kobo)}</p>
          <p className="text-sm text-stone-600">{t('expenses.count', { count: totals.count })}</p>
          {totals.by_category.length > 1 && (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              {totals.by_category.slice(0, 4).map((c) => (
                <li key={c.category}>
                  {t(`categories.${c.category}`)}: {formatNaira(c.total_kobo)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <PagedList
        query={list}
        items={items}
        errorTitle={t('expenses.errorTitle')}
        errorText={(message) => t('expenses.errorText', { message })}
        empty={
          <EmptyState
            icon={Wallet}
            title={t('expenses.empty')}
            description={t('expenses.emptyHint')}
            action={addAction}
          />
        }
      >
        {(rows) => (
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {rows.map((expense) => {
              const body = (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-stone-900">
                      {t(`categories.${expense.category}`)}
                      {expense.description ? ` · ${expense.description}` : ''}
                    </p>
                    <p className="text-sm break-words text-stone-600">
                      {dayMonthYear(expense.date)} · {t(`methods.${expense.payment_method}`)}
                      {expense.supplier_name || expense.paid_to
                        ? ` · ${expense.supplier_name ?? expense.paid_to}`
                        : ''}
                    </p>
                    <p className="text-sm break-words text-stone-600">
                      {expense.allocations.length > 1
                        ? t('expenses.split', {
                            names: expense.allocations.map((a) => a.name ?? t('wholeFarm')).join(', '),
                          })
                        : (expense.allocations[0]?.name ?? t('wholeFarm'))}
                      {expense.receipt_count > 0 && (
                        <span className="ml-2 inline-flex items-center gap-1">
                          <Paperclip aria-hidden="true" className="size-3.5" />
                          {t('expenses.receipts', { count: expense.receipt_count })}
                        </span>
                      )}
                      {expense.recurring_id && (
                        <span className="ml-2 inline-flex items-center gap-1">
                          <Repeat aria-hidden="true" className="size-3.5" />
                          {t('expenses.repeated')}
                        </span>
                      )}
                    </p>
                    {expense.stock_receipt && (
                      <p className="text-sm break-words text-stone-600">
                        {t('expenses.fromStore', {
                          quantity: expense.stock_receipt.quantity,
                          unit: t(`common:units.${expense.stock_receipt.unit}`, {
                            count: Number(expense.stock_receipt.quantity),
                          }),
                          supply: expense.stock_receipt.supply_name,
                        })}
                      </p>
                    )}
                    {expense.paid_on === null && (
                      <p
                        className={cx(
                          'text-sm font-medium',
                          expense.due_date && expense.due_date < today ? 'text-red-800' : 'text-amber-900',
                        )}
                      >
                        {expense.due_date
                          ? t(expense.due_date < today ? 'expenses.overdue' : 'expenses.due', {
                              date: dayMonthYear(expense.due_date),
                            })
                          : t('expenses.notPaid')}
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold whitespace-nowrap text-stone-900">
                      {formatNaira(expense.amount_kobo)}
                    </span>
                    {expense.paid_on === null && <Badge tone="amber">{t('expenses.unpaid')}</Badge>}
                  </div>
                </>
              );
              return (
                <li key={expense.id}>
                  {writer ? (
                    <button
                      type="button"
                      onClick={() => setEditing(expense)}
                      aria-label={t('expenses.open', {
                        what: expense.description ?? t(`categories.${expense.category}`),
                        amount: formatNaira(expense.amount_kobo),
                        date: dayMonthYear(expense.date),
                      })}
                      className="flex min-h-11 w-full items-start gap-3 p-4 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-700"
                    >
                      {body}
                    </button>
                  ) : (
                    <div className="flex items-start gap-3 p-4">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
      <a
        className="self-start text-sm font-medium text-green-800 underline"
        href={expensesCsvUrl(farmId, filters)}
      >
        {t('exportCsv')}
      </a>
      {editing && <ExpenseFormDialog farmId={farmId} expense={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
