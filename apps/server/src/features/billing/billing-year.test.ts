import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { farm_subscriptions, farms, subscription_payments } from '../../db/schema/index';
import { startFakePaystack } from '../../integrations/fake-paystack';
import { newId } from '../../lib/ids';
import { createTestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { sweepSubscriptions } from './billing-sweeps.service';
import { proPlanCode } from './billing.rows';
import { expectBillingLedgerBalanced, PRICE_KOBO, PRICE_NAIRA } from './billing.test-setup';

/**
 * A year of Gona Pro for 1,000 farms through the Paystack stand-in on the app's clock: every card
 * subscription comes due, 950 renew and 50 fail (and return to Free after their grace), every
 * webhook goes through the app over HTTP, and the ledger stays balanced. Seeded in SQL; on a
 * database of its own, as it reads the whole ledger.
 */

const FARMS = 1_000;
const FAILING = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

let now: () => number = () => Date.now();
const fake = await startFakePaystack({ webhookRetryDelaysMs: [50], now: () => now(), webhookLanes: 8 });
const t = await createTestContext(
  {
    PAYSTACK_BASE_URL: fake.url,
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PLAN_PRO_PRICE_NAIRA: String(PRICE_NAIRA),
  },
  { ownDatabase: true },
);
now = t.deps.now;
const server = await new Promise<ServerType>((resolve) => {
  const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
fake.setWebhookUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/paystack`);

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => server.close(resolve));
});

it('renews a year of 1,000 farms once each, lapses the failed ones after their grace, and keeps the ledger balanced', async () => {
  const owner = await seedUser(t, { first_name: 'Bench' });
  const planCode = await proPlanCode(t.db, t.deps.payments!, PRICE_KOBO);
  const start = new Date(t.deps.now());
  const renewsAt = new Date(start);
  renewsAt.setUTCFullYear(renewsAt.getUTCFullYear() + 1);

  const farmRows = Array.from({ length: FARMS }, (_, i) => ({
    id: newId(),
    name: `Bench farm ${i + 1}`,
    location: 'Ibadan',
    farm_type: 'crop' as const,
    owner_id: owner.user.id,
  }));
  await t.db.insert(farms).values(farmRows);
  const subs = farmRows.map((farm, i) => ({
    farm,
    sub: fake.seedSubscription({ email: `bench-${i + 1}@gona.test`, planCode, nextPaymentDate: renewsAt }),
  }));
  await t.db.insert(farm_subscriptions).values(
    subs.map(({ farm, sub }) => ({
      farm_id: farm.id,
      state: 'active' as const,
      method: 'card_subscription' as const,
      period_start: start,
      period_end: renewsAt,
      customer_code: sub.customerCode,
      subscription_code: sub.subscriptionCode,
      email_token: sub.emailToken,
      plan_code: planCode,
    })),
  );

  t.clock.advance((renewsAt.getTime() - start.getTime()) / 1000 + 60);
  const failing = subs.slice(0, FAILING).map((s) => s.sub.subscriptionCode);
  const result = await fake.renewDue({ fail: failing });
  await fake.settled();
  expect(result).toEqual({ renewed: FARMS - FAILING, failed: FAILING });
  expect(fake.webhooks.every((w) => w.delivered)).toBe(true);

  const payments = await t.db.select({ n: sql<number>`count(*)::int` }).from(subscription_payments);
  expect(payments[0]!.n).toBe(FARMS - FAILING);
  const states = async () =>
    Object.fromEntries(
      (
        await t.db
          .select({ state: farm_subscriptions.state, n: sql<number>`count(*)::int` })
          .from(farm_subscriptions)
          .groupBy(farm_subscriptions.state)
      ).map((r) => [r.state, r.n]),
    );
  expect(await states()).toEqual({ active: FARMS - FAILING, past_due: FAILING });
  const [renewed] = await t.db
    .select({ period_end: farm_subscriptions.period_end })
    .from(farm_subscriptions)
    .where(eq(farm_subscriptions.farm_id, subs.at(-1)!.farm.id));
  const nextYear = new Date(renewsAt);
  nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
  expect(renewed!.period_end).toEqual(nextYear);

  t.clock.advance((8 * DAY_MS) / 1000);
  expect(await sweepSubscriptions(t.deps, new Date(t.deps.now()))).toBe(FAILING);
  expect(await states()).toEqual({ active: FARMS - FAILING, free: FAILING });

  const ledger = await expectBillingLedgerBalanced(t);
  expect(ledger.gateway).toBe((FARMS - FAILING) * PRICE_KOBO);
  const paidAtGateway = fake.transactions.reduce((sum, tx) => sum + (tx.paidAmount ?? 0), 0);
  expect(ledger.gateway).toBe(paidAtGateway);
  const receipts = (
    await t.db.select({ n: subscription_payments.receipt_number }).from(subscription_payments)
  )
    .map((r) => r.n)
    .sort((a, b) => a - b);
  expect(receipts.at(-1)! - receipts[0]!).toBe(receipts.length - 1);
}, 60_000);
