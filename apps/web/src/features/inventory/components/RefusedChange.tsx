import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui';
import { removeAttentionItem, type AttentionItem } from '@/lib/needs-attention';
import { resendChange } from '@/lib/query-client';
import { retryVariables, type RecordMovementVariables } from '../api';
import { useErrorText } from '@/lib/error-text';
import { useQuantityText } from '../format';

/**
 * An inventory change the server refused when it was sent from the queue, in plain words with the
 * server's reason: "Use of 4 bags (50 kg) of NPK 15:15:15 was not saved: Not enough stock …".
 * Try again sends it as a new attempt (an edit against the record as it is now); Discard drops it.
 */
export function RefusedChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const kind = String(item.mutationKey[1]);
  const movement = item.variables as RecordMovementVariables;
  const what =
    kind === 'record-movement'
      ? t(`attention.${movement.kind}`, {
          quantity: quantityText(movement.quantity, movement.unit),
          name: movement.supplyName,
        })
      : t(`attention.${kind}`, { name: (item.variables as { name?: string }).name ?? '' });

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
