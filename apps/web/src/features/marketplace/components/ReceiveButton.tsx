import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_COMPLETE_HOURS, ORDER_COMPLETE_HOURS_FRESH, type Order } from '@gona/shared/marketplace';
import { Button, ConfirmDialog } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useReceiveOrder } from '../orders-api';

/**
 * "I have received it" on a buyer's dispatched order: after a question that says what it means
 * (the order completes after the window for problems, and only then is the seller paid), it
 * tells the server once, with the version the buyer saw.
 */
export function ReceiveButton({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const receive = useReceiveOrder();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function confirm() {
    if (receive.isPending) return;
    setFailure(null);
    receive.mutate(order, {
      onSuccess: (saved) => {
        toast.success(
          saved.complete_by
            ? t('orders.detail.receivedDone', { time: formatDateTime(saved.complete_by) })
            : t('orders.detail.receivedSaved'),
        );
        setConfirming(false);
      },
      onError: (error) => {
        setFailure(errorText(error));
        setConfirming(false);
      },
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <Button fullWidth className="sm:w-auto sm:self-start" onClick={() => setConfirming(true)}>
        {t('orders.detail.received')}
      </Button>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('orders.detail.receivedTitle')}
        message={t('orders.detail.receivedText', {
          hours: ORDER_COMPLETE_HOURS,
          fresh: ORDER_COMPLETE_HOURS_FRESH,
        })}
        confirmLabel={t('orders.detail.received')}
        cancelLabel={t('orders.detail.notReceived')}
        pending={receive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
