import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { formatNaira } from '../format';
import type {
  CreateExpenseVariables,
  CreateSaleVariables,
  MarkExpensePaidVariables,
  RecordPaymentVariables,
  UpdateExpenseVariables,
  UpdateSaleVariables,
} from '../mutations';
import { fetchExpense } from '../api';
import { fetchSale } from '../sales-api';

/** A money record the server refused when it was sent from the queue: said with its amount or product. */
export function RefusedMoneyChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('money');
  const kind = String(item.mutationKey[1]);
  const v = item.variables as Partial<CreateExpenseVariables & CreateSaleVariables & RecordPaymentVariables>;
  const what = t(`refused.${kind}`, { amount: formatNaira(v.amount_kobo ?? 0), product: v.product ?? '' });
  return (
    <RefusedChangeCard
      item={item}
      what={what}
      retryVariables={(_key, variables) => retryVariables(kind, variables)}
    />
  );
}

/**
 * What a refused change is sent again with: a change to a sale or an expense (or paying one) is
 * made on the record as it is now (its current version, so a stale one goes through with the
 * farmer's changes); a new record goes as it was.
 */
async function retryVariables(kind: string, variables: unknown): Promise<unknown> {
  if (kind === 'update-sale') {
    const change = variables as UpdateSaleVariables;
    const current = await fetchSale(change.farmId, change.saleId);
    return { ...change, version: current.version };
  }
  if (kind === 'update-expense' || kind === 'mark-expense-paid') {
    const change = variables as UpdateExpenseVariables | MarkExpensePaidVariables;
    const current = await fetchExpense(change.farmId, change.expenseId);
    return { ...change, version: current.version };
  }
  return variables;
}
