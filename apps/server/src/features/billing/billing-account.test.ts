import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farm_subscriptions, notifications, users } from '../../db/schema/index';
import type { FakePaystack } from '../../integrations/fake-paystack';
import type { TestContext } from '../../test/context';
import { seedFarmTeam, seedUser } from '../../test/farm-team';
import { billingTestApp, checkout, subscriptionOf, type BillingTestApp } from './billing.test-setup';

/**
 * An owner who deletes their account leaves the farm to another owner: the card subscription they
 * pay for stops renewing at Paystack (their card is never charged again), Pro stays to the end of
 * the paid year, and the owners who stay are told why.
 */

let app: BillingTestApp;
let t: TestContext;
let fake: FakePaystack;

beforeAll(async () => {
  app = await billingTestApp();
  ({ t, fake } = app);
});

afterAll(() => app.close());

describe('an owner whose card pays for Pro deletes their account', () => {
  it('stops the card renewing, keeps Pro to the end of the paid year and tells the owner who stays', async () => {
    const team = await seedFarmTeam(t);
    const staying = await seedUser(t, { first_name: 'Chidi' });
    const leavingToo = await seedUser(t, { first_name: 'Bola' });
    await t.addMember(team.farm.id, staying.user.id, 'owner');
    await t.addMember(team.farm.id, leavingToo.user.id, 'owner');
    const started = await checkout(t, team.base, team.cookies.owner, 'renewing');
    await fake.pay(started.reference);
    await fake.settled();
    const paid = await subscriptionOf(t, team.base, team.cookies.owner);
    expect(paid).toMatchObject({ state: 'active', renews: true });
    const [row] = await t.db
      .select({ code: farm_subscriptions.subscription_code })
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, team.farm.id));
    const card = () => fake.subscriptions.find((s) => s.subscriptionCode === row!.code)!;

    // An owner who does not pay leaves: the card keeps renewing.
    const other = await t.request('POST', '/api/account/delete', {
      cookie: leavingToo.cookie,
      body: { email: leavingToo.email },
    });
    expect(other.status, other.text).toBe(204);
    expect(card().status).toBe('active');
    expect((await subscriptionOf(t, team.base, staying.cookie)).renews).toBe(true);

    // Paystack not answering: the account stays (a card is never left renewing for someone gone).
    fake.failNext(503);
    const refused = await t.request<{ error: { code: string; message: string } }>(
      'POST',
      '/api/account/delete',
      { cookie: team.cookies.owner, body: { email: team.users.owner.email } },
    );
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body.error).toEqual({
      code: 'UNAVAILABLE',
      message: 'The payment service did not answer. Try again in a moment.',
    });
    expect(await t.db.select().from(users).where(eq(users.id, team.users.owner.id))).toHaveLength(1);
    expect(card().status).toBe('active');

    // The owner whose card pays leaves.
    const res = await t.request('POST', '/api/account/delete', {
      cookie: team.cookies.owner,
      body: { email: team.users.owner.email },
    });
    expect(res.status, res.text).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, team.users.owner.id))).toHaveLength(0);
    await fake.settled();
    expect(card().status).toBe('non-renewing');
    const after = await subscriptionOf(t, team.base, staying.cookie);
    expect(after).toMatchObject({
      plan: 'pro',
      state: 'non_renewing',
      renews: false,
      period_end: paid.period_end,
    });
    expect(fake.refunds).toHaveLength(0);

    const told = await t.db
      .select({ user: notifications.user_id, params: notifications.params, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.kind, 'subscription'), eq(notifications.farm_id, team.farm.id)));
    const payerLeft = told.filter((n) => n.params.status === 'payer_left');
    expect(payerLeft.map((n) => n.user)).toEqual([staying.user.id]);
    expect(payerLeft[0]!.body).toMatch(/deleted their account, so the card renewal stopped/);
  });
});
