import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PgBoss, fromPglite, type Db as JobsDb } from 'pg-boss';
import type { CreateFarmInput, Farm, FarmRole, Me } from '@gona/shared';
import { createApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { farm_memberships, users } from '../db/schema/index';
import { createMailer, createOutboxMailer, type Mailer, type SentMail } from '../integrations/email';
import { createPaymentGateway } from '../integrations/payments';
import { createPushSender, generateVapidKeys } from '../integrations/push';
import { createSmsProvider } from '../integrations/sms';
import { diskStorage, type FileStorage } from '../integrations/storage';
import { MAIL_QUEUE, createMailQueue, deliverMail, type MailJob } from '../jobs/mail';
import type { Deps } from '../lib/ctx';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { closeAfterFile } from './cleanup';
import { openTestDatabase } from './database';

/** The error body of better-auth's own endpoints (sign-in, reset …), which keep their codes. */
export type AuthErrorBody = { code: string; message: string };

export const TEST_BASE_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery';

export type RequestOptions = {
  body?: unknown;
  /** A body sent exactly as given (set its content-type in headers), for malformed input. */
  raw?: string;
  /** A multipart form (an upload); fetch sets its content-type. */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
  /** The socket address the request comes from; a random private one unless given (rate limits are per address). */
  ip?: string;
  /** Sent as Origin on state-changing requests; null sends none. Defaults to BASE_URL. */
  origin?: string | null;
};

// Bodies are checked with expect(); `any` by default keeps those assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse<T = any> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body as sent, for files. */
  bytes: Buffer;
  /** "name=value; …" of the cookies this response set, to send on the next request. */
  cookie: string;
};

export type SignUpOptions = {
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  role?: string;
  /** Follow the confirmation link and sign in (default true). */
  verified?: boolean;
};

