import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vatIncludedKobo, type Subscription } from '@gona/shared/billing';
import {
  farm_subscriptions,
  farms,
  ledger_entries,
  notifications,
  payment_events,
  staff,
  subscription_payments,
} from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import { forgetFarmTimeZone } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser, type FarmTeam } from '../../test/farm-team';
import { sweepSubscriptions } from './billing-sweeps.service';
import {
  billingTestApp,
  checkout,
  expectBillingLedgerBalanced,
  PRICE_KOBO,
  seedActiveStaff,
  subscriptionOf,
  type BillingTestApp,
} from './billing.test-setup';

/**
 * Gona Pro bought, renewed, cancelled and lapsed through the Paystack stand-in on the app's clock
 * (docs/decisions/063): every webhook applied once in any order, nothing but the price taken as
 * payment, one checkout per farm, and the ledger balanced.
 */

let app: BillingTestApp;
let t: TestContext;
let fake: FakePaystack;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  app = await billingTestApp();
  ({ t, fake } = app);
});

afterAll(() => app.close());

async function paidRenewing(team: FarmTeam): Promise<Subscription> {
  const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
  await fake.pay(started.reference);
  await fake.settled();
  return subscriptionOf(t, team.base, team.cookies.owner);
}

async function codeOf(team: FarmTeam): Promise<string> {
  return (await rowOf(team.farm.id)).subscription_code!;
}

async function rowOf(farmId: string) {
  const [row] = await t.db.select().from(farm_subscriptions).where(eq(farm_subscriptions.farm_id, farmId));
  return row!;
}

/** Moves the app's clock to the renewal date of `sub` (a minute past it). */
function untilRenewal(sub: Subscription) {
  t.clock.advance((Date.parse(sub.period_end!) - t.deps.now()) / 1000 + 60);
}

async function sweep() {
  return sweepSubscriptions(t.deps, new Date(t.deps.now()));
}

describe('a farm on Free', () => {
  it('shows its plan, its use of each limit and the price with its VAT', async () => {
    const team = await seedFarmTeam(t);
    await seedActiveStaff(t, team.farm.id, 7);
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({
      plan: 'free',
      state: 'free',
      renews: false,
      method: null,
      price_kobo: PRICE_KOBO,
      vat_kobo: vatIncludedKobo(PRICE_KOBO),
      vat_rate_bps: 750,
      payments: [],
      pending_checkout: null,
      payments_available: true,
      can_manage: true,
      usage: { workers: { used: 7, limit: 10 }, sms_alerts: false, pdf_reports: false, commission_bps: 500 },
    });
    expect(sub.usage.assistant_questions.limit).toBeGreaterThan(0);
    expect(vatIncludedKobo(PRICE_KOBO)).toBe(418_605);
    expect(sub.timezone).toBe('Africa/Lagos');
    const manager = await subscriptionOf(t, team.base, team.cookies.manager);
    expect(manager.can_manage).toBe(false);
  });

  it("names the farm's time zone, so the screen shows its dates on the farm's clock", async () => {
    const team = await seedFarmTeam(t);
    await t.db.update(farms).set({ timezone: 'Africa/Nairobi' }).where(eq(farms.id, team.farm.id));
    forgetFarmTimeZone(team.farm.id);
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub.timezone).toBe('Africa/Nairobi');
  });
});

