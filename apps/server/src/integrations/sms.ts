import type { SmsConfig } from '../config';

export type SmsMessage = {
  /** International format, +2348031234567 (see internationalPhone). */
  to: string;
  message: string;
};

/**
 * What became of a message the provider answered about. `rejected` will not get better by trying
 * again (a number that does not exist, a number on do-not-disturb); anything that might (no
 * connection, the provider down, no credit) is thrown instead, so the job tries again later.
 */
export type SmsOutcome =
  { status: 'sent'; messageId: string | null } | { status: 'rejected'; reason: string };

export interface SmsProvider {
  send(message: SmsMessage): Promise<SmsOutcome>;
}

/** The provider SMS_* configures, or null when SMS is off. */
export function createSmsProvider(config: SmsConfig | null): SmsProvider | null {
  return config ? createAfricasTalking(config) : null;
}

const TIMEOUT_MS = 15_000;

/** Per-recipient codes that trying again cannot fix (Africa's Talking's SMS status codes). */
const REJECTED: Record<number, string> = {
  401: 'held by the provider as a risk',
  402: 'the sender ID is not approved',
  403: 'the phone number is not valid',
  404: 'the number cannot receive SMS',
  406: 'the number has blocked messages',
  409: 'the number is on do-not-disturb',
};
/** Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

type AfricasTalkingAnswer = {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { number?: string; status?: string; statusCode?: number; messageId?: string }[];
  };
};

/**
 * Africa's Talking bulk SMS: a form-encoded POST to /version1/messaging with the `apikey` header,
 * answered with one status per recipient. We send to one number at a time, so one delivery row
 * maps to one answer.
 */
export function createAfricasTalking(config: SmsConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    async send({ to, message }) {
      const form = new URLSearchParams({ username: config.username, to, message });
      if (config.senderId) form.set('from', config.senderId);
      const response = await fetchImpl(`${config.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: {
          apikey: config.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new Error(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`);
      }
      let answer: AfricasTalkingAnswer;
      try {
        answer = JSON.parse(text) as AfricasTalkingAnswer;
      } catch {
        throw new Error(`Africa's Talking answered something that is not JSON: ${text.slice(0, 200)}`);
      }
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      if (!recipient || typeof recipient.statusCode !== 'number') {
        // No recipient at all is how it answers a message it would not send, with the reason in Message.
        const reason = answer.SMSMessageData?.Message ?? 'no recipient in the answer';
        return { status: 'rejected', reason: `Africa's Talking sent nothing: ${reason}` };
      }
      if (ACCEPTED.has(recipient.statusCode))
        return { status: 'sent', messageId: recipient.messageId ?? null };
      const reason = REJECTED[recipient.statusCode];
      if (reason)
        return { status: 'rejected', reason: `${recipient.status ?? recipient.statusCode}: ${reason}` };
      throw new Error(`Africa's Talking could not send now: ${recipient.status ?? recipient.statusCode}`);
    },
  };
}

/**
 * A phone number as a person typed it ("0803 123 4567", "+234 803 123 4567", "2348031234567") in
 * the international form SMS providers take, or null when it cannot be one. Local numbers are
 * Nigerian.
 */
export function internationalPhone(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^234\d{10}$/.test(compact)) return `+${compact}`;
  if (/^0[789][01]\d{8}$/.test(compact)) return `+234${compact.slice(1)}`;
  return null;
}
