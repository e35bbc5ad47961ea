import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSubscription, AdminSubscriptionPage, Subscription } from '@gona/shared/billing';
import { audit_logs, farm_subscriptions, payment_events } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { setPlatformAdmin } from '../../scripts/admin';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam, type SeededUser } from '../../test/farm-team';
import { reconcilePayments } from '../marketplace/reconciliation.service';
import { pdfText } from '../../lib/pdf-text';
import { reconcileSubscriptions } from './billing-events.service';
import {
  billingTestApp,
  checkout,
  PRICE_KOBO,
  subscriptionOf,
  type BillingTestApp,
} from './billing.test-setup';

/**
 * Who may do what with Gona Pro, its receipts, the back office's subscriptions and grants, and the
 * reconcile job finding what a lost webhook did not tell (docs/decisions/063).
 */

let app: BillingTestApp;
let t: TestContext;
let fake: FakePaystack;
let admin: SeededUser;

beforeAll(async () => {
  app = await billingTestApp();
  ({ t, fake } = app);
  admin = await seedUser(t, { first_name: 'Ada' });
  expect(await setPlatformAdmin(t.db, 'grant', admin.email)).toBe(true);
});

afterAll(() => app.close());

async function paidOneYear(team: FarmTeam): Promise<Subscription> {
  const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
  await fake.pay(started.reference, { channel: 'bank_transfer' });
  await fake.settled();
  return subscriptionOf(t, team.base, team.cookies.owner);
}

describe('who may', () => {
  it('lets owners buy and managers read; workers, viewers, strangers and no session are refused', async () => {
    const team = await seedFarmTeam(t);
    const body = { kind: 'one_year', client_id: newId() };
    expect((await t.request('GET', `${team.base}/subscription`)).status).toBe(401);
    expect(
      (await t.request('GET', `${team.base}/subscription`, { cookie: team.cookies.stranger })).status,
    ).toBe(404);
    for (const role of ['worker', 'viewer'] as const) {
      const read = await t.request('GET', `${team.base}/subscription`, { cookie: team.cookies[role] });
      expect(read.status).toBe(403);
    }
    expect(
      (await t.request('GET', `${team.base}/subscription`, { cookie: team.cookies.manager })).status,
    ).toBe(200);
    const byManager = await t.request('POST', `${team.base}/subscription/checkout`, {
      cookie: team.cookies.manager,
      body,
    });
    expect(byManager.status).toBe(403);
    const malformed = await t.request<{ error: { fields: Record<string, string> } }>(
      'POST',
      `${team.base}/subscription/checkout`,
      { cookie: team.cookies.owner, body: { kind: 'monthly', client_id: 'x' } },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({
      kind: 'Choose a renewing subscription or one year',
      client_id: 'Open the checkout from the app',
    });
    const otherFarm = await seedFarmTeam(t);
    const elsewhere = await t.request('POST', `${otherFarm.base}/subscription/checkout`, {
      cookie: team.cookies.owner,
      body,
    });
    expect(elsewhere.status).toBe(404);
  });

  it("refuses a checkout while the card renews, and another farm's reference at verify", async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    await fake.pay(started.reference);
    await fake.settled();
    const again = await t.request('POST', `${team.base}/subscription/checkout`, {
      cookie: team.cookies.owner,
      body: { kind: 'one_year', client_id: newId() },
    });
    expect(again.status).toBe(409);
    const other = await seedFarmTeam(t);
    const verify = await t.request('POST', `${other.base}/subscription/verify`, {
      cookie: other.cookies.owner,
      body: { reference: started.reference },
    });
    expect(verify.status).toBe(400);
  });
});

