import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import type { SupportReplyVariables } from '../mutations';

/**
 * A reply written offline that the server then refused (the request was closed meanwhile): named by
 * its first words. Sent again as it was, under the same id, so it is still kept once.
 */
export function RefusedSupportChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('support');
  const { body = '' } = item.variables as Partial<SupportReplyVariables>;
  const words = body.length > 40 ? `${body.slice(0, 39)}…` : body;
  return (
    <RefusedChangeCard
      item={item}
      what={t('refused.reply', { words })}
      retryVariables={(_key, variables) => Promise.resolve(variables)}
    />
  );
}
