import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyReferrals } from '@gona/shared/referrals';
import { farm_subscriptions, subscription_grants, users } from '../../db/schema/index';
import { createTestContext, verificationLink, TEST_PASSWORD, type TestContext } from '../../test/context';
import { rewardReferrals } from './referrals.service';

/** Invite a farmer: the personal link, attribution through confirming the address, and the month of Pro. */

const t: TestContext = await createTestContext();
const DAY = 24 * 60 * 60;
/** Something recorded on a farm: a supply of fertilizer. */
const NPK = {
  category: 'fertilizer',
  name: 'NPK 15:15:15',
  unit: 'bag_50kg',
  quantity: '10',
  low_threshold: '3',
};

let phoneCount = 0;
/** A Nigerian number no other account in this file has. */
const newPhone = () => `0803 555 ${String(1000 + ++phoneCount)}`;

/** Signs up through /signup?ref=…, as the sign-up form sends it, then confirms the address and signs in. */
async function signUpWith(ref: string | undefined, options: { first_name: string; phone?: string }) {
  const email = t.uniqueEmail(options.first_name.toLowerCase());
  const res = await t.request('POST', '/api/auth/sign-up/email', {
    body: {
      email,
      password: TEST_PASSWORD,
      first_name: options.first_name,
      last_name: 'Okoro',
      phone: options.phone ?? newPhone(),
      ...(ref ? { ref } : {}),
    },
  });
  expect(res.status).toBe(200);
  const link = verificationLink(await t.outbox(), email);
  expect((await t.request('GET', link.pathname + link.search)).status).toBe(302);
  const signIn = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email, password: TEST_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  return { email, cookie: signIn.cookie };
}

async function inviterWithFarm(phone = newPhone()) {
  const inviter = await signUpWith(undefined, { first_name: 'Chidi', phone });
  const farm = await t.createFarm(inviter.cookie, { name: 'Chidi Farms' });
  const mine = await t.request<MyReferrals>('GET', '/api/referrals', { cookie: inviter.cookie });
  expect(mine.status).toBe(200);
  return { ...inviter, farm, code: mine.body.code };
}

const mineOf = async (cookie: string) =>
  (await t.request<MyReferrals>('GET', '/api/referrals', { cookie })).body;

describe('the personal link', () => {
  it('is one code per person, kept, in a /signup?ref= link; no session is 401', async () => {
    expect((await t.request('GET', '/api/referrals')).status).toBe(401);
    const inviter = await inviterWithFarm();
    expect(inviter.code).toMatch(/^[a-z0-9]{10}$/);
    const again = await mineOf(inviter.cookie);
    expect(again).toEqual({
      code: inviter.code,
      link: `http://localhost:3000/signup?ref=${inviter.code}`,
      joined: [],
      months_earned: 0,
    });
    const other = await inviterWithFarm();
    expect(other.code).not.toBe(inviter.code);
  });
});

describe('who joined through it', () => {
  it('keeps the inviter through confirming the address, and lists first name and day only', async () => {
    const inviter = await inviterWithFarm();
    await signUpWith(inviter.code, { first_name: 'Ngozi' });
    const mine = await mineOf(inviter.cookie);
    expect(mine.joined).toEqual([
      { first_name: 'Ngozi', joined_at: expect.any(String) as string, rewarded: false },
    ]);
    expect(Object.keys(mine.joined[0] ?? {}).sort()).toEqual(['first_name', 'joined_at', 'rewarded']);
  });

  it('credits nobody for an unknown or malformed code, nor for inviting oneself with the same phone', async () => {
    const inviter = await inviterWithFarm('0803 777 0001');
    await signUpWith('zzzzzzzzzz', { first_name: 'Bisi' });
    await signUpWith('<script>', { first_name: 'Tunde' });
    await signUpWith(inviter.code, { first_name: 'Chidi', phone: '0803 777 0001' });
    expect((await mineOf(inviter.cookie)).joined).toEqual([]);
  });

  it('credits nobody when the address already has an account', async () => {
    const inviter = await inviterWithFarm();
    const existing = await signUpWith(undefined, { first_name: 'Emeka' });
    const again = await t.request('POST', '/api/auth/sign-up/email', {
      body: {
        email: existing.email,
        password: TEST_PASSWORD,
        first_name: 'Emeka',
        last_name: 'Okoro',
        phone: newPhone(),
        ref: inviter.code,
      },
    });
    expect(again.status).toBe(200);
    expect((await mineOf(inviter.cookie)).joined).toEqual([]);
  });
});

describe('a month of Pro for the inviter', () => {
  const sweep = () => rewardReferrals({ db: t.db, logger: t.deps.logger, now: t.deps.now });

  it('is given once, when the invited farmer has a farm and recorded something in their first 30 days', async () => {
    const inviter = await inviterWithFarm();
    const invited = await signUpWith(inviter.code, { first_name: 'Amina' });
    const farm = await t.createFarm(invited.cookie, { name: 'Amina Poultry' });
    // A farm alone is not enough.
    expect(await sweep()).toBe(0);
    const supply = await t.request('POST', `/api/farms/${farm.id}/supplies`, {
      cookie: invited.cookie,
      body: NPK,
    });
    expect(supply.status).toBe(201);

    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [subscription] = await t.db
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, inviter.farm.id));
    expect(subscription).toMatchObject({ state: 'active', method: 'granted' });
    const days = (subscription!.period_end!.getTime() - t.deps.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(30);
    expect(days).toBeLessThanOrEqual(32);
    const grants = await t.db
      .select()
      .from(subscription_grants)
      .where(eq(subscription_grants.farm_id, inviter.farm.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]?.reason).toContain('Amina');
    const mine = await mineOf(inviter.cookie);
    expect(mine.months_earned).toBe(1);
    expect(mine.joined[0]?.rewarded).toBe(true);
    // The invited farmer's own farm gets nothing from it.
    const theirs = await t.db
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, farm.id));
    expect(theirs.filter((row) => row.state !== 'free')).toEqual([]);
  });

  it('adds each month after the Pro already given, and nothing for records made after the first 30 days', async () => {
    const inviter = await inviterWithFarm();
    const first = await signUpWith(inviter.code, { first_name: 'Kemi' });
    const second = await signUpWith(inviter.code, { first_name: 'Sani' });
    const late = await signUpWith(inviter.code, { first_name: 'Femi' });
    for (const [who, name] of [
      [first, 'Kemi Fish'],
      [second, 'Sani Maize'],
    ] as const) {
      const farm = await t.createFarm(who.cookie, { name });
      await t.request('POST', `/api/farms/${farm.id}/supplies`, { cookie: who.cookie, body: NPK });
    }
    // Femi joined 40 days ago and records only now.
    await t.db
      .update(users)
      .set({ created_at: new Date(t.deps.now() - 40 * DAY * 1000) })
      .where(eq(users.email, late.email));
    const lateFarm = await t.createFarm(late.cookie, { name: 'Femi Goats' });
    await t.request('POST', `/api/farms/${lateFarm.id}/supplies`, { cookie: late.cookie, body: NPK });

    expect(await sweep()).toBe(2);
    const [subscription] = await t.db
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, inviter.farm.id));
    const days = (subscription!.period_end!.getTime() - t.deps.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(60);
    expect(days).toBeLessThanOrEqual(62);
    const mine = await mineOf(inviter.cookie);
    expect(mine.months_earned).toBe(2);
    expect(mine.joined.find((row) => row.first_name === 'Femi')?.rewarded).toBe(false);
  });
});