describe('receipts', () => {
  it("gives each payment's receipt as a PDF with Gona, the farm, period, amount and VAT, to owners and managers", async () => {
    const team = await seedFarmTeam(t);
    const sub = await paidOneYear(team);
    const payment = sub.payments[0]!;
    const url = `${team.base}/subscription/receipts/${payment.id}`;
    const res = await t.request('GET', url, { cookie: team.cookies.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`Gona receipt ${payment.receipt_number}.pdf`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.bytes).join('\n');
    expect(text).toContain(payment.receipt_number);
    expect(text).toContain(team.farm.name);
    expect(text).toContain('₦60,000');
    expect(text).toContain('₦4,186.05');
    expect(text).toContain(`${team.users.owner.first_name} ${team.users.owner.last_name}, Bank transfer`);
    expect(text).toContain('Gona Pro, one year');
    expect(text).toContain(t.deps.config.supportEmail);
    expect((await t.request('GET', url, { cookie: team.cookies.owner })).status).toBe(200);
    expect((await t.request('GET', url, { cookie: team.cookies.worker })).status).toBe(403);
    expect((await t.request('GET', url)).status).toBe(401);
    const other = await seedFarmTeam(t);
    const elsewhere = await t.request('GET', `${other.base}/subscription/receipts/${payment.id}`, {
      cookie: other.cookies.owner,
    });
    expect(elsewhere.status).toBe(404);
    const unknown = await t.request('GET', `${team.base}/subscription/receipts/${newId()}`, {
      cookie: team.cookies.owner,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the back office', () => {
  it('lists and reads subscriptions with their payments, and refuses people who are not Gona staff', async () => {
    const team = await seedFarmTeam(t);
    await paidOneYear(team);
    expect((await t.request('GET', '/api/admin/subscriptions', { cookie: team.cookies.owner })).status).toBe(
      403,
    );
    expect((await t.request('GET', '/api/admin/subscriptions')).status).toBe(401);
    const list = await t.request<AdminSubscriptionPage>(
      'GET',
      `/api/admin/subscriptions?q=${encodeURIComponent(team.users.owner.email)}&state=active`,
      { cookie: admin.cookie },
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((i) => i.farm_id)).toEqual([team.farm.id]);
    const one = await t.request<AdminSubscription>('GET', `/api/admin/subscriptions/${team.farm.id}`, {
      cookie: admin.cookie,
    });
    expect(one.body).toMatchObject({ state: 'active', method: 'one_year', renews: false });
    expect(one.body.payments.map((p) => [p.amount_kobo, p.reference.startsWith('gona-pro-')])).toEqual([
      [PRICE_KOBO, true],
    ]);
  });

  it('grants Pro to a day with a reason, audited, without a payment', async () => {
    const team = await seedFarmTeam(t);
    const refused = await t.request('POST', `/api/admin/subscriptions/${team.farm.id}/grant`, {
      cookie: admin.cookie,
      body: { until: '2020-01-01', reason: 'Cooperative pilot' },
    });
    expect(refused.status).toBe(400);
    const until = new Date(t.deps.now() + 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await t.request<AdminSubscription>('POST', `/api/admin/subscriptions/${team.farm.id}/grant`, {
      cookie: admin.cookie,
      body: { until, reason: 'Cooperative pilot' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'active', method: 'granted', payments: [] });
    expect(res.body.grants).toEqual([
      expect.objectContaining({ until, reason: 'Cooperative pilot', granted_by_email: admin.email }),
    ]);
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({ plan: 'pro', method: 'granted', renews: false });
    const audit = await t.db
      .select({ user: audit_logs.user_id, changes: audit_logs.changes })
      .from(audit_logs)
      .where(and(eq(audit_logs.farm_id, team.farm.id), eq(audit_logs.table_name, 'farm_subscriptions')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user).toBe(admin.user.id);
    expect(audit[0]!.changes).toMatchObject({ reason: 'Cooperative pilot', by: 'gona' });
    const byOwner = await t.request('POST', `/api/admin/subscriptions/${team.farm.id}/grant`, {
      cookie: team.cookies.owner,
      body: { until, reason: 'Me' },
    });
    expect(byOwner.status).toBe(403);
  });
});

describe('reconciling with Paystack', () => {
  it('applies a payment whose webhook never came, and links a card subscription Paystack did not tell of', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    fake.setWebhookUrl(null);
    await fake.pay(started.reference);
    fake.setWebhookUrl(app.webhookUrl);
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).state).toBe('free');
    t.clock.advance(20 * 60);
    expect(await reconcileSubscriptions(t.deps, new Date(t.deps.now()))).toBe(1);
    const paid = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(paid).toMatchObject({ plan: 'pro', state: 'active', renews: true });
    const [row] = await t.db
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, team.farm.id));
    expect(row!.subscription_code).toBeNull();
    t.clock.advance(2 * 3600);
    expect(await reconcileSubscriptions(t.deps, new Date(t.deps.now()))).toBe(1);
    const [linked] = await t.db
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, team.farm.id));
    expect(linked!.subscription_code).toBe(fake.subscriptions.at(-1)!.subscriptionCode);
    // Nothing more to do on the next run, and the daily check of the ledger finds no difference.
    expect(await reconcileSubscriptions(t.deps, new Date(t.deps.now()))).toBe(0);
    const daily = await reconcilePayments(t.deps, new Date(t.deps.now() + 3_600_000));
    expect(daily?.differences.filter((d) => d.reference === started.reference)).toEqual([]);
  });

  it('lets the daily check apply a Gona Pro charge to its farm, not to suspense', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
    fake.setWebhookUrl(null);
    await fake.pay(started.reference);
    fake.setWebhookUrl(app.webhookUrl);
    const daily = await reconcilePayments(t.deps, new Date(t.deps.now() + 3_600_000));
    expect(daily?.differences.find((d) => d.reference === started.reference)).toMatchObject({
      kind: 'missing',
      recorded: true,
    });
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).state).toBe('active');
    const events = await t.db
      .select()
      .from(payment_events)
      .where(eq(payment_events.reference, started.reference));
    expect(events).toEqual([]);
  });
});
