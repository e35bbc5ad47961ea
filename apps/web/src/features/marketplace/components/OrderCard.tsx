import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { formatNigerianPhone } from '@gona/shared/phone';
import { fromMilli, milliOf, type Quantity } from '@gona/shared/units';
import { Badge } from '@/components/ui';
import type { BadgeTone } from '@/components/ui/Badge';
import { formatDateTime } from '@/lib/format';
import { dayOf, groupedQuantity, hasPassed, shortRefundKobo, spacedCode, useListingText } from '../format';
import { AnswerDisputeButton } from './AnswerDisputeDialog';
import { DisputeNote } from './DisputeNote';
import { PayoutStatus } from './PayoutStatus';
import { RateOrder } from './RateDialog';
import { RatingBriefText } from './RatingStars';
import { ReceiveButton, ReleaseButton } from './ReceiveButton';
import { ReportProblemButton } from './ReportProblemDialog';

const TONE: Record<OrderStatus, BadgeTone> = {
  placed: 'amber',
  paid: 'green',
  accepted: 'green',
  dispatched: 'green',
  delivered: 'green',
  disputed: 'amber',
  completed: 'neutral',
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
  /** Whether the viewer may rate the other side once completed (the farm's owners and managers). */
  canRate?: boolean;
};

/**
 * One order: what and how much, the total, where it stands (with the refund once there is one),
 * and the other side's phone once it is paid. Once dispatched: the driver and the day, and to the
 * buyer the delivery code to give when the produce is in their hands and "I have received it"
 * (on their list and the order's page alike); once delivered: what was delivered and when the
 * order completes; once completed, what the farm is due and where its payout stands.
 */
export function OrderCard({ order, side, title, children, canRate = true }: Props) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const phone = side === 'buyer' ? order.seller_phone : order.buyer_phone;
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg font-semibold text-stone-900">
          {title ?? order.listing_title}
        </h3>
        <Badge tone={TONE[order.status]}>{t(statusKey(order))}</Badge>
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
      {side === 'seller' && order.buyer_rating && (
        <div className="flex flex-wrap items-baseline gap-x-1 text-sm text-stone-700">
          <span>{t('ratings.buyerRating')}</span>
          <RatingBriefText rating={order.buyer_rating} className="text-sm text-stone-700" />
        </div>
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
      {order.status === 'accepted' && order.dispatch_by && (
        <p className="text-sm text-stone-700">
          {t(
            side === 'seller'
              ? hasPassed(order.dispatch_by)
                ? 'orders.card.dispatchLate'
                : 'orders.card.dispatchBy'
              : hasPassed(order.dispatch_by)
                ? 'orders.card.lateDispatch'
                : 'orders.card.sellerDispatchBy',
            { day: dayOf(order.dispatch_by) },
          )}
        </p>
      )}
      {side === 'buyer' && order.status === 'dispatched' && order.delivery_code && (
        <DeliveryCode code={order.delivery_code} pickup={order.delivery === 'pickup'} />
      )}
      {order.dispatch && order.status === 'dispatched' && <DispatchDetails order={order} />}
      {side === 'buyer' && order.status === 'dispatched' && <ReceiveButton order={order} />}
      <DisputeNote order={order} side={side} />
      {side === 'buyer' && canReport(order) && <ReportProblemButton order={order} />}
      {side === 'buyer' && order.status === 'delivered' && canReport(order) && (
        <ReleaseButton order={order} />
      )}
      {side === 'seller' &&
        order.status === 'disputed' &&
        order.farm_id &&
        order.dispute?.status === 'open' &&
        !hasPassed(order.dispute.answer_by_time) && (
          <AnswerDisputeButton farmId={order.farm_id} order={order} />
        )}
      {order.delivered_quantity !== null &&
        (order.status === 'delivered' || order.status === 'completed') && (
          <Delivered order={order} delivered={order.delivered_quantity} />
        )}
      {order.status === 'delivered' && order.complete_by && (
        <p className="text-sm text-stone-700">
          {t(side === 'seller' ? 'orders.card.completesSeller' : 'orders.card.completesBuyer', {
            time: formatDateTime(order.complete_by),
          })}
        </p>
      )}
      {order.status === 'completed' && order.completed_at && (
        <p className="text-sm text-stone-700">
          {t('orders.card.completedOn', { time: formatDateTime(order.completed_at) })}
        </p>
      )}
      {side === 'seller' && order.status === 'completed' && order.seller_amount_kobo !== null && (
        <p className="font-semibold text-green-800 tabular-nums">
          {t('orders.card.dueToFarm', { amount: formatNaira(order.seller_amount_kobo) })}
        </p>
      )}
      {side === 'seller' && order.status === 'completed' && order.payout && (
        <PayoutStatus payout={order.payout} />
      )}
      {(canRate || order.my_rating) && <RateOrder order={order} side={side} />}
      {order.cancel_reason && <p className="text-sm text-stone-700">{order.cancel_reason}</p>}
      {order.refund && !isShort(order) && (
        <p className="text-sm text-stone-700">
          {t(`orders.refund.${order.refund.status}`, { amount: formatNaira(order.refund.amount_kobo) })}
        </p>
      )}
      {order.extra_payments.map((payment) => (
        <p key={payment.paid_at} className="text-sm text-stone-700">
          {t(`orders.extraPayment.${payment.reason}.${payment.refund_status ?? 'pending'}`, {
            amount: formatNaira(payment.amount_kobo),
            date: payment.refunded_at ? formatDateTime(payment.refunded_at).slice(0, 10) : '',
          })}
        </p>
      ))}
      {children}
    </article>
  );
}