describe('buying Pro', () => {
  it('opens one checkout for a double tap and for two owners at once', async () => {
    const team = await seedFarmTeam(t);
    const second = await seedUser(t, { first_name: 'Chidi' });
    await t.addMember(team.farm.id, second.user.id, 'owner');
    const clientId = newId();
    const taps = await Promise.all([
      t.request('POST', `${team.base}/subscription/checkout`, {
        cookie: team.cookies.owner,
        body: { kind: 'renewing', client_id: clientId },
      }),
      t.request('POST', `${team.base}/subscription/checkout`, {
        cookie: team.cookies.owner,
        body: { kind: 'renewing', client_id: clientId },
      }),
      t.request('POST', `${team.base}/subscription/checkout`, {
        cookie: second.cookie,
        body: { kind: 'one_year', client_id: newId() },
      }),
    ]);
    for (const tap of taps) expect(tap.status, tap.text).toBe(200);
    const references = new Set(taps.map((tap) => (tap.body as { reference: string }).reference));
    expect(references.size).toBe(1);
    expect(fake.transactions.filter((tx) => references.has(tx.reference))).toHaveLength(1);
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub.pending_checkout?.reference).toBe([...references][0]);
  });

  it('gives a year of renewing Pro for one card payment, with a numbered receipt and the ledger lines', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    expect(started.amount_kobo).toBe(PRICE_KOBO);
    const paidAt = t.deps.now();
    await fake.pay(started.reference);
    await fake.settled();
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({ plan: 'pro', state: 'active', renews: true, method: 'card_subscription' });
    expect(Date.parse(sub.period_end!)).toBe(
      new Date(paidAt).setUTCFullYear(new Date(paidAt).getUTCFullYear() + 1),
    );
    expect(sub.usage).toMatchObject({ workers: { limit: null }, sms_alerts: true, pdf_reports: true });
    expect(sub.usage.assistant_questions.limit).toBeNull();
    expect(sub.payments).toHaveLength(1);
    expect(sub.payments[0]).toMatchObject({ amount_kobo: PRICE_KOBO, vat_kobo: 418_605, kind: 'checkout' });
    expect(sub.payments[0]!.receipt_number).toMatch(/^GP-\d{6}$/);
    expect(sub.pending_checkout).toBeNull();
    // Paystack subscribed the card; the farm knows its code (for cancelling and renewals).
    const row = await rowOf(team.farm.id);
    expect(row.subscription_code).toBe(fake.subscriptions.at(-1)!.subscriptionCode);
    const lines = await t.db
      .select({ account: ledger_entries.account, amount: ledger_entries.amount_kobo })
      .from(ledger_entries)
      .where(eq(ledger_entries.reference, started.reference));
    expect(lines.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'gateway', amount: PRICE_KOBO },
      { account: 'subscription_revenue', amount: -(PRICE_KOBO - 418_605) },
      { account: 'vat_payable', amount: -418_605 },
    ]);
    await expectBillingLedgerBalanced(t);
    // The owner is told; the worker and viewer never are (a money kind).
    const told = await t.db
      .select({ user: notifications.user_id })
      .from(notifications)
      .where(and(eq(notifications.kind, 'subscription'), eq(notifications.farm_id, team.farm.id)));
    expect(told.map((n) => n.user)).toEqual([team.users.owner.id]);
  });

  it('applies each webhook once however often it comes', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
    await fake.pay(started.reference, { channel: 'bank_transfer' });
    await fake.settled();
    const again = await fake.resendLast();
    expect(again.attempts).toEqual([200]);
    const events = await t.db
      .select({ outcome: payment_events.outcome })
      .from(payment_events)
      .where(eq(payment_events.reference, started.reference));
    expect(events).toEqual([{ outcome: 'applied' }]);
    // The return page asks too: nothing more.
    const verified = await t.request<Subscription>('POST', `${team.base}/subscription/verify`, {
      cookie: team.cookies.owner,
      body: { reference: started.reference },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ state: 'active', renews: false, method: 'one_year' });
    expect(verified.body.payments).toHaveLength(1);
    expect(verified.body.payments[0]!.channel).toBe('bank_transfer');
  });

  it('links the card subscription when Paystack tells of it before the charge', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    fake.holdWebhooks();
    await fake.pay(started.reference);
    await fake.releaseWebhooks({ reverse: true });
    await fake.settled();
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({ state: 'active', renews: true });
    expect((await rowOf(team.farm.id)).subscription_code).toBe(fake.subscriptions.at(-1)!.subscriptionCode);
  });

  it('refuses a forged webhook, and the return page still applies the payment', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
    fake.tamper({ signature: 'forged' });
    await fake.pay(started.reference);
    await fake.settled();
    expect(fake.webhooks.at(-1)!.attempts).toEqual([401, 401]);
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).state).toBe('free');
    const verified = await t.request<Subscription>('POST', `${team.base}/subscription/verify`, {
      cookie: team.cookies.owner,
      body: { reference: started.reference },
    });
    expect(verified.body.state).toBe('active');
  });

  it('does not take a short payment or another currency as payment: it waits in suspense for a refund', async () => {
    for (const spoil of [{ amountKobo: PRICE_KOBO - 100 }, { currency: 'USD' }]) {
      const team = await seedFarmTeam(t);
      const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
      await fake.pay(started.reference, spoil);
      await fake.settled();
      const sub = await subscriptionOf(t, team.base, team.cookies.owner);
      expect(sub).toMatchObject({ plan: 'free', state: 'free', payments: [], pending_checkout: null });
      const lines = await t.db
        .select({ account: ledger_entries.account, kind: ledger_entries.kind })
        .from(ledger_entries)
        .where(eq(ledger_entries.reference, started.reference));
      expect(lines.map((l) => `${l.kind}:${l.account}`).sort()).toEqual([
        'extra_payment:gateway',
        'extra_payment:suspense',
      ]);
      // A new checkout can be opened.
      const next = await checkout(t, team.base, team.cookies.owner, 'one_year');
      expect(next.reference).not.toBe(started.reference);
    }
    await expectBillingLedgerBalanced(t);
  });
});

