import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { removeAttentionItem, type AttentionItem } from '@/lib/needs-attention';
import { resendChange } from '@/lib/query-client';

type Props = {
  item: AttentionItem;
  /** The change in the feature's words: "Use of 4 bags (50 kg) of NPK 15:15:15". */
  what: string;
  /** The variables to send it again with (an edit takes the record's current version). */
  retryVariables: (mutationKey: readonly unknown[], variables: unknown) => Promise<unknown>;
};

/**
 * A queued change the server refused when it was sent, in plain words with the server's reason:
 * "… was not saved: Not enough stock …". Try again sends it as a new attempt; Discard drops it.
 * Each feature says what its change was; this card does the rest.
 */
export function RefusedChangeCard({ item, what, retryVariables }: Props) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function retry() {
    setPending(true);
    try {
      const variables = await retryVariables(item.mutationKey, item.variables);
      removeAttentionItem(item.id);
      resendChange(queryClient, item.mutationKey, variables);
    } catch (error) {
      toast.error(t('attention.retryFailed', { message: errorText(error) }));
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="wrap-anywhere text-stone-900">
        {t('attention.notSaved', { what, reason: item.message || t('errors.network', { ns: 'common' }) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button loading={pending} onClick={() => void retry()}>
          {t('attention.retry')}
        </Button>
        <Button variant="secondary" onClick={() => removeAttentionItem(item.id)}>
          {t('attention.discard')}
        </Button>
      </div>
    </div>
  );
}
