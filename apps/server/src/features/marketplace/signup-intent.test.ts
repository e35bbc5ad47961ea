import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@gona/shared';
import { users } from '../../db/schema/index';
import { createTestContext, TEST_PASSWORD, verificationLink, type TestContext } from '../../test/context';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});

async function signUp(intent?: unknown): Promise<{ email: string; cookie: string; landing: string | null }> {
  const email = t.uniqueEmail('buyer');
  const res = await t.request('POST', '/api/auth/sign-up/email', {
    body: {
      email,
      password: TEST_PASSWORD,
      first_name: 'Bisi',
      last_name: 'Adeyemi',
      phone: '0803 123 4567',
      ...(intent === undefined ? {} : { intent }),
    },
  });
  expect(res.status, res.text).toBe(200);
  const link = verificationLink(await t.outbox(), email);
  const landing = link.searchParams.get('callbackURL');
  await t.request('GET', link.pathname + link.search);
  const signIn = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email, password: TEST_PASSWORD },
  });
  return { email, cookie: signIn.cookie, landing };
}

async function intentOf(email: string): Promise<string | undefined> {
  const [row] = await t.db.select({ intent: users.intent }).from(users).where(eq(users.email, email));
  return row?.intent;
}

describe('sign-up: "I want to buy produce" or "I farm"', () => {
  it('keeps a buyer as a buyer, and says so in /me', async () => {
    const { email, cookie, landing } = await signUp('buy');
    expect(await intentOf(email)).toBe('buy');
    // Confirming the address takes a buyer into the marketplace, not to create a farm.
    expect(landing).toBe('/dashboard/marketplace');
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.body).toMatchObject({ email, intent: 'buy' });
  });

  it('refuses an intent that is not one of the two beside the field', async () => {
    const res = await t.request<{ error: { fields: Record<string, string> } }>(
      'POST',
      '/api/auth/sign-up/email',
      {
        body: {
          email: t.uniqueEmail('odd'),
          password: TEST_PASSWORD,
          first_name: 'Bisi',
          last_name: 'Adeyemi',
          phone: '0803 123 4567',
          intent: 'admin',
        },
      },
    );
    expect([res.status, res.body.error.fields]).toEqual([400, { intent: 'Choose one of the options' }]);
  });

  it('takes no intent as farming', async () => {
    for (const intent of [undefined, 'farm']) {
      const { email, cookie, landing } = await signUp(intent);
      expect(await intentOf(email), String(intent)).toBe('farm');
      expect(landing).toBe('/create-farm');
      expect((await t.request<Me>('GET', '/api/me', { cookie })).body.intent).toBe('farm');
    }
  });

  it('cannot be changed afterwards through update-user', async () => {
    const { email, cookie } = await signUp('buy');
    await t.request('POST', '/api/auth/update-user', { cookie, body: { intent: 'farm' } });
    expect(await intentOf(email)).toBe('buy');
  });
});
