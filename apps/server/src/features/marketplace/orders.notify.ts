/** Who hears of each step of an order: the buyer, and the selling farm's owners and managers. */
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db } from '../../db/client';
import { dateIn } from '../../lib/farm-time';
import { notify } from '../notifications/notify.service';
import { type OrderRow, type Delivered, quantityText, shortRefundKobo } from './orders.rows';

function orderFacts(order: OrderRow) {
  return {
    order_id: order.id,
    listing_title: order.title,
    farm_name: order.seller_name,
    quantity: quantityText(order.quantity),
    unit: order.unit,
    total_kobo: order.total_kobo,
  };
}

/**
 * The farm's owners and managers hear of a paid order to accept, of one cancelled, of one not
 * dispatched in time, of its delivery, and of the money due to the farm once it completes.
 */
export async function notifySeller(
  db: Db,
  order: OrderRow,
  status: 'paid' | 'cancelled' | 'dispatch_late' | 'delivered' | 'completed',
  delivered?: Delivered,
): Promise<void> {
  if (!order.farm_id) return;
  const facts = orderFacts(order);
  await notify(
    { db },
    {
      farmId: order.farm_id,
      roles: ['owner', 'manager'],
      kind: 'order_sold',
      params:
        status === 'dispatch_late'
          ? { ...facts, status, dispatch_by: dateIn(DEFAULT_TIMEZONE, order.dispatch_by ?? new Date()) }
          : status === 'delivered'
            ? { ...facts, status, ...deliveredFacts(order, delivered) }
            : status === 'completed'
              ? { ...facts, status, seller_amount_kobo: order.seller_amount_kobo ?? 0 }
              : { ...facts, status },
      link: NOTIFICATION_PATHS.farmOrders,
      dedupeKey: `order_sold:${order.id}:${status}`,
    },
  );
}

/** The buyer hears of each step of their order. */
export async function notifyBuyer(
  db: Db,
  order: OrderRow,
  status: 'paid' | 'accepted' | 'declined' | 'cancelled' | 'dispatched' | 'delivered',
  delivered?: Delivered,
): Promise<void> {
  if (!order.buyer_id) return;
  const facts = orderFacts(order);
  await notify(
    { db },
    {
      userIds: [order.buyer_id],
      kind: 'order_update',
      params:
        status === 'dispatched'
          ? {
              ...facts,
              status,
              delivery: order.delivery,
              expected_on: order.expected_on ?? dateIn(DEFAULT_TIMEZONE, order.updated_at),
              driver_name: order.driver_name,
              driver_phone: order.driver_phone,
            }
          : status === 'delivered'
            ? { ...facts, status, ...deliveredFacts(order, delivered) }
            : { ...facts, status, reason: order.cancel_reason },
      link: NOTIFICATION_PATHS.order(order.id),
      dedupeKey: `order_update:${order.id}:${status}`,
    },
  );
}

function deliveredFacts(order: OrderRow, delivered: Delivered | undefined) {
  return {
    delivered_quantity: quantityText(order.delivered_quantity ?? order.quantity),
    refund_kobo: delivered?.refundKobo ?? shortRefundKobo(order),
    complete_hours: delivered?.completeHours ?? 0,
  };
}
