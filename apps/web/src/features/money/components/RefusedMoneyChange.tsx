import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { formatNaira } from '../format';
import type { CreateExpenseVariables, CreateSaleVariables, RecordPaymentVariables } from '../mutations';

/** A money record the server refused when it was sent from the queue: said with its amount or product. */
export function RefusedMoneyChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('money');
  const kind = String(item.mutationKey[1]);
  const v = item.variables as Partial<CreateExpenseVariables & CreateSaleVariables & RecordPaymentVariables>;
  const what = t(`refused.${kind}`, { amount: formatNaira(v.amount_kobo ?? 0), product: v.product ?? '' });
  // A money record has no version to refresh: it is sent again as it was.
  return (
    <RefusedChangeCard
      item={item}
      what={what}
      retryVariables={(_key, variables) => Promise.resolve(variables)}
    />
  );
}
