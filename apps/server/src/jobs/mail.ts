import type { JobWithMetadata, PgBoss, QueueOptions } from 'pg-boss';
import type { Db } from '../db/client';
import { markContactMessageDelivered } from '../features/contact/contact.service';
import type { MailMessage, Mailer } from '../integrations/email';
import type { Logger } from '../lib/logger';

export const MAIL_QUEUE = 'send-mail';

/**
 * Six tries over roughly a quarter to half an hour (30 s, 1, 2, 4, 8 minutes apart, each up to twice
 * that with jitter), so a mail server that is briefly away loses nothing. Sent and failed jobs hold
 * the mail's text (reset links), so they are kept one day, not pg-boss's default week.
 */
export const MAIL_QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  deleteAfterSeconds: 24 * 60 * 60,
} satisfies QueueOptions;

export type MailJob = {
  message: MailMessage;
  /** A contact form message, marked delivered once its mail to support went out. */
  contactMessageId?: string;
};

/** What a request sends mail with: it only adds a job (one insert); a worker delivers it. */
export type MailQueue = { enqueue: (job: MailJob) => Promise<void> };

export type MailDelivery = { db: Db; mailer: Mailer; logger: Logger };

/** Creates the send-mail queue; startJobs adds its worker, tests deliver by hand. */
export async function createMailQueue(boss: PgBoss): Promise<MailQueue> {
  await boss.createQueue(MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  return {
    enqueue: async (job) => {
      await boss.send(MAIL_QUEUE, job);
    },
  };
}

/**
 * Sends one queued mail through the mailer; throwing makes pg-boss try again later. The last failure
 * is logged once, naming the job and subject but never the text, which may hold a reset link.
 */
export async function deliverMail(deps: MailDelivery, job: JobWithMetadata<MailJob>): Promise<void> {
  const { message, contactMessageId } = job.data;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    if (job.retryCount >= job.retryLimit) {
      const reason = err instanceof Error ? err.message : String(err);
      deps.logger.error(
        `mail: gave up on "${message.subject}" (job ${job.id}) after ${job.retryCount + 1} tries: ${reason}`,
      );
    }
    throw err;
  }
  if (contactMessageId) await markContactMessageDelivered(deps.db, contactMessageId);
}