describe('paying again before the end', () => {
  it('adds a year after the paid time when renewing early or switching from one year to renewing', async () => {
    const team = await seedFarmTeam(t);
    const first = await checkout(t, team.base, team.cookies.owner, 'one_year');
    await fake.pay(first.reference, { channel: 'bank_transfer' });
    await fake.settled();
    const oneYear = await subscriptionOf(t, team.base, team.cookies.owner);
    t.clock.advance(200 * DAY);
    const early = await checkout(t, team.base, team.cookies.owner, 'one_year');
    await fake.pay(early.reference, { channel: 'ussd' });
    await fake.settled();
    const twoYears = await subscriptionOf(t, team.base, team.cookies.owner);
    const end = new Date(oneYear.period_end!);
    expect(Date.parse(twoYears.period_end!)).toBe(end.setUTCFullYear(end.getUTCFullYear() + 1));
    const switched = await checkout(t, team.base, team.cookies.owner, 'renewing');
    await fake.pay(switched.reference);
    await fake.settled();
    const renewing = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(renewing).toMatchObject({ state: 'active', renews: true, method: 'card_subscription' });
    expect(renewing.payments).toHaveLength(3);
    expect(Date.parse(renewing.period_end!)).toBe(end.setUTCFullYear(end.getUTCFullYear() + 1));
  });
});

