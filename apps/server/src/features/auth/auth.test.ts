import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import type { ErrorBody, Me } from '@gona/shared';
import {
  TEST_PASSWORD,
  createTestContext,
  verificationLink,
  type AuthErrorBody,
  type TestResponse,
} from '../../test/context';

const t = await createTestContext();

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: TEST_PASSWORD,
  first_name: 'Chidi',
  last_name: 'Nwosu',
  phone: '0803 123 4567',
  ...extra,
});

describe('sign-up', () => {
  it('stores the person with their details and the default role', async () => {
    const email = t.uniqueEmail();
    const res = await t.request('POST', '/api/auth/sign-up/email', { body: signUpBody(email) });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      first_name: 'Chidi',
      last_name: 'Nwosu',
      phone: '+2348031234567',
      role: 'user',
      email_verified: false,
    });
  });

  it("never grants 'admin' from sign-up", async () => {
    const email = t.uniqueEmail();
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      body: signUpBody(email, { role: 'admin' }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(row?.role).toBe('user');
  });

  it('answers malformed input with per-field messages', async () => {
    const res = await t.request<ErrorBody>('POST', '/api/auth/sign-up/email', {
      body: { email: 'not-an-email', password: 'short', first_name: '', last_name: 'N', phone: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'first_name', 'phone']),
    );
  });

  it('keeps one account per email without telling a stranger the email is taken', async () => {
    const email = t.uniqueEmail();
    await t.request('POST', '/api/auth/sign-up/email', { body: signUpBody(email) });
    const again = await t.request('POST', '/api/auth/sign-up/email', {
      body: signUpBody(email, { first_name: 'Other' }),
    });
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.first_name).toBe('Chidi');
    const told = (await t.outbox()).filter((m) => m.to === email && m.subject.startsWith('Someone tried'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('sign in here, or use "Forgot password?"');
    expect(told[0]?.link).toBe('http://localhost:3000/login');
  });
});

describe('account mail', () => {
  it('is only queued by a reset request and a sign-up with a taken address; the mail job sends each once', async () => {
    const { email } = await t.signUp();
    const send = vi.spyOn(t.mailer, 'send');
    try {
      const reset = await t.request('POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo: '/update-password' },
      });
      const again = await t.request('POST', '/api/auth/sign-up/email', { body: signUpBody(email) });
      expect([reset.status, again.status]).toEqual([200, 200]);
      expect(send).not.toHaveBeenCalled();

      await t.deliverMail();
      const subjects = send.mock.calls.filter(([m]) => m.to === email).map(([m]) => m.subject);
      expect(subjects.sort()).toEqual([
        'Reset your Gona password',
        'Someone tried to create a Gona account with your email',
      ]);
    } finally {
      send.mockRestore();
    }
  });
});

