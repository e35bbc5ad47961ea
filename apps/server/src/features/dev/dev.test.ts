import { describe, expect, it } from 'vitest';
import type { SentMail } from '../../integrations/email';
import { createTestContext } from '../../test/context';

const t = await createTestContext();

describe('dev outbox', () => {
  it('shows sent mail, oldest first, to the same machine', async () => {
    const { email } = await t.signUp({ verified: false });
    await t.deliverMail();
    for (const ip of ['127.0.0.1', '::1']) {
      const res = await t.request<{ items: SentMail[] }>('GET', '/api/dev/outbox', { ip });
      expect(res.status, ip).toBe(200);
      const mine = res.body.items.filter((m) => m.to === email);
      expect(mine[0]?.subject).toBe('Confirm your email for Gona');
      expect(mine[0]?.link).toContain('/api/auth/verify-email?token=');
    }
    const page = await t.request('GET', '/dev/outbox', { ip: '127.0.0.1' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(email);
    expect(page.text).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');
    expect(page.text).not.toContain('<script');
  });

  it('does not exist for other machines', async () => {
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const res = await t.request('GET', path, { ip: '203.0.113.9' });
      expect(res.status, path).toBe(404);
    }
  });

  it('does not exist when real mail is configured', async () => {
    const smtp = await createTestContext({ SMTP_URL: 'smtp://mail.example.com:587' });
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const res = await smtp.request('GET', path, { ip: '127.0.0.1' });
      expect(res.status, path).toBe(404);
    }
  });

  it('never exists in production, even to the same machine and without SMTP_URL', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    await production.signUp({ verified: false });
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const res = await production.request('GET', path, { ip: '127.0.0.1' });
      expect(res.status, path).toBe(404);
    }
  });
});
