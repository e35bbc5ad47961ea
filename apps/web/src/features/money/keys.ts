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
};

export const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
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

/** Under moneyKeys.all, so a change anywhere in the farm's money refreshes wages too. */
export const wagesKeys = {
  all: (farmId: string) => [...moneyKeys.all(farmId), 'wages'] as const,
  day: (farmId: string, date: string) => [...wagesKeys.all(farmId), 'attendance', date] as const,
  payRuns: (farmId: string) => [...wagesKeys.all(farmId), 'pay-runs'] as const,
  payRun: (farmId: string, runId: string) => [...wagesKeys.all(farmId), 'pay-run', runId] as const,
};

export const salePath = (farmId: string, saleId: string) =>
  `${salesPath(farmId)}/${encodeURIComponent(saleId)}`;
export const expensePath = (farmId: string, expenseId: string) =>
  `${expensesPath(farmId)}/${encodeURIComponent(expenseId)}`;
export const payRunPath = (farmId: string, runId: string) =>
  `${farmPath(farmId)}/pay-runs/${encodeURIComponent(runId)}`;
