import { describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD } from '../../test/context';

const t = await createTestContext();

describe('a password reset', () => {
  it('ends every session of that user', async () => {
    const { email, cookie } = await t.signUp();
    const other = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: other.cookie })).status).toBe(200);

    await t.request('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/update-password' },
    });
    const mail = t
      .outbox()
      .filter((m) => m.to === email && m.subject === 'Reset your Gona password')
      .at(-1);
    const token = new URL(mail!.link!).searchParams.get('token');
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { newPassword: 'a brand new password', token },
    });
    expect(reset.status).toBe(200);

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
