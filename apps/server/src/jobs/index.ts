import { lt } from 'drizzle-orm';
import type pg from 'pg';
import { PgBoss, fromPglite, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import { handledClient, type Database } from '../db/client';
import type { PaymentGateway } from '../integrations/payments';
import type { PushSender } from '../integrations/push';
import type { SmsProvider } from '../integrations/sms';
import type { FileStorage } from '../integrations/storage';
import { rate_limits, sessions, verifications } from '../db/schema/index';
import {
  MAIL_QUEUE,
  createMailQueue,
  deliverMail,
  type MailDelivery,
  type MailJob,
  type MailQueue,
} from './mail';
import { createNotificationQueues, startNotificationWorkers } from './notifications';
import { startMarketAlerts } from './market-alerts';
import { startNotificationsCleanup } from './notifications-cleanup';
import { startMarketplaceOrders } from './marketplace-orders';
import { startPaymentsReconcile } from './payments-reconcile';
import { startBillingSweep } from './billing';
import { startPaymentReminders } from './payment-reminders';
import { startFilesCleanup } from './files';
import { startRecurringExpenses } from './recurring-expenses';
import { startMonthlyReports } from './monthly-reports';
import { startReportPdfs } from './report-pdfs';
import { startTasksSweep } from './tasks';
import { startWeatherRefresh } from './weather';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Jobs = { mail: MailQueue; stop: () => Promise<void> };

/**
 * pg-boss on the application's own database (PGlite through fromPglite, or the same PostgreSQL), so
 * jobs need no other service. Features add their queues here: createQueue, work, optional schedule.
 */
export async function startJobs(
  database: Database,
  databaseUrl: string | undefined,
  deps: Omit<MailDelivery, 'db'> & {
    push: PushSender;
    sms: SmsProvider | null;
    baseUrl: string;
    files: { storage: FileStorage; orphanHours: number };
    weather?: Config['weather'];
    /** Refunds of orders the sweeps cancel are asked of it; null: they wait, logged. */
    payments?: PaymentGateway | null;
    /** The prices and rates Gona Pro's sweep and the reconciliation read. */
    config: Config;
  },
): Promise<Jobs> {
  const { logger, files, weather: _weather, payments, config, ...mailDeps } = deps;
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite) })
    : new PgBoss(ownPoolOptions(databaseUrl, logger));
  boss.on('error', (err) => logger.error('jobs: pg-boss error', err));
  await boss.start();

  await boss.createQueue('auth-cleanup');
  await boss.work('auth-cleanup', async () => {
    const now = new Date();
    await database.db.delete(sessions).where(lt(sessions.expires_at, now));
    await database.db.delete(verifications).where(lt(verifications.expires_at, now));
    await database.db.delete(rate_limits).where(lt(rate_limits.window_start, now.getTime() - DAY_MS));
  });
  // Expired sessions, used tokens and old rate-limit windows only take space; clear them nightly (03:00 Lagos).
  await boss.schedule('auth-cleanup', '0 3 * * *', null, { tz: 'Africa/Lagos' });

  const mail = await createMailQueue(boss);
  await boss.work(MAIL_QUEUE, { includeMetadata: true }, ([job]: JobWithMetadata<MailJob>[]) =>
    deliverMail({ ...mailDeps, logger, db: database.db }, job!),
  );

  await startFilesCleanup(boss, { ...files, db: database.db, logger });
  await startTasksSweep(boss, { db: database.db, logger, sms: deps.sms });
  await startRecurringExpenses(boss, { db: database.db, logger });
  await startWeatherRefresh(boss, { db: database.db, logger, weather: deps.weather ?? null });
  await startMarketAlerts(boss, { db: database.db, logger });
  await startNotificationsCleanup(boss, { db: database.db, logger });
  await startPaymentReminders(boss, { db: database.db, logger });
  await startMarketplaceOrders(boss, { db: database.db, logger, payments: payments ?? null });
  await startPaymentsReconcile(boss, { db: database.db, logger, payments: payments ?? null, config });
  await startBillingSweep(boss, { db: database.db, logger, payments: payments ?? null, config });
  await startReportPdfs(boss, { db: database.db, logger, storage: files.storage, now: () => Date.now() });
  await startMonthlyReports(boss, { db: database.db, logger, storage: files.storage });

  const delivery = { ...mailDeps, logger, db: database.db, mail, storage: files.storage };
  const notifications = await createNotificationQueues(boss, delivery);
  const stopWakeUps = await startNotificationWorkers(boss, delivery, notifications);

  return {
    mail,
    stop: async () => {
      await stopWakeUps();
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/**
 * pg-boss's own pool on PostgreSQL, whose connections are of the class that always handles its
 * 'error' event (handledClient): one pg-boss holds when the database restarts must not end the
 * process. pg-boss hands its options to pg.Pool, which takes the connection class as `Client`.
 */
export function ownPoolOptions(
  databaseUrl: string | undefined,
  logger: Pick<Logger, 'warn'>,
): ConstructorOptions & { Client: typeof pg.Client } {
  return {
    connectionString: databaseUrl,
    Client: handledClient((err) => logger.warn(`jobs: database connection lost (${err.message})`)),
  };
}
