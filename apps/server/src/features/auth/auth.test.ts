import { describe, expect, it } from 'vitest';
import { createTestContext, verificationLink } from '../../test/context';

const t = await createTestContext();

describe('sign-up', () => {
  it('creates a verified user through the confirmation link', async () => {
    const { user, cookie } = await t.signUp();
    expect(user.email_verified).toBe(true);
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, first_name: 'Amaka', role: 'user', email_verified: true });
  });

  it('never grants admin from sign-up', async () => {
    const { user } = await t.signUp({ role: 'admin' });
    expect(user.role).toBe('user');
  });

  it('mails a confirmation link that lands on /create-farm and signs in', async () => {
    const email = t.uniqueEmail();
    await t.signUp({ email, verified: false });
    const link = verificationLink(t.outbox(), email);
    const res = await t.request('GET', link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/create-farm$/);
    expect(res.cookie).toMatch(/session_token/);
  });
});
