import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { ConfigError } from '@gona/shared/public-config';
import { createApp } from './app';
import { REPO_ROOT, loadConfig, loadDotEnv, type Config } from './config';
import { DataDirLockedError, createDb } from './db/client';
import { migrateDb } from './db/migrate';
import { loadKnowledge } from './features/knowledge/knowledge.service';
import { loadHelp } from './features/help/help.service';
import { createMailer } from './integrations/email';
import { startFakePaystack } from './integrations/fake-paystack';
import { createPaymentGateway, type PaymentGateway } from './integrations/payments';
import { createPushSender, loadVapidKeys } from './integrations/push';
import { createSmsProvider } from './integrations/sms';
import { createFileStorage } from './integrations/storage';
import { startJobs } from './jobs/index';
import { createLogger, type Logger } from './lib/logger';
import { mountWebApp } from './web';

const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

/** The only file that listens: config → db → migrate → jobs → http, and the reverse on Ctrl-C. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const database = createDb(config, {
    onConnectionError: (err) =>
      logger.warn(`Database connection lost (${err.message}); reconnecting on the next query`),
  });
  logger.info(
    database.kind === 'pglite'
      ? `Using the embedded database in ${join(config.dataDir, 'pglite')}`
      : 'Using PostgreSQL from DATABASE_URL',
  );
  await migrateDb(database.db);
  await loadKnowledge(database.db, logger);
  await loadHelp(database.db, logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const push = createPushSender(loadVapidKeys(config), config.vapidSubject);
  const sms = createSmsProvider(config.sms);
  const { gateway: payments, stop: stopPayments } = await paymentGateway(config, logger);
  const storage = createFileStorage(config);
  logger.info(
    config.s3
      ? `Keeping uploaded files in the S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}`
      : `Keeping uploaded files in ${join(config.dataDir, 'files')}`,
  );
  logger.info(
    config.llm
      ? `The assistant's answers are phrased by ${config.llm.model} at ${config.llm.baseUrl}`
      : 'No LLM_BASE_URL: the assistant answers from its facts alone (see .env.example)',
  );
  const jobs = await startJobs(database, config.databaseUrl, {
    mailer,
    logger,
    push,
    sms,
    baseUrl: config.baseUrl,
    files: { storage, orphanHours: config.uploads.orphanHours },
    weather: config.weather,
    payments,
    config,
  });

  if (!config.smtpUrl && config.isProduction)
    logger.warn(
      'SMTP_URL is not set: Gona cannot send mail, so nobody can confirm an account or reset a password. Set SMTP_URL.',
    );
  else if (!config.smtpUrl)
    logger.info(`No SMTP_URL: mail goes to the dev outbox at ${config.baseUrl}/dev/outbox`);
  const app = createApp({
    config,
    db: database.db,
    mail: jobs.mail,
    outbox: () => mailer.outbox(),
    logger,
    push,
    payments,
    sms,
    storage,
    now: Date.now,
  });
  mountWebApp(app, WEB_DIST, logger);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    console.log(`Gona is running at ${config.baseUrl}`);
  }) as Server;
  // Idle keep-alive connections stay open longer than clients and proxies keep theirs: with Node's
  // 5 s a client reusing a connection just as the server closes it has its request reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing open requests, then stopping`);
    // Open requests get 10 seconds to finish; idle keep-alive connections are closed at once.
    const force = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), 10_000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(force);
    await jobs.stop();
    await stopPayments();
    await database.close();
    logger.info('Stopped cleanly');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((err: unknown) => {
        logger.error('Shutdown failed', err);
        process.exit(1);
      });
    });
  }
}

/**
 * Paystack when PAYSTACK_SECRET_KEY is set. Without it in production nothing can be paid for; on a
 * developer's machine (and in the browser journeys) payments go to the repository's stand-in of
 * Paystack, started here on a free port, whose checkout page pays or declines and whose signed
 * webhooks come back to this server, so the whole marketplace works with no account anywhere.
 */
async function paymentGateway(
  config: Config,
  logger: Logger,
): Promise<{ gateway: PaymentGateway | null; stop: () => Promise<void> }> {
  const none = () => Promise.resolve();
  if (config.paystack) return { gateway: createPaymentGateway(config.paystack), stop: none };
  if (config.isProduction) {
    logger.warn('No PAYSTACK_SECRET_KEY: the marketplace cannot take payments (see .env.example)');
    return { gateway: null, stop: none };
  }
  const fake = await startFakePaystack({
    webhookUrl: `http://127.0.0.1:${config.port}/api/webhooks/paystack`,
  });
  logger.info(
    `No PAYSTACK_SECRET_KEY: payments go to a local stand-in of Paystack at ${fake.url} (see .env.example)`,
  );
  return {
    gateway: createPaymentGateway({ baseUrl: fake.url, secretKey: fake.secretKey }),
    stop: () => fake.close(),
  };
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(
        `Gona cannot start: the configuration has problems.\n${err.problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and its default.`,
      );
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) console.error(`Gona could not start: ${err.message}`);
  else console.error('Gona could not start:', err);
  process.exit(1);
});
