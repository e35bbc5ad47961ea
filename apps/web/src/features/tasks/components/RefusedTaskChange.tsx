import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import type { CompleteTaskVariables } from '../mutations';

/** A completion the server refused when it was sent from the queue (given to someone else, stock short …). */
export function RefusedTaskChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('tasks');
  const variables = item.variables as Partial<CompleteTaskVariables>;
  return (
    <RefusedChangeCard
      item={item}
      what={t(`attention.${String(item.mutationKey[1])}`, { title: variables.title ?? '' })}
      // A completion has no version to bring up to date: trying again sends it as it was.
      retryVariables={(_key, sent) => Promise.resolve(sent)}
    />
  );
}