export type TestContext = {
  app: App;
  db: Db;
  deps: Deps;
  /** pg-boss on the test's database, with no workers: tests run a queue's jobs themselves. */
  boss: PgBoss;
  /** The app's clock (deps.now): it stands still until a test moves it on. */
  clock: { advance: (seconds: number) => void };
  /** What the send-mail job delivers through (the dev outbox, or SMTP when a test sets SMTP_URL). */
  mailer: Mailer;
  /**
   * Runs the send-mail job on the queued mail, as the worker would: what succeeds is completed, what
   * throws is failed (and so retried later). `retriesNow` also takes retries still waiting out their
   * backoff, in one pass.
   */
  deliverMail: (options?: { retriesNow?: boolean }) => Promise<void>;
  /** Delivers queued mail, then answers all mail sent so far, oldest first. */
  outbox: () => Promise<SentMail[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
  request: <T = any>(method: string, path: string, options?: RequestOptions) => Promise<TestResponse<T>>;
  signUp: (options?: SignUpOptions) => Promise<{ user: Me; cookie: string; email: string; password: string }>;
  createFarm: (cookie: string, overrides?: Partial<CreateFarmInput>) => Promise<Farm>;
  addMember: (farmId: string, userId: string, role: FarmRole) => Promise<void>;
  uniqueEmail: (label?: string) => string;
};

/**
 * One app per test file over a real database (see database.ts). Tests isolate by making their own
 * users and farms with unique emails; nothing is truncated. Uploads go to a temporary folder of
 * the file's own unless `storage` is given. Closed automatically after the file (src/test/setup.ts).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { database?: Database; storage?: FileStorage; ownDatabase?: boolean } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase({ own: options.ownDatabase }));
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    LOG_LEVEL: 'silent',
    ...env,
  });
  // The real SMTP mailer only when a test sets SMTP_URL (to prove the dev outbox closes); it sends nothing there.
  const mailer = config.smtpUrl
    ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: createLogger('silent') })
    : createOutboxMailer();
  const logger = createLogger(config.logLevel);
  // No workers, schedules or maintenance: tests run the mail job themselves with deliverMail.
  const boss = new PgBoss({ db: jobsDbOf(database), supervise: false, schedule: false });
  boss.on('error', (err) => logger.error('jobs: pg-boss error', err));
  await boss.start();
  const mail = await createMailQueue(boss);
  let now = Date.now();
  const clock = { advance: (seconds: number) => void (now += seconds * 1000) };
  const filesDir = options.storage ? null : mkdtempSync(join(tmpdir(), 'gona-files-'));
  const storage = options.storage ?? diskStorage(filesDir!);
  const deps: Deps = {
    config,
    db: database.db,
    mail,
    outbox: () => mailer.outbox(),
    logger,
    push: createPushSender(config.vapidKeys ?? generateVapidKeys(), config.vapidSubject),
    payments: createPaymentGateway(config.paystack),
    sms: createSmsProvider(config.sms),
    storage,
    now: () => now,
  };
  const app = createApp(deps);
  closeAfterFile(async () => {
    await boss.stop({ graceful: false, close: false });
    await database.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const drainQueuedMail = async (retriesNow: boolean) => {
    for (;;) {
      const jobs = await boss.fetch<MailJob>(MAIL_QUEUE, {
        batchSize: 50,
        includeMetadata: true,
        ignoreStartAfter: retriesNow,
      });
      for (const job of jobs) {
        try {
          await deliverMail({ db: database.db, mailer, logger }, job);
          await boss.complete(MAIL_QUEUE, job);
        } catch (err) {
          await boss.fail(MAIL_QUEUE, job, { message: err instanceof Error ? err.message : String(err) });
        }
      }
      // With retriesNow a failed job would be fetched again at once; one pass is one try each.
      if (jobs.length === 0 || retriesNow) return;
    }
  };
  // One drain at a time: a second caller (two sign-ups in parallel) waits for the drain that may
  // have fetched its job, so its mail is delivered when its call returns.
  let draining: Promise<void> = Promise.resolve();
  const deliverQueuedMail: TestContext['deliverMail'] = ({ retriesNow = false } = {}) => {
    draining = draining.catch(() => undefined).then(() => drainQueuedMail(retriesNow));
    return draining;
  };
  const outbox = async () => {
    await deliverQueuedMail();
    return mailer.outbox() ?? [];
  };

  const request = async <T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers = new Headers(options.headers);
    if (options.body !== undefined) headers.set('content-type', 'application/json');
    if (options.cookie) headers.set('cookie', options.cookie);
    const origin = options.origin === undefined ? config.baseUrl : options.origin;
    if (origin && method !== 'GET' && method !== 'HEAD') headers.set('origin', origin);
    const ip = options.ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const res = await app.request(
      path,
      {
        method,
        headers,
        body:
          options.form ??
          options.raw ??
          (options.body === undefined ? undefined : JSON.stringify(options.body)),
        redirect: 'manual',
      },
      { incoming: { socket: { remoteAddress: ip, remoteFamily: ip.includes(':') ? 'IPv6' : 'IPv4' } } },
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let body: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) body = JSON.parse(text);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c): c is string => Boolean(c) && !c!.endsWith('='))
      .join('; ');
    return { status: res.status, headers: res.headers, body: body as T, text, bytes, cookie };
  };

  const uniqueEmail = (label = 'farmer') => `${label}-${randomUUID().slice(0, 12)}@example.com`;

  const signUp: TestContext['signUp'] = async (options = {}) => {
    const email = options.email ?? uniqueEmail();
    const password = options.password ?? TEST_PASSWORD;
    const res = await request('POST', '/api/auth/sign-up/email', {
      body: {
        email,
        password,
        first_name: options.first_name ?? 'Amaka',
        last_name: options.last_name ?? 'Okafor',
        phone: '0803 123 4567',
        ...(options.role ? { role: options.role } : {}),
      },
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    if (options.verified === false) return { user: await userByEmail(email), cookie: '', email, password };
    const link = verificationLink(await outbox(), email);
    const verified = await request('GET', link.pathname + link.search);
    if (verified.status !== 302) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
    const signIn = await request('POST', '/api/auth/sign-in/email', { body: { email, password } });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
    return { user: await userByEmail(email), cookie: signIn.cookie, email, password };
  };

  const userByEmail = async (email: string): Promise<Me> => {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    const { id, first_name, last_name, phone } = row;
    return {
      id,
      email,
      first_name,
      last_name,
      phone,
      role: row.role === 'admin' ? 'admin' : 'user',
      email_verified: row.email_verified,
      language: row.language,
    };
  };

  const createFarm: TestContext['createFarm'] = async (cookie, overrides = {}) => {
    const res = await request<Farm>('POST', '/api/farms', {
      cookie,
      body: { name: 'Green Acres', location: 'Obio-Akpor', farm_type: 'crop', state: 'Rivers', ...overrides },
    });
    if (res.status !== 201) throw new Error(`createFarm failed: ${res.status} ${res.text}`);
    return res.body;
  };

  const addMember: TestContext['addMember'] = async (farmId, userId, role) => {
    await database.db
      .insert(farm_memberships)
      .values({ id: newId(), farm_id: farmId, user_id: userId, role });
  };

  return {
    app,
    db: database.db,
    deps,
    boss,
    clock,
    mailer,
    deliverMail: deliverQueuedMail,
    outbox,
    request,
    signUp,
    createFarm,
    addMember,
    uniqueEmail,
  };
}

/** pg-boss on the test's own database: the embedded one, or the same pool. */
function jobsDbOf(database: Database): JobsDb {
  if (database.pglite) return fromPglite(database.pglite);
  const pool = database.pool!;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** The confirmation link of the newest mail to `email`. */
export function verificationLink(outbox: SentMail[], email: string): URL {
  const mail = outbox.filter((m) => m.to === email && m.link?.includes('verify-email')).at(-1);
  if (!mail?.link) throw new Error(`no confirmation mail to ${email}`);
  return new URL(mail.link);
}
