import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { formatNigerianPhone } from '@gona/shared/phone';
import { Badge } from '@/components/ui';
import type { BadgeTone } from '@/components/ui/Badge';
import { formatDateTime } from '@/lib/format';
import { groupedQuantity, useListingText } from '../format';

const TONE: Record<OrderStatus, BadgeTone> = {
  placed: 'amber',
  paid: 'green',
  accepted: 'green',
  declined: 'red',
  cancelled: 'neutral',
  expired: 'neutral',
};

type Props = {
  order: Order;
  /** Whose screen it is: the buyer sees the farm and its phone, the seller the buyer and theirs. */
  side: 'buyer' | 'seller';
  /** The title as a link, on lists. */
  title?: ReactNode;
  children?: ReactNode;
};

/**
 * One order: what and how much, the total, where it stands (with the refund once there is one),
 * and the other side's phone once it is paid.
 */
export function OrderCard({ order, side, title, children }: Props) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const phone = side === 'buyer' ? order.seller_phone : order.buyer_phone;
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg font-semibold text-stone-900">
          {title ?? order.listing_title}
        </h3>
        <Badge tone={TONE[order.status]}>{t(`orders.statuses.${order.status}`)}</Badge>
      </div>
      <p className="text-stone-800">
        {t('orders.card.what', {
          quantity: groupedQuantity(order.quantity),
          unit: text.unit(order.unit, order.quantity),
          total: formatNaira(order.total_kobo),
        })}
      </p>
      <p className="break-words text-stone-700">
        {side === 'buyer'
          ? t('orders.card.from', { name: order.farm_name })
          : t('orders.card.buyer', { name: order.buyer_name })}
        {' · '}
        {order.delivery === 'pickup' ? t('orders.card.pickup') : t('orders.card.delivered')}
      </p>
      {side === 'seller' &&
        order.delivery === 'seller_delivers' &&
        order.delivery_address &&
        order.paid_at && (
          <p className="break-words text-stone-700">
            {t('orders.card.address', { address: order.delivery_address })}
          </p>
        )}
      {phone && (
        <p>
          {t(side === 'buyer' ? 'orders.card.sellerPhone' : 'orders.card.buyerPhone')}{' '}
          <a className="font-medium text-green-800 underline" href={`tel:${phone}`}>
            {formatNigerianPhone(phone)}
          </a>
        </p>
      )}
      {order.status === 'paid' && order.accept_by && (
        <p className="text-sm text-stone-700">
          {t(side === 'buyer' ? 'orders.card.waitingSeller' : 'orders.card.acceptBy', {
            time: formatDateTime(order.accept_by),
          })}
        </p>
      )}
      {order.cancel_reason && <p className="text-sm text-stone-700">{order.cancel_reason}</p>}
      {order.refund && (
        <p className="text-sm text-stone-700">
          {t(`orders.refund.${order.refund.status}`, { amount: formatNaira(order.refund.amount_kobo) })}
        </p>
      )}
      {children}
    </article>
  );
}
