import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import { createTestContext, TEST_PASSWORD } from '../../test/context';

const t = await createTestContext();

/** Asks for a reset, follows the mailed link's token and sets `password`; answers the reset's status. */
async function resetByMail(email: string, password: string): Promise<number> {
  await t.request('POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/update-password' },
  });
  const mail = (await t.outbox())
    .filter((m) => m.to === email && m.subject === 'Reset your Gona password')
    .at(-1);
  const token = new URL(mail!.link!).searchParams.get('token');
  return (await t.request('POST', '/api/auth/reset-password', { body: { newPassword: password, token } }))
    .status;
}

describe('a password reset', () => {
  it('ends every session of that user', async () => {
    const { email, cookie } = await t.signUp();
    const other = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: other.cookie })).status).toBe(200);

    expect(await resetByMail(email, 'a brand new password')).toBe(200);

    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { cookie: other.cookie })).status).toBe(401);
  });
});

describe('the session cookie', () => {
  it('is Secure in production even when BASE_URL is plain http (TLS ends at a proxy)', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    const { email } = await production.signUp({ verified: false });
    await production.db.execute(`update users set email_verified = true where email = '${email}'`);
    const res = await production.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/^__Secure-gona\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect((await production.request('GET', '/api/me', { cookie: res.cookie })).status).toBe(200);
  });

  it('is not Secure in development over http, so signing in on localhost works', async () => {
    const { email } = await t.signUp();
    const res = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/^gona\.session_token=/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

describe('trusted origins', () => {
  it('accepts sign-up from the loopback twins of BASE_URL in development', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const res = await t.request('POST', '/api/auth/sign-up/email', {
        origin,
        headers: { host: new URL(origin).host },
        body: {
          email: t.uniqueEmail('twin'),
          password: TEST_PASSWORD,
          first_name: 'Musa',
          last_name: 'Bello',
          phone: '0803 123 4567',
        },
      });
      expect(res.status, `${origin}: ${res.text}`).toBe(200);
    }
  });

  it('accepts the origins listed in TRUSTED_ORIGINS', async () => {
    const listed = await createTestContext({
      TRUSTED_ORIGINS: 'http://192.168.1.20:3000, https://farm.example',
    });
    const res = await listed.request('POST', '/api/auth/sign-up/email', {
      origin: 'http://192.168.1.20:3000',
      headers: { host: '192.168.1.20:3000' },
      body: {
        email: listed.uniqueEmail('lan'),
        password: TEST_PASSWORD,
        first_name: 'Ada',
        last_name: 'Eze',
        phone: '0803 123 4567',
      },
    });
    expect(res.status, res.text).toBe(200);
  });

  it('refuses any other origin with Gona’s own words', async () => {
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      origin: 'https://evil.example',
      body: { email: t.uniqueEmail('evil'), password: TEST_PASSWORD, first_name: 'Eve', last_name: 'Il' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'This request did not come from Gona.' },
    });
  });
});

describe('wrong passwords for one account', () => {
  const wrong = (email: string, i: number) =>
    t.request('POST', '/api/auth/sign-in/email', {
      ip: `198.51.100.${i + 1}`,
      body: { email, password: 'not the password' },
    });
  const right = (email: string) =>
    t.request('POST', '/api/auth/sign-in/email', { body: { email, password: TEST_PASSWORD } });
  const wrongFiveTimes = async (email: string) => {
    for (let i = 0; i < 5; i++) expect((await wrong(email, i)).status).toBe(401);
  };

  it('after the 5th, each further one waits 1, 2, 4, 8 then 16 seconds since the last, from any address', async () => {
    const { email } = await t.signUp();
    await wrongFiveTimes(email);
    const early = await wrong(email, 20);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(early.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 1 second and try again.' },
    });
    for (const [i, pause] of [1, 2, 4, 8, 16].entries()) {
      expect((await wrong(email, 30 + i)).headers.get('retry-after')).toBe(String(pause));
      t.clock.advance(pause - 1);
      expect((await wrong(email, 40 + i)).status).toBe(429);
      t.clock.advance(1);
      // Accepted after the pause, and the password is still checked.
      expect((await wrong(email, 50 + i)).status).toBe(401);
    }
  });

  it('inside a pause refuse the right password too, which is accepted after it and clears the count', async () => {
    const { email } = await t.signUp();
    await wrongFiveTimes(email);
    // Otherwise the answer would tell whoever is guessing that this password is the right one.
    const early = await right(email);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    t.clock.advance(1);
    expect((await right(email)).status).toBe(200);

    await wrongFiveTimes(email);
    expect((await wrong(email, 60)).status).toBe(429);
  });

  it('are refused for the rest of the window after 10, even with the right password, and a password reset lifts that', async () => {
    const { email } = await t.signUp();
    await wrongFiveTimes(email);
    for (const [i, pause] of [1, 2, 4, 8, 16].entries()) {
      t.clock.advance(pause);
      expect((await wrong(email, 10 + i)).status).toBe(401);
    }
    t.clock.advance(60);
    const refused = await wrong(email, 50);
    expect(refused.status).toBe(429);
    // 15 minutes from the 1st, 91 seconds ago.
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60 - 91));
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 14 minutes and try again.' },
    });
    expect((await right(email)).status).toBe(429);

    expect(await resetByMail(email, 'a fresh password 2')).toBe(200);
    const after = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: 'a fresh password 2' },
    });
    expect(after.status).toBe(200);
  });

  it('count per account: another account is neither slowed nor refused', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    await wrongFiveTimes(first.email);
    expect((await wrong(first.email, 5)).status).toBe(429);
    expect((await wrong(second.email, 5)).status).toBe(401);
    expect((await right(second.email)).status).toBe(200);
  });
});

