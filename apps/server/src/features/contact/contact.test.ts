import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import { CONTACT_RATE_LIMIT } from '@gona/shared/contact';
import { contact_messages } from '../../db/schema/index';
import { createTestContext, TEST_BASE_URL } from '../../test/context';

const ctx = await createTestContext({ SUPPORT_EMAIL: 'help@gona.test' });

const message = (overrides: Record<string, string> = {}) => ({
  name: 'Ada Okafor',
  email: 'ada@example.com',
  phone: '0803 123 4567',
  subject: 'Question about Pro',
  message: 'Can a cooperative pay for Pro for ten member farms at once?',
  ...overrides,
});

const uniqueIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function stored(id: string) {
  const [row] = await ctx.db.select().from(contact_messages).where(eq(contact_messages.id, id));
  return row;
}

/** A browser without JavaScript posts the form url-encoded. */
async function postForm(fields: Record<string, string>, ip = uniqueIp()) {
  return ctx.app.request(
    '/api/contact',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_BASE_URL },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    },
    { incoming: { socket: { remoteAddress: ip, remoteFamily: 'IPv4' } } },
  );
}

describe('POST /api/contact', () => {
  it('stores the message, mails it to the support address and answers 201 with its id', async () => {
    const subject = `Pro for cooperatives ${randomInt(1e9)}`;
    const res = await ctx.request<{ id: string }>('POST', '/api/contact', { body: message({ subject }) });
    expect(res.status).toBe(201);
    const row = await stored(res.body.id);
    expect(row).toMatchObject({
      name: 'Ada Okafor',
      email: 'ada@example.com',
      phone: '+2348031234567',
      subject,
    });
    expect(row?.delivered_at).toBeNull();
    const mail = (await ctx.outbox()).find((m) => m.subject === `Contact form: ${subject}`);
    expect((await stored(res.body.id))?.delivered_at).toBeInstanceOf(Date);
    expect(mail?.to).toBe('help@gona.test');
    expect(mail?.text).toContain('From: Ada Okafor <ada@example.com>');
    expect(mail?.text).toContain('Can a cooperative pay for Pro');
  });

  it('keeps the message and still answers success when the mail cannot be sent', async () => {
    const send = vi.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('SMTP is down'));
    const res = await ctx.request<{ id: string }>('POST', '/api/contact', { body: message({ phone: '' }) });
    await ctx.deliverMail();
    send.mockRestore();
    expect(res.status).toBe(201);
    const row = await stored(res.body.id);
    expect(row?.delivered_at).toBeNull();
    expect(row?.phone).toBeNull();
  });

  it('answers 400 with a message next to each bad field and stores nothing', async () => {
    const before = await ctx.db.$count(contact_messages);
    const res = await ctx.request<ErrorBody>('POST', '/api/contact', {
      body: { name: '', email: 'not-an-email', phone: '12', subject: '', message: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address, like ada@example.com',
      phone: 'Enter a Nigerian phone number, like 0803 123 4567',
      subject: 'Enter a subject, e.g. "Question about Pro"',
      message: 'Tell us a little more (at least 10 characters)',
    });
    expect(await ctx.db.$count(contact_messages)).toBe(before);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address in the window, then answers 429`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const ok = await ctx.request('POST', '/api/contact', { body: message(), ip });
      expect(ok.status).toBe(201);
    }
    const limited = await ctx.request<ErrorBody>('POST', '/api/contact', { body: message(), ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const other = await ctx.request('POST', '/api/contact', { body: message() });
    expect(other.status).toBe(201);
  });

  it('refuses a post from another site', async () => {
    const res = await ctx.request('POST', '/api/contact', {
      body: message(),
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });

  describe('as a plain HTML form (no JavaScript)', () => {
    it('stores the message and redirects back to the page with the sent notice', async () => {
      const subject = `Form post ${randomInt(1e9)}`;
      const res = await postForm(message({ subject, phone: '' }));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact#contact-sent');
      const [row] = await ctx.db.select().from(contact_messages).where(eq(contact_messages.subject, subject));
      expect(row?.phone).toBeNull();
    });

    it('redirects to the invalid notice when a field is wrong', async () => {
      const res = await postForm(message({ email: 'nope' }));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact#contact-invalid');
    });

    it('redirects to the limit notice after too many messages', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
        expect((await postForm(message(), ip)).status).toBe(303);
      const res = await postForm(message(), ip);
      expect(res.headers.get('location')).toBe('/contact#contact-limited');
    });
  });
});
