import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, Wallet } from 'lucide-react';
import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory } from '@gona/shared/finance';
import { Button, ConfirmDialog, EmptyState, PagedList, SelectField } from '@/components/ui';
import { dayMonthYear } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { toast } from '@/lib/toast';
import { expensesCsvUrl, useDeleteExpense, useExpenses, useExpenseTotals, type Period } from '../api';
import { formatNaira } from '../format';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = { farmId: string; period: Period; writer: boolean; addAction: React.ReactNode };

/** The period's expenses with their total and biggest kinds, filtered by kind and enterprise. */
export function ExpenseList({ farmId, period, writer, addAction }: Props) {
  const { t } = useTranslation('money');
  const [category, setCategory] = useState<ExpenseCategory | ''>('');
  const [enterprise, setEnterprise] = useState('');
  const filters = { ...period, category, enterprise };
  const list = useExpenses(farmId, filters);
  const totals = useExpenseTotals(farmId, filters).data;
  const remove = useDeleteExpense(farmId);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const items = pageItems(list.data);

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('expenses.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory | '')}
        >
          <option value="">{t('expenses.allCategories')}</option>
          {EXPENSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <EnterpriseSelect
          farmId={farmId}
          label={t('expenses.for')}
          value={enterprise}
          emptyLabel={t('expenses.everything')}
          onChange={setEnterprise}
        />
      </div>
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
            {rows.map((expense) => (
              <li key={expense.id} className="flex items-start gap-3 p-4">
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
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold whitespace-nowrap text-stone-900">
                    {formatNaira(expense.amount_kobo)}
                  </span>
                  {writer && (
                    <Button variant="ghost" onClick={() => setDeleting(expense)}>
                      {t('expenses.delete')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <a
        className="self-start text-sm font-medium text-green-800 underline"
        href={expensesCsvUrl(farmId, filters)}
      >
        {t('exportCsv')}
      </a>
      {deleting && (
        <ConfirmDialog
          open
          title={t('expenses.deleteTitle')}
          message={t('expenses.deleteBody', {
            amount: formatNaira(deleting.amount_kobo),
            what: deleting.description ?? t(`categories.${deleting.category}`),
          })}
          confirmLabel={t('expenses.delete')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t('expenses.deleted'));
                setDeleting(null);
              },
              onError: () => setDeleting(null),
            })
          }
        />
      )}
    </div>
  );
}
