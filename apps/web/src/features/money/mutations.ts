import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateExpense,
  CreatePayment,
  CreateRecurringExpense,
  CreateSale,
  ExpenseWithReceipts,
  MarkExpensePaid,
  RecurringExpense,
  RecurringExpenseWritten,
  SaleWithPayments,
  UpdateExpense,
  UpdateSale,
} from '@gona/shared/finance';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';

/** Every money query of a farm starts with ['money', farmId], so one invalidation refreshes them all. */
export const moneyKeys = {
  all: (farmId: string) => ['money', farmId] as const,
  expenses: (farmId: string, filters: object) => ['money', farmId, 'expenses', filters] as const,
  expenseTotals: (farmId: string, filters: object) => ['money', farmId, 'expense-totals', filters] as const,
  sales: (farmId: string, filters: object) => ['money', farmId, 'sales', filters] as const,
  sale: (farmId: string, saleId: string) => ['money', farmId, 'sale', saleId] as const,
  expense: (farmId: string, expenseId: string) => ['money', farmId, 'expense', expenseId] as const,
  recurring: (farmId: string) => ['money', farmId, 'recurring'] as const,
  owed: (farmId: string) => ['money', farmId, 'owed'] as const,
  profit: (farmId: string, period: object) => ['money', farmId, 'profit', period] as const,
  cash: (farmId: string, period: object) => ['money', farmId, 'cash', period] as const,
  enterprises: (farmId: string) => ['money', farmId, 'enterprises'] as const,
};

const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
export const expensesPath = (farmId: string) => `${farmPath(farmId)}/expenses`;
export const salesPath = (farmId: string) => `${farmPath(farmId)}/sales`;
export const moneyPath = (farmId: string) => `${farmPath(farmId)}/money`;
export const recurringPath = (farmId: string) => `${farmPath(farmId)}/recurring-expenses`;

/**
 * The money records a farmer may write offline (an expense in the market, a sale at the farm
 * gate, a payment received). Their variables hold everything needed to send them, so one restored
 * after a reload runs with no screen around it.
 */
export const moneyMutationKeys = {
  createExpense: ['money', 'create-expense'],
  createSale: ['money', 'create-sale'],
  recordPayment: ['money', 'record-payment'],
  updateSale: ['money', 'update-sale'],
  updateExpense: ['money', 'update-expense'],
  markExpensePaid: ['money', 'mark-expense-paid'],
  createRecurring: ['money', 'create-recurring-expense'],
  stopRecurring: ['money', 'stop-recurring-expense'],
} as const satisfies Record<string, readonly [string, string]>;

export type CreateExpenseVariables = CreateExpense & { id: string; farmId: string };
export type CreateSaleVariables = CreateSale & { id: string; farmId: string };
export type RecordPaymentVariables = CreatePayment & {
  id: string;
  farmId: string;
  saleId: string;
  /** What was sold, to describe a refusal. */
  product: string;
};

/** A change to a sale, with the version it was made on; `product` names it in a refusal. */
export type UpdateSaleVariables = UpdateSale & { farmId: string; saleId: string; product: string };
/** A change to an expense, with the version it was made on; `amount_kobo` also names it in a refusal. */
export type UpdateExpenseVariables = UpdateExpense & { farmId: string; expenseId: string };
export type MarkExpensePaidVariables = MarkExpensePaid & {
  farmId: string;
  expenseId: string;
  /** What it was, to describe a refusal. */
  amount_kobo: number;
};
export type CreateRecurringVariables = CreateRecurringExpense & { id: string; farmId: string };
export type StopRecurringVariables = { farmId: string; recurringId: string; amount_kobo: number };

const refresh = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: moneyKeys.all(farmId) });

const createExpense = defineQueuedMutation(
  moneyMutationKeys.createExpense,
  async ({ farmId, ...input }: CreateExpenseVariables) =>
    apiFetch<ExpenseWithReceipts>(expensesPath(farmId), {
      method: 'POST',
      json: { ...input, receipt_ids: await sendWaitingPhotos(farmId, input.receipt_ids) },
    }),
  { onSettled: refresh },
);

const createSale = defineQueuedMutation(
  moneyMutationKeys.createSale,
  async ({ farmId, ...input }: CreateSaleVariables) =>
    apiFetch<SaleWithPayments>(salesPath(farmId), { method: 'POST', json: input }),
  { onSettled: refresh },
);

const recordPayment = defineQueuedMutation(
  moneyMutationKeys.recordPayment,
  async ({ farmId, saleId, product: _product, ...input }: RecordPaymentVariables) =>
    apiFetch<SaleWithPayments>(`${salesPath(farmId)}/${encodeURIComponent(saleId)}/payments`, {
      method: 'POST',
      json: input,
    }),
  { onSettled: refresh },
);

const updateSale = defineQueuedMutation(
  moneyMutationKeys.updateSale,
  async ({ farmId, saleId, product: _product, ...input }: UpdateSaleVariables) =>
    apiFetch<SaleWithPayments>(`${salesPath(farmId)}/${encodeURIComponent(saleId)}`, {
      method: 'PATCH',
      json: input,
    }),
  { onSettled: refresh },
);

const expensePath = (farmId: string, expenseId: string) =>
  `${expensesPath(farmId)}/${encodeURIComponent(expenseId)}`;

const updateExpense = defineQueuedMutation(
  moneyMutationKeys.updateExpense,
  async ({ farmId, expenseId, ...input }: UpdateExpenseVariables) =>
    apiFetch<ExpenseWithReceipts>(expensePath(farmId, expenseId), {
      method: 'PATCH',
      json: {
        ...input,
        ...(input.receipt_ids ? { receipt_ids: await sendWaitingPhotos(farmId, input.receipt_ids) } : {}),
      },
    }),
  { onSettled: refresh },
);

const markExpensePaid = defineQueuedMutation(
  moneyMutationKeys.markExpensePaid,
  async ({ farmId, expenseId, amount_kobo: _amount, ...input }: MarkExpensePaidVariables) =>
    apiFetch<ExpenseWithReceipts>(`${expensePath(farmId, expenseId)}/paid`, { method: 'POST', json: input }),
  { onSettled: refresh },
);

const createRecurring = defineQueuedMutation(
  moneyMutationKeys.createRecurring,
  async ({ farmId, ...input }: CreateRecurringVariables) =>
    apiFetch<RecurringExpenseWritten>(recurringPath(farmId), { method: 'POST', json: input }),
  { onSettled: refresh },
);

const stopRecurring = defineQueuedMutation(
  moneyMutationKeys.stopRecurring,
  async ({ farmId, recurringId }: StopRecurringVariables) =>
    apiFetch<RecurringExpense>(`${recurringPath(farmId)}/${encodeURIComponent(recurringId)}/stop`, {
      method: 'POST',
    }),
  { onSettled: refresh },
);

/** Lets queued money records run after a reload: call once on the app's QueryClient, before the restore. */
export function registerMoneyMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [
    createExpense,
    createSale,
    recordPayment,
    updateSale,
    updateExpense,
    markExpensePaid,
    createRecurring,
    stopRecurring,
  ])
    mutation.register(queryClient);
}

export const useCreateExpense = createExpense.useMutation;
export const useCreateSale = createSale.useMutation;
export const useRecordPayment = recordPayment.useMutation;
export const useUpdateSale = updateSale.useMutation;
export const useUpdateExpense = updateExpense.useMutation;
export const useMarkExpensePaid = markExpensePaid.useMutation;
export const useCreateRecurring = createRecurring.useMutation;
export const useStopRecurring = stopRecurring.useMutation;
