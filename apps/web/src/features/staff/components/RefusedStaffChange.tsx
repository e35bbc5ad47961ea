import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { retryStaffVariables, type CreateStaffVariables, type UpdateStaffVariables } from '../mutations';

/** A staff change the server refused when it was sent from the queue (a full plan, a stale edit …). */
export function RefusedStaffChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('staff');
  const kind = String(item.mutationKey[1]);
  const variables = item.variables as Partial<CreateStaffVariables & UpdateStaffVariables>;
  const name = variables.name ?? `${variables.first_name ?? ''} ${variables.last_name ?? ''}`.trim();
  return (
    <RefusedChangeCard
      item={item}
      what={t(`attention.${kind}`, { name })}
      retryVariables={retryStaffVariables}
    />
  );
}
