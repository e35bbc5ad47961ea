import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateExpense,
  CreatePayment,
  CreateSale,
  ExpenseWithReceipts,
  SaleWithPayments,
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
  owed: (farmId: string) => ['money', farmId, 'owed'] as const,
  profit: (farmId: string, period: object) => ['money', farmId, 'profit', period] as const,
  cash: (farmId: string, period: object) => ['money', farmId, 'cash', period] as const,
  enterprises: (farmId: string) => ['money', farmId, 'enterprises'] as const,
};

const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
export const expensesPath = (farmId: string) => `${farmPath(farmId)}/expenses`;
export const salesPath = (farmId: string) => `${farmPath(farmId)}/sales`;
export const moneyPath = (farmId: string) => `${farmPath(farmId)}/money`;

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

/** Lets queued money records run after a reload: call once on the app's QueryClient, before the restore. */
export function registerMoneyMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [createExpense, createSale, recordPayment, updateSale])
    mutation.register(queryClient);
}

export const useCreateExpense = createExpense.useMutation;
export const useCreateSale = createSale.useMutation;
export const useRecordPayment = recordPayment.useMutation;
export const useUpdateSale = updateSale.useMutation;
