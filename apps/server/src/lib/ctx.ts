import type { FarmRole } from '@gona/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../integrations/email';
import type { PaymentGateway } from '../integrations/payments';
import type { PushSender } from '../integrations/push';
import type { SmsProvider } from '../integrations/sms';
import type { FileStorage } from '../integrations/storage';
import type { MailQueue } from '../jobs/mail';
import type { Logger } from './logger';

/** What the app is built from; tests build the same thing with an in-memory outbox. */
export type Deps = {
  config: Config;
  db: Db;
  /** Requests only queue mail; the send-mail job delivers it, so an answer never waits on a mail server. */
  mail: MailQueue;
  /** The dev outbox's mail (null with SMTP), for /dev/outbox. */
  outbox: Mailer['outbox'];
  logger: Logger;
  /** Web push (VAPID); the send job pushes, the settings screen reads its public key. */
  push: PushSender;
  /**
   * Paystack (or the fake): null without PAYSTACK_SECRET_KEY, and then nothing can be paid for:
   * checkout answers that payments are not available; browsing and listing still work.
   */
  payments: PaymentGateway | null;
  /** null when SMS_* is not configured: the SMS channel is not offered. */
  sms: SmsProvider | null;
  /** Where uploaded photos and documents are kept (disk under DATA_DIR, or S3). */
  storage: FileStorage;
  /** The time in epoch milliseconds for limits that measure pauses; tests move it by hand instead of waiting. */
  now: () => number;
};

/** What every service receives: who is acting, the database to act on, and where to report trouble. No HTTP types here. */
export type Ctx = { db: Db; userId: string; logger: Logger };
export type FarmCtx = Ctx & { farmId: string; role: FarmRole };