describe('renewals', () => {
  it('renews a year later through Paystack, once, with a second receipt', async () => {
    const team = await seedFarmTeam(t);
    const first = await paidRenewing(team);
    untilRenewal(first);
    // Paystack's events in the reverse order: invoice.update, charge.success, invoice.create.
    fake.holdWebhooks();
    const renewed = await fake.renewDue({ only: [await codeOf(team)] });
    expect(renewed).toEqual({ renewed: 1, failed: 0 });
    await fake.releaseWebhooks({ reverse: true });
    await fake.settled();
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({ state: 'active', renews: true });
    expect(sub.payments.map((p) => p.kind)).toEqual(['renewal', 'checkout']);
    expect(Date.parse(sub.period_end!)).toBe(
      new Date(first.period_end!).setUTCFullYear(new Date(first.period_end!).getUTCFullYear() + 1),
    );
    const [a, b] = sub.payments.map((p) => Number(p.receipt_number.slice(3)));
    expect(a).toBeGreaterThan(b!);
    await expectBillingLedgerBalanced(t);
  });

  it('keeps Pro through a failed renewal paid another way within the grace', async () => {
    const team = await seedFarmTeam(t);
    const bought = await paidRenewing(team);
    untilRenewal(bought);
    const code = await codeOf(team);
    expect(await fake.renewDue({ only: [code], fail: [code] })).toEqual({ renewed: 0, failed: 1 });
    await fake.settled();
    expect(JSON.parse(fake.webhooks.at(-1)!.body)).toMatchObject({ event: 'invoice.payment_failed' });
    await fake.resendLast();
    const failed = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(failed).toMatchObject({ plan: 'pro', state: 'past_due', renews: false });
    // 7 days from the failure (the clock stands still meanwhile).
    expect(Date.parse(failed.grace_ends_at!)).toBe(t.deps.now() + 7 * DAY * 1000);
    const told = await t.db
      .select({ user: notifications.user_id, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.kind, 'subscription'), eq(notifications.farm_id, team.farm.id)));
    expect(
      told.filter((n) => n.title === `Gona Pro could not be renewed for ${team.farm.name}`),
    ).toHaveLength(1);
    expect(told.every((n) => n.user === team.users.owner.id)).toBe(true);

    t.clock.advance(3 * DAY);
    const oldCode = (await rowOf(team.farm.id)).subscription_code!;
    const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
    await fake.pay(started.reference, { channel: 'ussd' });
    await fake.settled();
    const paid = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(paid).toMatchObject({ plan: 'pro', state: 'active', method: 'one_year', grace_ends_at: null });
    // The year paid follows the one that ended (the grace days are part of it).
    expect(Date.parse(paid.period_end!)).toBe(
      new Date(failed.period_end!).setUTCFullYear(new Date(failed.period_end!).getUTCFullYear() + 1),
    );
    // The card subscription that failed is stopped, so it is never charged as well.
    expect(fake.subscriptions.find((s) => s.subscriptionCode === oldCode)!.status).toBe('non-renewing');
    t.clock.advance(10 * DAY);
    await sweep();
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).plan).toBe('pro');
  });

  it('returns to Free 7 days after a failed renewal, keeping every worker', async () => {
    const team = await seedFarmTeam(t);
    const bought = await paidRenewing(team);
    await seedActiveStaff(t, team.farm.id, 13);
    untilRenewal(bought);
    const code = await codeOf(team);
    await fake.renewDue({ only: [code], fail: [code] });
    await fake.settled();
    t.clock.advance(6 * DAY);
    await sweep();
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).plan).toBe('pro');
    t.clock.advance(1 * DAY + 60);
    await sweep();
    const sub = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(sub).toMatchObject({ plan: 'free', state: 'free', inactive_workers: 3 });
    expect(sub.usage.workers).toEqual({ used: 10, limit: 10 });
    const kept = await t.db
      .select({ status: staff.status })
      .from(staff)
      .where(eq(staff.farm_id, team.farm.id));
    expect(kept).toHaveLength(13);
    // Nothing about it twice: a second sweep changes nothing.
    expect(await sweep()).toBe(0);

    // The owner chooses who stays active.
    const all = await t.db
      .select({ id: staff.id, status: staff.status })
      .from(staff)
      .where(eq(staff.farm_id, team.farm.id));
    const inactive = all.filter((s) => s.status === 'inactive').map((s) => s.id);
    const chosen = [
      ...inactive,
      ...all
        .filter((s) => s.status === 'active')
        .slice(0, 7)
        .map((s) => s.id),
    ];
    const tooMany = await t.request('POST', `${team.base}/subscription/active-workers`, {
      cookie: team.cookies.owner,
      body: { staff_ids: all.map((s) => s.id) },
    });
    expect(tooMany.status).toBe(400);
    const res = await t.request<Subscription>('POST', `${team.base}/subscription/active-workers`, {
      cookie: team.cookies.owner,
      body: { staff_ids: chosen },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.usage.workers.used).toBe(10);
    expect(res.body.inactive_workers).toBe(3);
    const [status] = await t.db
      .select({ status: staff.status })
      .from(staff)
      .where(eq(staff.id, inactive[0]!));
    expect(status!.status).toBe('active');
    // The 11th worker is refused on Free, with the way out.
    const eleventh = await t.request('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: {
        id: newId(),
        first_name: 'Musa',
        last_name: 'Bello',
        job: 'casual_labourer',
        employment_type: 'casual',
        status: 'active',
      },
    });
    expect(eleventh.status, eleventh.text).toBe(402);
  });
});

