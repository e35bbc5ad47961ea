import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { retryLivestockVariables } from '../mutations';

/** A livestock change the server refused when it was sent from the queue (a stale edit, too few heads …). */
export function RefusedLivestockChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('livestock');
  const kind = String(item.mutationKey[1]);
  const variables = item.variables as { animalName?: string; name?: string | null; tag?: string | null };
  const name = variables.animalName ?? variables.name ?? variables.tag ?? '';
  return (
    <RefusedChangeCard
      item={item}
      what={t(`attention.${kind}`, { name })}
      retryVariables={retryLivestockVariables}
    />
  );
}
