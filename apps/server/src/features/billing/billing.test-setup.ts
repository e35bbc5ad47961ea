import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { vatIncludedKobo, type Checkout, type Subscription } from '@gona/shared/billing';
import { billing_counters, ledger_entries, staff, subscription_payments } from '../../db/schema/index';
import { startFakePaystack, type FakePaystack } from '../../integrations/fake-paystack';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';

/** The app over HTTP with the Paystack stand-in on the app's clock, its webhooks sent to the app. */
export type BillingTestApp = {
  t: TestContext;
  fake: FakePaystack;
  webhookUrl: string;
  close: () => Promise<void>;
};

export const PRICE_NAIRA = 60_000;
export const PRICE_KOBO = PRICE_NAIRA * 100;

export async function billingTestApp(options: { ownDatabase?: boolean } = {}): Promise<BillingTestApp> {
  let now: () => number = () => Date.now();
  const fake = await startFakePaystack({ webhookRetryDelaysMs: [20], now: () => now() });
  const t = await createTestContext(
    {
      PAYSTACK_BASE_URL: fake.url,
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PLAN_PRO_PRICE_NAIRA: String(PRICE_NAIRA),
    },
    { ownDatabase: options.ownDatabase },
  );
  now = t.deps.now;
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const webhookUrl = `http://127.0.0.1:${port}/api/webhooks/paystack`;
  fake.setWebhookUrl(webhookUrl);
  return {
    t,
    fake,
    webhookUrl,
    close: async () => {
      await fake.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The farm's subscription as its owner (or `cookie`) reads it. */
export async function subscriptionOf(t: TestContext, base: string, cookie: string): Promise<Subscription> {
  const res = await t.request<Subscription>('GET', `${base}/subscription`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Opens a checkout as the owner; answers it. */
export async function checkout(
  t: TestContext,
  base: string,
  cookie: string,
  kind: 'renewing' | 'one_year',
  clientId = newId(),
): Promise<Checkout> {
  const res = await t.request<Checkout>('POST', `${base}/subscription/checkout`, {
    cookie,
    body: { kind, client_id: clientId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/**
 * The whole ledger adds up: every transaction sums to zero, and the money Gona Pro took in
 * (gateway lines of subscription payments) equals its revenue plus VAT.
 */
export async function expectBillingLedgerBalanced(
  t: TestContext,
): Promise<{ gateway: number; revenue: number; vat: number }> {
  const unbalanced = await t.db
    .select({ txn: ledger_entries.txn_id })
    .from(ledger_entries)
    .groupBy(ledger_entries.txn_id)
    .having(sql`sum(${ledger_entries.amount_kobo}) <> 0`);
  expect(unbalanced).toEqual([]);
  const [sums] = await t.db
    .select({
      gateway: sql<string>`coalesce(sum(${ledger_entries.amount_kobo}) FILTER (WHERE ${ledger_entries.account} = 'gateway'), 0)`,
      revenue: sql<string>`coalesce(-sum(${ledger_entries.amount_kobo}) FILTER (WHERE ${ledger_entries.account} = 'subscription_revenue'), 0)`,
      vat: sql<string>`coalesce(-sum(${ledger_entries.amount_kobo}) FILTER (WHERE ${ledger_entries.account} = 'vat_payable'), 0)`,
    })
    .from(ledger_entries)
    .where(eq(ledger_entries.kind, 'subscription_payment'));
  const result = { gateway: Number(sums!.gateway), revenue: Number(sums!.revenue), vat: Number(sums!.vat) };
  expect(result.gateway).toBe(result.revenue + result.vat);
  return result;
}

/** `n` active workers written straight into the database, started on consecutive days. */
export async function seedActiveStaff(t: TestContext, farmId: string, n: number): Promise<void> {
  await t.db.insert(staff).values(
    Array.from({ length: n }, (_, i) => ({
      id: newId(),
      farm_id: farmId,
      first_name: 'Worker',
      last_name: String(i + 1).padStart(2, '0'),
      job: 'casual_labourer' as const,
      employment_type: 'casual' as const,
      start_date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    })),
  );
}

/** A Gona Pro payment of the farm's written straight into the database, numbered from the one receipt counter. */
export async function seedSubscriptionPayment(
  t: TestContext,
  farm: { id: string; name: string },
): Promise<string> {
  const [counter] = await t.db
    .insert(billing_counters)
    .values({ name: 'receipt', value: 1 })
    .onConflictDoUpdate({ target: billing_counters.name, set: { value: sql`${billing_counters.value} + 1` } })
    .returning({ value: billing_counters.value });
  const now = t.deps.now();
  const [payment] = await t.db
    .insert(subscription_payments)
    .values({
      farm_id: farm.id,
      farm_name: farm.name,
      receipt_number: counter!.value,
      reference: `gona-pro-${newId()}`,
      kind: 'checkout',
      amount_kobo: PRICE_KOBO,
      vat_kobo: vatIncludedKobo(PRICE_KOBO),
      channel: 'card',
      paid_at: new Date(now),
      period_start: new Date(now),
      period_end: new Date(now + 365 * 24 * 3600 * 1000),
    })
    .returning({ id: subscription_payments.id });
  return payment!.id;
}