describe('cancelling', () => {
  it('keeps Pro to the end of the paid year, refunds nothing, then returns to Free', async () => {
    const team = await seedFarmTeam(t);
    const paid = await paidRenewing(team);
    const code = (await rowOf(team.farm.id)).subscription_code!;
    // The farm cannot be deleted while its card would still be charged.
    const deleted = await t.request('DELETE', team.base, { cookie: team.cookies.owner });
    expect(deleted.status).toBe(409);
    const stale = await t.request('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.owner,
      body: { version: paid.version - 1 },
    });
    expect(stale.status).toBe(409);
    const byManager = await t.request('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.manager,
      body: { version: paid.version },
    });
    expect(byManager.status).toBe(403);
    const res = await t.request<Subscription>('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.owner,
      body: { version: paid.version },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'pro',
      state: 'non_renewing',
      renews: false,
      period_end: paid.period_end,
    });
    await fake.settled();
    expect(fake.subscriptions.find((s) => s.subscriptionCode === code)!.status).toBe('non-renewing');
    expect(fake.refunds).toHaveLength(0);
    const again = await t.request('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.owner,
      body: { version: res.body.version },
    });
    expect(again.status).toBe(409);

    t.clock.advance(364 * DAY);
    await sweep();
    expect((await subscriptionOf(t, team.base, team.cookies.owner)).plan).toBe('pro');
    t.clock.advance(2 * DAY);
    expect(await fake.renewDue({ only: [code] })).toEqual({ renewed: 0, failed: 0 });
    await sweep();
    const ended = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(ended).toMatchObject({ plan: 'free', state: 'free' });
    expect(ended.payments).toHaveLength(1);
  });
});

describe('paying a year ahead after cancelling', () => {
  it('takes the card subscription Paystack already stopped as stopped, without a warning', async () => {
    const team = await seedFarmTeam(t);
    const paid = await paidRenewing(team);
    const code = await codeOf(team);
    const cancelled = await t.request<Subscription>('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.owner,
      body: { version: paid.version },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await fake.settled();
    const warn = vi.spyOn(t.deps.logger, 'warn');
    try {
      const started = await checkout(t, team.base, team.cookies.owner, 'one_year');
      await fake.pay(started.reference, { channel: 'ussd' });
      await fake.settled();
      const sub = await subscriptionOf(t, team.base, team.cookies.owner);
      expect(sub).toMatchObject({ state: 'active', method: 'one_year', renews: false });
      expect(Date.parse(sub.period_end!)).toBeGreaterThan(Date.parse(paid.period_end!));
      expect(fake.subscriptions.find((s) => s.subscriptionCode === code)!.status).toBe('non-renewing');
      expect(warn.mock.calls.map(([message]) => message)).not.toContain(
        'billing: a replaced card subscription could not be stopped',
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('cancelling before Paystack tells of the subscription', () => {
  it('asks Paystack for the card subscription and stops it', async () => {
    const team = await seedFarmTeam(t);
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    fake.setWebhookUrl(null);
    await fake.pay(started.reference);
    fake.setWebhookUrl(app.webhookUrl);
    const verified = await t.request<Subscription>('POST', `${team.base}/subscription/verify`, {
      cookie: team.cookies.owner,
      body: { reference: started.reference },
    });
    expect(verified.body).toMatchObject({ state: 'active', renews: true });
    expect((await rowOf(team.farm.id)).subscription_code).toBeNull();
    const res = await t.request<Subscription>('POST', `${team.base}/subscription/cancel`, {
      cookie: team.cookies.owner,
      body: { version: verified.body.version },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe('non_renewing');
    const code = (await rowOf(team.farm.id)).subscription_code;
    expect(fake.subscriptions.find((s) => s.subscriptionCode === code)?.status).toBe('non-renewing');
  });
});

describe('what the plan decides', () => {
  it('lets a Pro farm add an 11th worker that Free refuses', async () => {
    const team = await seedFarmTeam(t);
    await seedActiveStaff(t, team.farm.id, 10);
    const worker = () => ({
      id: newId(),
      first_name: 'Musa',
      last_name: 'Bello',
      job: 'casual_labourer',
      employment_type: 'casual',
      status: 'active',
    });
    const refused = await t.request('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: worker(),
    });
    expect(refused.status).toBe(402);
    await paidRenewing(team);
    const allowed = await t.request('POST', `${team.base}/staff`, {
      cookie: team.cookies.owner,
      body: worker(),
    });
    expect(allowed.status, allowed.text).toBe(201);
  });

  it('keeps the receipts numbered without gaps', async () => {
    const numbers = (
      await t.db.select({ n: subscription_payments.receipt_number }).from(subscription_payments)
    )
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThan(3);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1);
  });
});