describe('TRUSTED_PROXY', () => {
  it('takes the client address from X-Forwarded-For only when set, so the per-address limit hits one client', async () => {
    const behindProxy = await createTestContext({ TRUSTED_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '2' });
    const attempt = (forwardedFor: string) =>
      behindProxy.request('POST', '/api/auth/sign-in/email', {
        ip: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: behindProxy.uniqueEmail('nobody'), password: 'whatever it is' },
      });
    const statuses = [
      (await attempt('203.0.113.5')).status,
      (await attempt('203.0.113.5')).status,
      (await attempt('203.0.113.5')).status,
    ];
    expect(statuses[2]).toBe(429);
    // Another client behind the same proxy is not blocked by the first one.
    expect((await attempt('203.0.113.6')).status).not.toBe(429);

    const direct = await createTestContext({ AUTH_RATE_LIMIT_MAX: '2' });
    const spoofed = (forwardedFor: string) =>
      direct.request('POST', '/api/auth/sign-in/email', {
        ip: '192.0.2.77',
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: direct.uniqueEmail('nobody'), password: 'whatever it is' },
      });
    await spoofed('203.0.113.1');
    await spoofed('203.0.113.2');
    // Without TRUSTED_PROXY a forged header changes nothing: the socket address is limited.
    expect((await spoofed('203.0.113.3')).status).toBe(429);
  });
});

describe('changing the password (Settings › Account)', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const { email, cookie } = await t.signUp();
    const other = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });

    const wrong = await t.request<ErrorBody>('POST', '/api/auth/change-password', {
      cookie,
      body: {
        current_password: 'not my password',
        password: 'a new password 1',
        confirm: 'a new password 1',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ current_password: 'That is not your current password' });

    const mismatch = await t.request<ErrorBody>('POST', '/api/auth/change-password', {
      cookie,
      body: { current_password: TEST_PASSWORD, password: 'a new password 1', confirm: 'something else' },
    });
    expect(mismatch.body.error.fields).toEqual({ confirm: 'The passwords do not match' });

    const changed = await t.request('POST', '/api/auth/change-password', {
      cookie,
      body: { current_password: TEST_PASSWORD, password: 'a new password 1', confirm: 'a new password 1' },
    });
    expect(changed.status).toBe(200);
    // This phone stays signed in (better-auth may hand it a fresh session cookie).
    expect((await t.request('GET', '/api/me', { cookie: changed.cookie || cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: other.cookie })).status).toBe(401);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: 'a new password 1' },
    });
    expect(signIn.status).toBe(200);
  });

  it('is refused without a session', async () => {
    const res = await t.request('POST', '/api/auth/change-password', {
      body: { current_password: TEST_PASSWORD, password: 'a new password 1', confirm: 'a new password 1' },
    });
    expect(res.status).toBe(401);
  });
});

describe('profile changes (update-user)', () => {
  it('follow the sign-up field rules', async () => {
    const { cookie, user } = await t.signUp();
    const tooLong = await t.request<ErrorBody>('POST', '/api/auth/update-user', {
      cookie,
      body: { first_name: 'A'.repeat(81), phone: '12345' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({
      first_name: 'Use at most 80 characters',
      phone: 'Enter a Nigerian phone number, like 0803 123 4567',
    });
    const control = await t.request('POST', '/api/auth/update-user', {
      cookie,
      body: { last_name: 'Ok\u001bafor' },
    });
    expect(control.status).toBe(400);
    const unknown = await t.request('POST', '/api/auth/update-user', { cookie, body: { role: 'admin' } });
    expect(unknown.status).toBe(400);

    const ok = await t.request('POST', '/api/auth/update-user', {
      cookie,
      body: { first_name: ' Ngozi ', phone: '0803 765 4321' },
    });
    expect(ok.status).toBe(200);
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.body).toMatchObject({
      id: user.id,
      first_name: 'Ngozi',
      phone: '+2348037654321',
      role: 'user',
    });
  });
});
