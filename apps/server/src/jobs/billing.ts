import type { PgBoss } from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { reconcileSubscriptions } from '../features/billing/billing-events.service';
import { sweepSubscriptions } from '../features/billing/billing-sweeps.service';
import { rewardReferrals } from '../features/referrals/referrals.service';
import type { PaymentGateway } from '../integrations/payments';
import type { Logger } from '../lib/logger';

const BILLING_SWEEP_QUEUE = 'billing-sweep';

/**
 * Every 10 minutes: farms whose Pro is over return to Free (billing-sweeps.service), then Gona
 * Pro's checkouts left open and subscriptions we are unsure of are asked of Paystack (docs/decisions/063),
 * and inviters get their month of Pro for each invited farmer now keeping records (referrals.service).
 */
export async function startBillingSweep(
  boss: PgBoss,
  deps: { db: Db; logger: Logger; payments: PaymentGateway | null; config: Config },
): Promise<void> {
  await boss.createQueue(BILLING_SWEEP_QUEUE, { policy: 'singleton', retryLimit: 1, retryDelay: 120 });
  await boss.work(BILLING_SWEEP_QUEUE, async () => {
    const now = new Date();
    await sweepSubscriptions(deps, now);
    await reconcileSubscriptions({ ...deps, now: () => Date.now() }, now);
    await rewardReferrals({ ...deps, now: () => Date.now() });
  });
  await boss.schedule(BILLING_SWEEP_QUEUE, '*/10 * * * *', null, { tz: 'Africa/Lagos' });
}