/** "Ready for pickup" for a dispatched order the buyer collects, else the status's own words. */
function statusKey(order: Pick<Order, 'status' | 'delivery'>): string {
  return order.status === 'dispatched' && order.delivery === 'pickup'
    ? 'orders.statuses.readyForPickup'
    : `orders.statuses.${order.status}`;
}

/** A problem can be reported once dispatched, until the order completes. */
function canReport(order: Order): boolean {
  if (order.status === 'dispatched') return true;
  return order.status === 'delivered' && order.complete_by !== null && !hasPassed(order.complete_by);
}

function isShort(order: Order): boolean {
  return order.delivered_quantity !== null && milliOf(order.delivered_quantity) < milliOf(order.quantity);
}

/** The buyer's code, big and spaced, to read out to the driver once the produce is in hand. */
function DeliveryCode({ code, pickup }: { code: string; pickup: boolean }) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="rounded-lg border-2 border-green-700 bg-green-50 px-3 py-3">
      <p className="font-medium text-stone-900">
        {t('orders.card.code')}{' '}
        <strong className="block text-3xl font-bold tracking-wider text-stone-900 tabular-nums">
          {spacedCode(code)}
        </strong>
      </p>
      <p className="mt-1 text-stone-800">{t(pickup ? 'orders.card.codePickup' : 'orders.card.codeDriver')}</p>
    </div>
  );
}

/** The day it is ready or should arrive, and who brings it. */
function DispatchDetails({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  const dispatch = order.dispatch;
  if (!dispatch) return null;
  const pickup = order.delivery === 'pickup';
  return (
    <div className="flex flex-col gap-1 text-stone-800">
      <p>
        {t(pickup ? 'orders.card.readyOn' : 'orders.card.expectedOn', { day: dayOf(dispatch.expected_on) })}
      </p>
      {dispatch.driver_name && (
        <p className="break-words">{t('orders.card.driver', { name: dispatch.driver_name })}</p>
      )}
      {dispatch.driver_phone && (
        <p>
          {t('orders.card.driverPhone')}{' '}
          <a className="font-medium text-green-800 underline" href={`tel:${dispatch.driver_phone}`}>
            {formatNigerianPhone(dispatch.driver_phone)}
          </a>
        </p>
      )}
      {dispatch.vehicle && (
        <p className="break-words">{t('orders.card.vehicle', { vehicle: dispatch.vehicle })}</p>
      )}
    </div>
  );
}

/** What was delivered, and when it was less than ordered, by how much and the refund. */
function Delivered({ order, delivered }: { order: Order; delivered: Quantity }) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const short = fromMilli(milliOf(order.quantity) - milliOf(delivered));
  const refund = order.refund
    ? t(`orders.refund.${order.refund.status}`, { amount: formatNaira(order.refund.amount_kobo) })
    : t('orders.card.shortRefunded', { amount: formatNaira(shortRefundKobo(order, delivered)) });
  return (
    <p className="text-stone-800">
      {t('orders.card.deliveredQuantity', {
        quantity: groupedQuantity(delivered),
        unit: text.unit(order.unit, delivered),
      })}
      {isShort(order) && (
        <span className="block text-sm text-stone-700">
          {t('orders.card.short', {
            quantity: groupedQuantity(short),
            unit: text.unit(order.unit, short),
          })}
          {' · '}
          {refund}
        </span>
      )}
    </p>
  );
}
