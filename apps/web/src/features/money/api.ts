import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Cash,
  Expense,
  ExpenseCategory,
  ExpenseTotals,
  ExpenseWithReceipts,
  Owed,
  Profit,
  RecurringExpense,
  Sale,
  SalePaymentStatus,
} from '@gona/shared/finance';
import type { Page } from '@gona/shared/page-size';
import { dayMonthYear } from '@/lib/format';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { useLivestockChoices, usePlantingChoices } from '@/lib/pickers';
import { expensePath, expensesPath, moneyKeys, moneyPath, recurringPath, salesPath } from './keys';

export type Period = { from: string; to: string };
export type ExpenseFilters = Period & { category: ExpenseCategory | ''; enterprise: string };
export type SaleFilters = Period & { payment_status: SalePaymentStatus | '' };

const query = (params: Record<string, string>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return search.toString();
};

export const expensesCsvUrl = (farmId: string, filters: ExpenseFilters) =>
  `${expensesPath(farmId)}/export.csv?${query(filters)}`;
export const salesCsvUrl = (farmId: string, filters: SaleFilters) =>
  `${salesPath(farmId)}/export.csv?${query(filters)}`;

export function useExpenses(farmId: string, filters: ExpenseFilters) {
  return useInfiniteQuery(
    pagedQueryOptions<Expense>({
      queryKey: moneyKeys.expenses(farmId, filters),
      path: expensesPath(farmId),
      params: filters,
    }),
  );
}

export function useExpenseTotals(farmId: string, filters: ExpenseFilters) {
  return useQuery({
    queryKey: moneyKeys.expenseTotals(farmId, filters),
    queryFn: () => apiFetch<ExpenseTotals>(`${expensesPath(farmId)}/totals?${query(filters)}`),
  });
}

/** One expense with its receipts, for the edit form. */
export function useExpense(farmId: string, expenseId: string) {
  return useQuery({
    queryKey: moneyKeys.expense(farmId, expenseId),
    queryFn: () => fetchExpense(farmId, expenseId),
  });
}

export function fetchExpense(farmId: string, expenseId: string): Promise<ExpenseWithReceipts> {
  return apiFetch<ExpenseWithReceipts>(expensePath(farmId, expenseId));
}

/** The farm's repeating expenses (a farm has a handful; the first page holds them). */
export function useRecurringExpenses(farmId: string) {
  return useQuery({
    queryKey: moneyKeys.recurring(farmId),
    queryFn: () => apiFetch<Page<RecurringExpense>>(`${recurringPath(farmId)}?limit=100`),
  });
}

export function useSales(farmId: string, filters: SaleFilters) {
  return useInfiniteQuery(
    pagedQueryOptions<Sale>({
      queryKey: moneyKeys.sales(farmId, filters),
      path: salesPath(farmId),
      params: filters,
    }),
  );
}

export function useOwed(farmId: string) {
  return useQuery({
    queryKey: moneyKeys.owed(farmId),
    queryFn: () => apiFetch<Owed>(`${moneyPath(farmId)}/owed`),
  });
}

export function useProfit(farmId: string, period: Period) {
  return useQuery({
    queryKey: moneyKeys.profit(farmId, period),
    queryFn: () => apiFetch<Profit>(`${moneyPath(farmId)}/profit?${query(period)}`),
  });
}

export function useCash(farmId: string, period: Period) {
  return useQuery({
    queryKey: moneyKeys.cash(farmId, period),
    queryFn: () => apiFetch<Cash>(`${moneyPath(farmId)}/cash?${query(period)}`),
  });
}

export function useDeleteExpense(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expenseId: string) => apiFetch<null>(expensePath(farmId, expenseId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all(farmId) }),
  });
}

/** A planting, an animal or group, or the whole farm, as an expense or sale may name it. */
export type EnterpriseOption = {
  key: string;
  kind: 'crop' | 'animal';
  id: string;
  name: string;
  /** An animal's or group's heads now. */
  head_count?: number;
};

/**
 * The farm's plantings and animals, for the "For" choice of a money record. Read through the
 * pickers under the crop and livestock lists (`lib/pickers.ts`), so a planting or an animal added
 * or renamed shows here at once.
 */
export function useEnterprises(farmId: string): { data: EnterpriseOption[] | undefined } {
  const crops = usePlantingChoices(farmId).data;
  const animals = useLivestockChoices(farmId).data;
  const data = useMemo(
    () =>
      crops &&
      animals && [
        ...crops.items.map((c) => ({
          key: `crop:${c.id}`,
          kind: 'crop' as const,
          id: c.id,
          name: `${c.crop_name} · ${dayMonthYear(c.planting_date)}`,
        })),
        ...animals.items
          .filter((a) => a.status === 'active')
          .map((a) => ({
            key: `animal:${a.id}`,
            kind: 'animal' as const,
            id: a.id,
            name: a.name ?? a.tag ?? a.species,
            head_count: a.head_count,
          })),
      ],
    [crops, animals],
  );
  return { data };
}

/** `crop:{id}` / `animal:{id}` / '' as the record's crop_id and animal_id. */
export function enterpriseIds(key: string): { crop_id: string | null; animal_id: string | null } {
  const [kind, id = null] = key.split(':');
  return { crop_id: kind === 'crop' ? id : null, animal_id: kind === 'animal' ? id : null };
}
