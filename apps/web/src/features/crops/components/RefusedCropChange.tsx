import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';

/** A crop record the server refused when it was sent from the queue (a stage before planting …). */
export function RefusedCropChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('crops');
  const kind = String(item.mutationKey[1]);
  const name = (item.variables as { cropName?: string }).cropName ?? '';
  return (
    <RefusedChangeCard item={item} what={t(`attention.${kind}`, { name })} retryVariables={sendAsItWas} />
  );
}

/** A record is a new one every time: sent again as it was. */
const sendAsItWas = (_key: readonly unknown[], variables: unknown) => Promise.resolve(variables);
