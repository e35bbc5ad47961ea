import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import { Button, ConfirmDialog, FormAlert } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { useErrorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { hasPassed } from '../format';
import {
  goToCheckout,
  PAYMENT_POLL_MS,
  PAYMENT_POLLS,
  useCancelOrder,
  useMyOrder,
  usePayOrder,
} from '../orders-api';
import { OrderCard } from './OrderCard';

type Props = {
  orderId: string;
  /** Back from the payment page: says what our server knows, asking again while it waits. */
  returning?: boolean;
};

/**
 * One of the buyer's orders. Back from the payment page it only shows what Gona's server says:
 * the payment counts once the payment service's event has been checked, so while the order still
 * waits it is asked again a few times before saying the payment is still being confirmed.
 * An accepted order the seller has not dispatched by the agreed day can be cancelled for a full
 * refund (the card offers "I have received it" once it is dispatched).
 */
export function OrderDetail({ orderId, returning = false }: Props) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const query = useMyOrder(orderId, returning);
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [started] = useState(() => Date.now());
  const back = { to: `${paths.marketplace}?tab=orders`, label: t('orders.detail.back') };
  if (!query.data)
    return <DetailState query={query} back={back} errorTitle={t('orders.detail.errorTitle')} />;
  const order = query.data;
  const stillWaiting = order.status === 'placed' && returning;
  const gaveUp = stillWaiting && query.dataUpdatedAt - started >= PAYMENT_POLL_MS * (PAYMENT_POLLS - 1);
  const open = order.status === 'placed' && new Date(order.expires_at).getTime() > Date.now();
  const late = order.status === 'accepted' && order.dispatch_by !== null && hasPassed(order.dispatch_by);
  const cancellable = order.status === 'placed' || order.status === 'paid' || late;

  return (
    <div className="flex flex-col gap-4">
      <BackLink to={back.to}>{back.label}</BackLink>
      {returning && (
        <p role="status" className="rounded-lg bg-stone-100 px-3 py-2 text-stone-800">
          {order.status === 'placed'
            ? t(gaveUp ? 'orders.detail.paymentNotConfirmed' : 'orders.detail.checking')
            : order.status === 'dispatched' && order.delivery === 'pickup'
              ? t('orders.detail.after.readyForPickup')
              : t(`orders.detail.after.${order.status}`)}
        </p>
      )}
      <FormAlert>{failure}</FormAlert>
      <OrderCard order={order} side="buyer" />
      <div className="flex flex-wrap gap-2">
        {open && (
          <Button
            loading={pay.isPending}
            onClick={() =>
              pay.mutate(order.id, {
                onSuccess: (payment) => goToCheckout(payment.authorization_url),
                onError: (error) => setFailure(errorText(error)),
              })
            }
          >
            {t('orders.detail.pay', { total: formatNaira(order.total_kobo) })}
          </Button>
        )}
        {cancellable && (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('orders.detail.cancel')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={t('orders.detail.cancelTitle')}
        message={t(order.status === 'placed' ? 'orders.detail.cancelText' : 'orders.detail.cancelPaidText', {
          total: formatNaira(order.total_kobo),
        })}
        confirmLabel={t('orders.detail.cancel')}
        cancelLabel={t('orders.detail.keep')}
        confirmVariant="danger"
        pending={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(order.id, {
            onSuccess: () => {
              toast.success(t('orders.detail.cancelled'));
              setAsking(false);
            },
            onError: (error) => {
              setFailure(errorText(error));
              setAsking(false);
            },
          })
        }
      />
    </div>
  );
}
