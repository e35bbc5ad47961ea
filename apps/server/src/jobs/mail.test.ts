import { describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../integrations/email';
import { createTestContext } from '../test/context';

const t = await createTestContext();

const RESET_SUBJECT = 'Reset your Gona password';

/** A confirmed user who asked for a password reset, with the mailer refusing their mail `failures` times. */
async function resetWithFailingMailer(failures: number) {
  const { email } = await t.signUp();
  const deliver = t.mailer.send.bind(t.mailer);
  let left = failures;
  const send = vi.spyOn(t.mailer, 'send').mockImplementation((message: MailMessage) => {
    if (message.to === email && left-- > 0) return Promise.reject(new Error('SMTP is down'));
    return deliver(message);
  });
  const res = await t.request('POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/update-password' },
  });
  expect(res.status).toBe(200);
  const tries = () => send.mock.calls.filter(([m]) => m.to === email).length;
  const sent = () => t.mailer.outbox()?.filter((m) => m.to === email && m.subject === RESET_SUBJECT) ?? [];
  return { tries, sent, restore: () => send.mockRestore() };
}

describe('the send-mail job', () => {
  it('tries a mail the mailer refused again after a delay, then sends it once', async () => {
    const mail = await resetWithFailingMailer(1);
    try {
      await t.deliverMail();
      expect(mail.tries()).toBe(1);
      expect(mail.sent()).toHaveLength(0);
      // The retry waits out its backoff: running the job again at once does not take it.
      await t.deliverMail();
      expect(mail.tries()).toBe(1);
      await t.deliverMail({ retriesNow: true });
      expect(mail.tries()).toBe(2);
      expect(mail.sent()).toHaveLength(1);
    } finally {
      mail.restore();
    }
  });

  it('gives up after 5 retries and logs that once, without the mail text', async () => {
    const error = vi.spyOn(t.deps.logger, 'error');
    const mail = await resetWithFailingMailer(Infinity);
    try {
      await t.deliverMail();
      for (let retry = 0; retry < 6; retry++) await t.deliverMail({ retriesNow: true });
      expect(mail.tries()).toBe(6);
      expect(mail.sent()).toHaveLength(0);
      const logged = error.mock.calls.filter(([line]) => line.includes(RESET_SUBJECT));
      expect(logged).toHaveLength(1);
      expect(logged[0]?.[0]).toContain('after 6 tries: SMTP is down');
      expect(JSON.stringify(logged)).not.toMatch(/token|update-password/);
    } finally {
      mail.restore();
      error.mockRestore();
    }
  });
});
