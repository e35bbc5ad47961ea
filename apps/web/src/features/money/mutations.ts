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
import {
  expensePath,
  expensesPath,
  moneyKeys,
  moneyMutationKeys,
  recurringPath,
  salePath,
  salesPath,
} from './keys';

/**
 * The money records that may wait for a connection (keys in `keys.ts`). A record's answer goes
 * into its cached detail at once; every money query of the farm is still asked again, as each
 * record moves the totals, profit, cash and what is owed, which only the server adds up.
 */

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

const putSale = {
  onSent: (queryClient: QueryClient, sale: SaleWithPayments, { farmId }: { farmId: string }) =>
    queryClient.setQueryData(moneyKeys.sale(farmId, sale.id), sale),
  onSettled: refresh,
};
const putExpense = {
  onSent: (queryClient: QueryClient, expense: ExpenseWithReceipts, { farmId }: { farmId: string }) =>
    queryClient.setQueryData(moneyKeys.expense(farmId, expense.id), expense),
  onSettled: refresh,
};

const createExpense = defineQueuedMutation(
  moneyMutationKeys.createExpense,
  async ({ farmId, ...input }: CreateExpenseVariables) =>
    apiFetch<ExpenseWithReceipts>(expensesPath(farmId), {
      method: 'POST',
      json: { ...input, receipt_ids: await sendWaitingPhotos(farmId, input.receipt_ids) },
    }),
  putExpense,
);

const createSale = defineQueuedMutation(
  moneyMutationKeys.createSale,
  async ({ farmId, ...input }: CreateSaleVariables) =>
    apiFetch<SaleWithPayments>(salesPath(farmId), { method: 'POST', json: input }),
  putSale,
);

const recordPayment = defineQueuedMutation(
  moneyMutationKeys.recordPayment,
  async ({ farmId, saleId, product: _product, ...input }: RecordPaymentVariables) =>
    apiFetch<SaleWithPayments>(`${salePath(farmId, saleId)}/payments`, {
      method: 'POST',
      json: input,
    }),
  putSale,
);

const updateSale = defineQueuedMutation(
  moneyMutationKeys.updateSale,
  async ({ farmId, saleId, product: _product, ...input }: UpdateSaleVariables) =>
    apiFetch<SaleWithPayments>(salePath(farmId, saleId), {
      method: 'PATCH',
      json: input,
    }),
  putSale,
);

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
  putExpense,
);

const markExpensePaid = defineQueuedMutation(
  moneyMutationKeys.markExpensePaid,
  async ({ farmId, expenseId, amount_kobo: _amount, ...input }: MarkExpensePaidVariables) =>
    apiFetch<ExpenseWithReceipts>(`${expensePath(farmId, expenseId)}/paid`, { method: 'POST', json: input }),
  putExpense,
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
