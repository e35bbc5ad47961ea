import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody, Me } from '@gona/shared';
import { sessions } from '../db/schema/index';
import { createTestContext } from '../test/context';
import { signedSessionToken } from './session';

const t = await createTestContext();
const NAME = 'gona.session_token';

/** The session cookie for a token, signed the way better-auth signs it, with any secret. */
function cookieFor(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
}

describe('signedSessionToken', () => {
  it('returns the token only when the signature is made with our secret', () => {
    expect(signedSessionToken(`a=1; ${cookieFor('tok123', 's3cret')}`, NAME, 's3cret')).toBe('tok123');
    expect(signedSessionToken(cookieFor('tok123', 'other'), NAME, 's3cret')).toBeNull();
    expect(signedSessionToken(`${NAME}=tok123`, NAME, 's3cret')).toBeNull();
    expect(signedSessionToken(`${NAME}=%E0%A4%A`, NAME, 's3cret')).toBeNull();
    expect(signedSessionToken(`__Secure-${cookieFor('tok123', 's3cret')}`, NAME, 's3cret')).toBeNull();
  });
});

describe('session check on every request', () => {
  it('knows the person from a current session', async () => {
    const { cookie, user } = await t.signUp();
    const me = await t.request<Me>('GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('refuses a real token whose signature was not made with our secret', async () => {
    const { user } = await t.signUp();
    const [session] = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    const me = await t.request<ErrorBody>('GET', '/api/me', {
      cookie: cookieFor(session!.token, 'guessed secret'),
    });
    expect(me.status).toBe(401);
  });

  it('refuses a correctly signed token that is no session', async () => {
    const me = await t.request<ErrorBody>('GET', '/api/me', {
      cookie: cookieFor('no-such-session-token', t.deps.config.authSecret),
    });
    expect(me.status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { cookie, user } = await t.signUp();
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, user.id));
    const me = await t.request<ErrorBody>('GET', '/api/me', { cookie });
    expect(me.status).toBe(401);
  });

  it('stops knowing the person as soon as the session is deleted, with no grace period', async () => {
    const { cookie, user } = await t.signUp();
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.user_id, user.id));
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(401);
  });
});
