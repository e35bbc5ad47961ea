import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../integrations/payments';
import type { Logger } from '../lib/logger';
import {
  cancelUnacceptedOrders,
  completeOrders,
  expireOrders,
  remindUndispatchedOrders,
} from '../features/marketplace/order-sweeps.service';
import { retryRefunds } from '../features/marketplace/order-payments.service';
import { markUnansweredDisputes } from '../features/marketplace/disputes.service';
import { sendPayouts } from '../features/marketplace/payouts.service';

const MARKETPLACE_ORDERS_QUEUE = 'marketplace-orders';

/**
 * Every minute: unpaid orders past their 30 minutes expire and free their quantity; paid orders
 * the seller did not accept in 48 hours are cancelled and refunded; disputes the seller did not
 * answer in time are marked and both sides and Gona told; sellers of accepted orders not
 * dispatched by their day are reminded once; delivered orders past their window complete (the
 * farm is owed its share, a pending payout); refunds the gateway could not be asked for are asked
 * again; pending payouts of farms with an account not on hold are sent (payouts.service). Each step
 * changes an order only from the state it read, so runs on several servers, or a run repeated,
 * change nothing twice.
 */
export async function startMarketplaceOrders(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; payments: PaymentGateway | null },
): Promise<void> {
  await boss.createQueue(MARKETPLACE_ORDERS_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 30 });
  await boss.work(MARKETPLACE_ORDERS_QUEUE, async () => {
    const now = new Date();
    const expired = await expireOrders(deps, now);
    const cancelled = await cancelUnacceptedOrders(deps, now);
    const reminded = await remindUndispatchedOrders(deps, now);
    const completed = await completeOrders(deps, now);
    const unanswered = await markUnansweredDisputes(deps, now);
    const retried = await retryRefunds(deps, now);
    const paidOut = await sendPayouts(deps, now);
    if (expired + cancelled + reminded + completed + unanswered + retried + paidOut > 0)
      deps.logger.info('marketplace: order sweep', {
        expired,
        cancelled,
        reminded,
        completed,
        unanswered,
        retried,
        paidOut,
      });
  });
  await boss.schedule(MARKETPLACE_ORDERS_QUEUE, '* * * * *');
}