describe('email confirmation', () => {
  it('mails a link that confirms, signs in and lands on /create-farm', async () => {
    const email = t.uniqueEmail();
    await t.signUp({ email, verified: false });
    const mail = (await t.outbox()).filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toBe('Confirm your email for Gona');
    expect(mail?.text).toContain(mail?.link);

    const link = verificationLink(await t.outbox(), email);
    const res = await t.request('GET', link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/create-farm$/);

    const me = await t.request<Me>('GET', '/api/me', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, email_verified: true });
  });

  it('refuses sign-in before confirming with EMAIL_NOT_VERIFIED', async () => {
    const { email, password } = await t.signUp({ verified: false });
    const res = await t.request<AuthErrorBody>('POST', '/api/auth/sign-in/email', {
      body: { email, password },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(res.cookie).toBe('');
  });

  it('resends the confirmation mail on request', async () => {
    const { email } = await t.signUp({ verified: false });
    const before = (await t.outbox()).filter((m) => m.to === email).length;
    const res = await t.request('POST', '/api/auth/send-verification-email', {
      body: { email, callbackURL: '/create-farm' },
    });
    expect(res.status).toBe(200);
    const mails = (await t.outbox()).filter((m) => m.to === email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.link).toContain('callbackURL=%2Fcreate-farm');
  });
});

describe('sign-in and session', () => {
  it('rejects a wrong password with INVALID_EMAIL_OR_PASSWORD', async () => {
    const { email } = await t.signUp();
    const res = await t.request<AuthErrorBody>('POST', '/api/auth/sign-in/email', {
      body: { email, password: 'not the password' },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const { email, password } = await t.signUp();
    const res = await t.request<AuthErrorBody>('POST', '/api/auth/sign-in/email', {
      body: { email, password },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('signs out: the cookie stops working', async () => {
    const { cookie } = await t.signUp();
    const out = await t.request('POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    const me = await t.request<ErrorBody>('GET', '/api/me', { cookie });
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('renews a session that is in use, without the person noticing', async () => {
    const { cookie, user } = await t.signUp();
    const day = 24 * 60 * 60 * 1000;
    // As if the session had been created two days ago (30-day sessions, renewed after a day).
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() + 28 * day) })
      .where(eq(sessions.user_id, user.id));
    const res = await t.request('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true);
    // signUp made two sessions (the confirmation link signs in too); the one in use was renewed.
    const rows = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    const token = decodeURIComponent(cookie).split('session_token=')[1]?.split('.')[0];
    const used = rows.find((r) => r.token === token);
    expect(used!.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * day);
  });

  it('answers /api/me without a session with 401', async () => {
    const res = await t.request<ErrorBody>('GET', '/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Your session has expired. Please log in again.' },
    });
  });

  it('does not let a user change their own platform role', async () => {
    const { cookie, user } = await t.signUp();
    await t.request('POST', '/api/auth/update-user', {
      cookie,
      body: { role: 'admin', first_name: 'Ngozi' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('user');
  });
});

describe('the language chosen at sign-up', () => {
  it('is kept on the account, and the confirmation and reset mails are written in it', async () => {
    const email = t.uniqueEmail();
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      body: signUpBody(email, { language: 'fr' }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(row?.language).toBe('fr');
    const confirm = (await t.outbox()).filter((m) => m.to === email).at(-1);
    expect(confirm?.subject).toBe('Confirmez votre e-mail pour Gona');
    expect(confirm?.text.split('\n')[0]).toBe('Bonjour Chidi,');
    expect(confirm?.text).toContain(confirm?.link);

    await t.db.update(users).set({ email_verified: true }).where(eq(users.email, email));
    await t.request('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/update-password' },
    });
    const reset = (await t.outbox()).filter((m) => m.to === email).at(-1);
    expect(reset?.subject).toBe('Réinitialisez votre mot de passe Gona');
    expect(reset?.link).toMatch(/\/update-password\?token=/);
  });

  it('is English when the sign-up names none or one Gona does not speak', async () => {
    for (const language of [undefined, 'de']) {
      const email = t.uniqueEmail();
      const res = await t.request('POST', '/api/auth/sign-up/email', {
        body: signUpBody(email, language === undefined ? {} : { language }),
      });
      expect(res.status).toBe(200);
      const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
      expect(row?.language).toBe('en');
      const mail = (await t.outbox()).filter((m) => m.to === email).at(-1);
      expect(mail?.subject).toBe('Confirm your email for Gona');
    }
    const wrong = await t.request<ErrorBody>('POST', '/api/auth/sign-up/email', {
      body: signUpBody(t.uniqueEmail(), { language: 42 }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.language).toBe('Choose a language from the list');
  });
});

describe('password reset', () => {
  it('mails a link to /update-password whose token sets a new password', async () => {
    const { email } = await t.signUp();
    const res = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/update-password' },
    });
    expect(res.status).toBe(200);
    const mail = (await t.outbox())
      .filter((m) => m.to === email && m.subject === 'Reset your Gona password')
      .at(-1);
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe('/update-password');
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { newPassword: 'a brand new password', token },
    });
    expect(reset.status).toBe(200);

    const oldPassword = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: TEST_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email, password: 'a brand new password' },
    });
    expect(newPassword.status).toBe(200);

    const reused = await t.request('POST', '/api/auth/reset-password', {
      body: { newPassword: 'yet another password', token },
    });
    expect(reused.status).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED once an address passes the configured maximum', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_MAX: '3',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    const ip = '192.0.2.10';
    // Addresses without an account, each its own, so the per-account limit stays out of the way.
    const attempt = () =>
      limited.request('POST', '/api/auth/sign-in/email', {
        ip,
        body: { email: limited.uniqueEmail('nobody'), password: 'whatever1' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const refused = (await attempt()) as TestResponse<ErrorBody>;
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const otherAddress = await limited.request('POST', '/api/auth/sign-in/email', {
      ip: '192.0.2.11',
      body: { email: limited.uniqueEmail('nobody'), password: 'whatever1' },
    });
    expect(otherAddress.status).toBe(401);
  });

  it('cannot be dodged with a forged client-address header', async () => {
    const limited = await createTestContext({
      AUTH_RATE_LIMIT_MAX: '2',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.request('POST', '/api/auth/sign-in/email', {
        ip: '192.0.2.20',
        headers: { 'x-gona-client-ip': `198.51.100.${i}`, 'x-forwarded-for': `198.51.100.${i}` },
        body: { email: limited.uniqueEmail('nobody'), password: 'whatever1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
