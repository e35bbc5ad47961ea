import type { PgBoss } from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { reconcilePayments } from '../features/marketplace/reconciliation.service';
import type { PaymentGateway } from '../integrations/payments';
import type { Logger } from '../lib/logger';

const PAYMENTS_RECONCILE_QUEUE = 'payments-reconcile';

/**
 * Every night (02:30 Lagos): Paystack's successful charges of the last 7 days against the ledger
 * (reconciliation.service.ts); a charge whose event was lost is recorded, and Gona's staff are told
 * of every difference. Without a gateway there is nothing to check.
 */
export async function startPaymentsReconcile(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; payments: PaymentGateway | null; config: Config },
): Promise<void> {
  await boss.createQueue(PAYMENTS_RECONCILE_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 600 });
  await boss.work(PAYMENTS_RECONCILE_QUEUE, async () => {
    await reconcilePayments({ ...deps, now: () => Date.now() }, new Date());
  });
  await boss.schedule(PAYMENTS_RECONCILE_QUEUE, '30 2 * * *', null, { tz: 'Africa/Lagos' });
}
