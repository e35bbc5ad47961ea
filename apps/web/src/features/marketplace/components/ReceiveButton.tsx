import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_COMPLETE_HOURS, ORDER_COMPLETE_HOURS_FRESH, type Order } from '@gona/shared/marketplace';
import { Button, ConfirmDialog } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useReceiveOrder, useReleaseOrder } from '../orders-api';

/**
 * "I have received it" on a buyer's dispatched order: the order completes after the window for
 * problems, and only then is the seller paid.
 */
export function ReceiveButton({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  return (
    <ConfirmedStep
      order={order}
      mutation={useReceiveOrder()}
      label={t('orders.detail.received')}
      title={t('orders.detail.receivedTitle')}
      message={t('orders.detail.receivedText', {
        hours: ORDER_COMPLETE_HOURS,
        fresh: ORDER_COMPLETE_HOURS_FRESH,
      })}
      cancelLabel={t('orders.detail.notReceived')}
      done={(saved) =>
        saved.complete_by
          ? t('orders.detail.receivedDone', { time: formatDateTime(saved.complete_by) })
          : t('orders.detail.receivedSaved')
      }
    />
  );
}

/**
 * "All is well: pay the farmer now" on a buyer's delivered order, before the window for problems
 * ends: it completes now and the farm is paid; no problem can be reported after it.
 */
export function ReleaseButton({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  return (
    <ConfirmedStep
      order={order}
      mutation={useReleaseOrder()}
      variant="secondary"
      label={t('orders.detail.release')}
      title={t('orders.detail.releaseTitle')}
      message={t('orders.detail.releaseText', { farm: order.farm_name })}
      cancelLabel={t('orders.detail.releaseNotYet')}
      done={() => t('orders.detail.releaseDone', { farm: order.farm_name })}
    />
  );
}

type Step = {
  order: Order;
  mutation: { isPending: boolean; mutate: (order: Order, handlers: StepHandlers) => void };
  variant?: 'primary' | 'secondary';
  label: string;
  title: string;
  message: string;
  cancelLabel: string;
  done: (saved: Order) => string;
};
type StepHandlers = { onSuccess: (saved: Order) => void; onError: (error: unknown) => void };

/** A step on the buyer's order asked once more before it is sent: sent once, with the version they saw. */
function ConfirmedStep({ order, mutation, variant, label, title, message, cancelLabel, done }: Step) {
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A second tap can come before the mutation says it is pending: this one is set at once.
  const sending = useRef(false);

  function confirm() {
    if (sending.current || mutation.isPending) return;
    sending.current = true;
    setFailure(null);
    mutation.mutate(order, {
      onSuccess: (saved) => {
        sending.current = false;
        toast.success(done(saved));
        setConfirming(false);
      },
      onError: (error) => {
        sending.current = false;
        setFailure(errorText(error));
        setConfirming(false);
      },
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        fullWidth
        variant={variant}
        className="sm:w-auto sm:self-start"
        onClick={() => setConfirming(true)}
      >
        {label}
      </Button>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={title}
        message={message}
        confirmLabel={label}
        cancelLabel={cancelLabel}
        pending={mutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
