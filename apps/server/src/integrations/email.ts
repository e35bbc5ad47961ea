import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';
import type { Language } from '@gona/shared/languages';
import { messageWords } from './message-words';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (confirm, reset …), shown in the dev outbox. */
  link?: string;
  /** Files sent with the mail (the monthly report's PDF on Gona Pro). */
  attachments?: MailAttachment[];
};

/** A file a mail carries; its bytes in base64, so a queued mail stays plain JSON. */
export type MailAttachment = { filename: string; content_type: string; content_base64: string };

export type SentMail = MailMessage & { id: number; created_at: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Oldest first. Only the dev outbox keeps messages; SMTP returns null so /dev/outbox stays closed. */
  outbox(): SentMail[] | null;
}

/** SMTP when SMTP_URL is set, otherwise the dev outbox. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(options.logger);
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: a.content_base64,
          encoding: 'base64',
        })),
      });
    },
    outbox: () => null,
  };
}

const OUTBOX_SIZE = 100;

/** Keeps the last 100 messages in memory and prints each, so sign-up works locally without a mail server. */
export function createOutboxMailer(logger?: Logger): Mailer {
  const messages: SentMail[] = [];
  let nextId = 1;
  return {
    send(message) {
      messages.push({ ...message, id: nextId++, created_at: new Date().toISOString() });
      if (messages.length > OUTBOX_SIZE) messages.splice(0, messages.length - OUTBOX_SIZE);
      const files = message.attachments?.map((a) => `\n  attached: ${a.filename}`).join('') ?? '';
      logger?.info(
        `mail to ${message.to}: ${message.subject}${message.link ? `\n  ${message.link}` : ''}${files}`,
      );
      return Promise.resolve();
    },
    outbox: () => messages,
  };
}

/** The account mails, plain and friendly; each carries its link. */
export const mails = {
  /** Confirming a new account's address, in the language chosen at sign-up. */
  verifyEmail(to: string, firstName: string | undefined, url: string, language: unknown = 'en'): MailMessage {
    const words = messageWords(language);
    return {
      to,
      subject: words.verifySubject,
      link: url,
      text: [
        words.hello(firstName),
        '',
        words.verifyIntro,
        '',
        url,
        '',
        words.verifyAfter,
        words.verifyIgnore,
        '',
        words.team,
      ].join('\n'),
    };
  },
  /** Choosing a new password, in the account's language. */
  resetPassword(
    to: string,
    firstName: string | undefined,
    url: string,
    language: unknown = 'en',
  ): MailMessage {
    const words = messageWords(language);
    return {
      to,
      subject: words.resetSubject,
      link: url,
      text: [
        words.hello(firstName),
        '',
        words.resetIntro,
        '',
        url,
        '',
        words.resetAfter,
        '',
        words.team,
      ].join('\n'),
    };
  },
  changeEmail(to: string, firstName: string | undefined, url: string): MailMessage {
    return {
      to,
      subject: 'Confirm your new email for Gona',
      link: url,
      text: [
        `Hello${firstName ? ` ${firstName}` : ''},`,
        '',
        'You asked to use this address for your Gona account. Open this link to confirm it:',
        '',
        url,
        '',
        'Until you do, your account keeps its old address. The link works for three days.',
        'If you did not ask for this, you can ignore this email.',
        '',
        'The Gona team',
      ].join('\n'),
    };
  },
  invitation(
    to: string,
    invite: { farmName: string; role: string; invitedBy: string | null; days: number },
    url: string,
  ): MailMessage {
    const who = invite.invitedBy ?? 'Someone';
    return {
      to,
      subject: `${who} invited you to ${invite.farmName} on Gona`,
      link: url,
      text: [
        'Hello,',
        '',
        `${who} invited you to join ${invite.farmName} on Gona as ${invite.role}.`,
        'Open this link to join. If you are new to Gona, you can create your account there, with this email address:',
        '',
        url,
        '',
        `The link works for ${invite.days} days, once. If you were not expecting this, you can ignore this email.`,
        '',
        'The Gona team',
      ].join('\n'),
    };
  },
  signUpAttempt(to: string, firstName: string | undefined, signInUrl: string): MailMessage {
    return {
      to,
      subject: 'Someone tried to create a Gona account with your email',
      link: signInUrl,
      text: [
        `Hello${firstName ? ` ${firstName}` : ''},`,
        '',
        'Someone tried to create a new Gona account with this email address. You already have an account, so nothing was created.',
        '',
        'If it was you, sign in here, or use "Forgot password?" on that page to choose a new password:',
        '',
        signInUrl,
        '',
        'If it was not you, you can ignore this email; your account has not changed.',
        '',
        'The Gona team',
      ].join('\n'),
    };
  },
  /**
   * One notification by email (the person's preferences chose email for its kind), in their
   * language, with the files it carries (said in the text, so a reader whose mail hides
   * attachments knows to look).
   */
  notification(
    to: string,
    firstName: string | undefined,
    notification: { title: string; body: string; url: string },
    settingsUrl: string,
    language: Language = 'en',
    attachments: MailAttachment[] = [],
  ): MailMessage {
    const words = messageWords(language);
    return {
      to,
      // One line: words from a record must not spill into the mail's headers.
      subject: notification.title.replace(/\s+/g, ' '),
      link: notification.url,
      ...(attachments.length > 0 ? { attachments } : {}),
      text: [
        words.hello(firstName),
        '',
        notification.body,
        '',
        ...(attachments.length > 0
          ? [words.attached(attachments.map((a) => a.filename).join(', ')), '']
          : []),
        words.openInGona(notification.url),
        '',
        words.emailSettings(settingsUrl),
        '',
        words.team,
      ].join('\n'),
    };
  },
  /** The daily digest: the day's unread notifications in one mail, newest first, in the person's language. */
  digest(
    to: string,
    firstName: string | undefined,
    items: { title: string; body: string; url: string }[],
    listUrl: string,
    settingsUrl: string,
    language: Language = 'en',
  ): MailMessage {
    const words = messageWords(language);
    return {
      to,
      subject: words.digestSubject(items.length),
      link: listUrl,
      text: [
        words.hello(firstName),
        '',
        words.digestIntro(items.length),
        '',
        ...items.flatMap((item) => [`• ${item.title}`, `  ${item.body}`, `  ${item.url}`, '']),
        words.seeAll(listUrl),
        '',
        words.digestSettings(settingsUrl),
        '',
        words.team,
      ].join('\n'),
    };
  },
};
