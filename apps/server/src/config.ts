import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ASSISTANT_FREE_MONTHLY_QUESTIONS } from '@gona/shared/assistant';
import { ORDER_COMPLETE_HOURS } from '@gona/shared/marketplace';
import {
  ConfigError,
  PublicEnvSchema,
  baseUrlOf,
  envProblems,
  givenVariables,
  urlVariable,
} from '@gona/shared/public-config';

/**
 * The only reader of the environment. The public variables (PublicEnvSchema) are shared with the
 * web build, which bakes them into the pages.
 */

/** npm runs workspace scripts inside apps/server, so relative paths are taken from the repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** An XYZ tile URL template: http(s), with {z}, {x} and {y} where the tile's numbers go. */
const tileTemplate = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL template')
  .refine(
    (template) => ['{z}', '{x}', '{y}'].every((part) => template.includes(part)),
    'must hold {z}, {x} and {y}, like https://tile.example.org/{z}/{x}/{y}.png',
  );

/** Paystack's API; PAYSTACK_BASE_URL points elsewhere only for the fake (integrations/fake-paystack.ts). */
const PAYSTACK_URL = 'https://api.paystack.co';

/** Gona's share of a marketplace sale, in basis points of its subtotal (500 = 5 %). */
const commissionBps = z.coerce
  .number()
  .int('must be a whole number of basis points (500 = 5 %)')
  .min(0, 'must be 0 or more')
  .max(5000, 'must be at most 5000 (50 %)');

const EnvSchema = PublicEnvSchema.extend({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: urlVariable(
    /^postgres(ql)?:$/,
    'must be a postgres:// URL (leave it unset for the embedded database)',
  ).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
  SMTP_URL: urlVariable(/^smtps?:$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().trim().min(3).default('Gona <no-reply@gona.ng>'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive('must be more than 0').default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive('must be more than 0').default(10),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  TRUSTED_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        urlVariable(
          /^https?:$/,
          'must be a comma-separated list of http(s) origins, like https://app.gona.ng',
        ).transform((v) => new URL(v).origin),
      ),
    )
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a VAPID public key (65 bytes, base64url, 87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (32 bytes, base64url, 43 characters)')
    .optional(),
  VAPID_SUBJECT: urlVariable(/^(mailto|https):$/, 'must be a mailto: or https: URL').optional(),
  TILES_STREET_URL: tileTemplate.optional(),
  TILES_SATELLITE_URL: tileTemplate.optional(),
  TILES_ATTRIBUTION: z.string().trim().min(1).max(200).optional(),
  SMS_PROVIDER: z.enum(['africastalking'], { error: 'must be africastalking (or unset: no SMS)' }).optional(),
  SMS_API_KEY: z.string().trim().min(1).optional(),
  SMS_USERNAME: z.string().trim().min(1).optional(),
  SMS_SENDER_ID: z.string().trim().min(1).max(11, 'must be at most 11 characters').optional(),
  SMS_BASE_URL: urlVariable(/^https?:$/, 'must be an http(s) URL').optional(),
  USSD_CALLBACK_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  SMS_DAILY_CAP_PER_FARM: z.coerce.number().int().min(0).default(200),
  WEATHER_URL: urlVariable(/^https?:$/, 'must be an http(s) URL').optional(),
  WEATHER_API_KEY: z.string().trim().min(1).optional(),
  NORMALS_URL: urlVariable(/^https?:$/, 'must be an http(s) URL').optional(),
  PAYSTACK_BASE_URL: urlVariable(/^https?:$/, 'must be an http(s) URL').default(PAYSTACK_URL),
  PAYSTACK_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^\S+$/, 'must be a secret key without spaces, like sk_test_…')
    .optional(),
  MARKET_COMMISSION_BPS_FREE: commissionBps.default(500),
  MARKET_COMMISSION_BPS_PRO: commissionBps.default(300),
  MARKET_COMPLETE_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be 1 or more')
    .max(720, 'must be at most 720 (30 days)')
    .default(ORDER_COMPLETE_HOURS),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int('must be a whole number of bytes')
    .min(64 * 1024, 'must be at least 65536 (64 KB)')
    .max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} (100 MB)`)
    .default(8 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce
    .number()
    .int('must be a whole number of pixels')
    .min(1_000_000, 'must be at least 1000000 (1 megapixel)')
    .default(50_000_000),
  FILE_ORPHAN_HOURS: z.coerce.number().positive('must be more than 0').default(24),
  S3_ENDPOINT: urlVariable(
    /^https?:$/,
    'must be an http(s) URL, like https://s3.eu-west-1.amazonaws.com',
  ).optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  LLM_BASE_URL: urlVariable(
    /^https?:$/,
    'must be the http(s) URL of an OpenAI-compatible API, like http://127.0.0.1:11434/v1',
  ).optional(),
  LLM_MODEL: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  LLM_API_KEY: z.string().trim().regex(/^\S+$/, 'must be a key without spaces').optional(),
  LLM_TIMEOUT_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(1, 'must be 1 or more')
    .max(300, 'must be at most 300')
    .default(30),
  ASSISTANT_FREE_MONTHLY_QUESTIONS: z.coerce
    .number()
    .int('must be a whole number of questions')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(ASSISTANT_FREE_MONTHLY_QUESTIONS),
});

/** Africa's Talking: the live API, or its sandbox for the username "sandbox". */
const AFRICAS_TALKING_URL = 'https://api.africastalking.com';
const AFRICAS_TALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com';

export type SmsConfig = {
  provider: 'africastalking';
  apiKey: string;
  username: string;
  senderId: string | undefined;
  /** Without /version1; a fake that speaks the same protocol in development and tests. */
  baseUrl: string;
};

export type PaystackConfig = {
  /** Without a trailing slash: https://api.paystack.co, or the fake's address. */
  baseUrl: string;
  /** sk_test_… or sk_live_…; it also signs the webhooks Paystack sends. */
  secretKey: string;
};

/**
 * Any OpenAI-compatible chat completions API (Ollama, vLLM, llama.cpp's server, a hosted one): the
 * assistant lets it phrase answers from the retrieved facts; without one it answers from the facts.
 */
export type LlmConfig = {
  /** Up to and including /v1, without a trailing slash. */
  baseUrl: string;
  model: string;
  /** Sent as the bearer token; local servers ignore it. */
  apiKey: string | null;
  /** Past this the answer is made from the facts alone. */
  timeoutMs: number;
};

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  baseUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  supportAddress: string;
  blogUrl: string;
  proPriceNaira: number;
  /** Gona's commission on a marketplace sale by the selling farm's plan, basis points of the subtotal. */
  marketCommissionBps: { free: number; pro: number };
  /** Hours after delivery before an order completes by itself (fresh produce has its own, shorter window). */
  marketCompleteHours: number;
  authRateLimit: { windowSeconds: number; max: number };
  logLevel: LogLevel;
  /** Origins that may send state-changing requests: BASE_URL, its loopback twins in development, TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  /** Behind one reverse proxy: the client address is the last one in X-Forwarded-For. */
  trustedProxy: boolean;
  /** Web push keys from the environment; null: generated into DATA_DIR on first start (integrations/push.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who push services may contact about this server's messages. */
  vapidSubject: string;
  /** null: SMS is off and the channel is not offered. */
  sms: SmsConfig | null;
  /**
   * The secret Africa's Talking's USSD and incoming-SMS callbacks carry as `?key=` (docs/decisions/073);
   * null: those callbacks answer 404.
   */
  ussdCallbackSecret: string | null;
  /** SMS Gona sends for one farm in one day at most (replies to USSD/SMS commands). */
  smsDailyCapPerFarm: number;
  /** XYZ templates of the basemaps the map proxies; a layer without one is drawn as a plain grid. */
  tiles: { street: string | null; satellite: string | null; attribution: string };
  /**
   * Open-Meteo's forecast API (or anything speaking it); null: no weather, the climate screen says
   * so. `normalsUrl`: NASA POWER (or anything speaking it) for the normal rain; null: none shown.
   */
  weather: { baseUrl: string; apiKey: string | null; normalsUrl: string | null } | null;
  /** null without PAYSTACK_SECRET_KEY: the marketplace cannot take payments. */
  paystack: PaystackConfig | null;
  uploads: {
    /** The largest file an upload may carry, in bytes (413 beyond). */
    maxBytes: number;
    /** The most pixels a photo may have (width × height); refused before it is decoded. */
    maxPixels: number;
    /** An upload no record took within this many hours is removed by the files-cleanup job. */
    orphanHours: number;
  };
  /** S3-compatible storage for uploaded files; unset keeps them on disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  /** null without LLM_BASE_URL and LLM_MODEL: the assistant answers from the facts alone. */
  llm: LlmConfig | null;
  /** Questions a farm on Free may ask the assistant in a calendar month (Lagos time). */
  assistantFreeMonthlyQuestions: number;
};

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Variables from the repository's .env file, for those not already set in the environment. */
export function loadDotEnv(file = join(REPO_ROOT, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const given = givenVariables(env);
  const parsed = EnvSchema.safeParse(given);
  const problems = parsed.success ? [] : envProblems(parsed.error);
  if (given.NODE_ENV === 'production' && !given.AUTH_SECRET) {
    problems.push('AUTH_SECRET: is required when NODE_ENV=production (try: openssl rand -hex 32)');
  }
  if (Boolean(given.VAPID_PUBLIC_KEY) !== Boolean(given.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither');
  }
  if (given.SMS_PROVIDER) {
    for (const name of ['SMS_API_KEY', 'SMS_USERNAME'] as const)
      if (!given[name]) problems.push(`${name}: is required when SMS_PROVIDER is set`);
  }
  if (
    given.NODE_ENV === 'production' &&
    given.PAYSTACK_SECRET_KEY &&
    given.PAYSTACK_BASE_URL?.trim().startsWith('http:')
  ) {
    problems.push(
      'PAYSTACK_BASE_URL: must be https:// when NODE_ENV=production (the secret key travels with each request)',
    );
  }
  if (Boolean(given.LLM_BASE_URL) !== Boolean(given.LLM_MODEL)) {
    problems.push(
      'LLM_MODEL: set LLM_BASE_URL and LLM_MODEL together (or neither: the assistant answers from its facts)',
    );
  }
  const missingS3 = S3_REQUIRED.filter((name) => !given[name]);
  if (missingS3.length > 0 && missingS3.length < S3_REQUIRED.length) {
    problems.push(`${missingS3.join(', ')}: S3 storage needs ${S3_REQUIRED.join(', ')} together`);
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(REPO_ROOT, e.DATA_DIR);
  const baseUrl = baseUrlOf(e);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    authSecret: e.AUTH_SECRET ?? persistedDevSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportAddress: e.SUPPORT_ADDRESS,
    blogUrl: e.BLOG_URL,
    proPriceNaira: e.PLAN_PRO_PRICE_NAIRA,
    marketCommissionBps: { free: e.MARKET_COMMISSION_BPS_FREE, pro: e.MARKET_COMMISSION_BPS_PRO },
    marketCompleteHours: e.MARKET_COMPLETE_HOURS,
    authRateLimit: { windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: e.AUTH_RATE_LIMIT_MAX },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustedOrigins: trustedOrigins(baseUrl, isProduction, e.TRUSTED_ORIGINS ?? []),
    trustedProxy: e.TRUSTED_PROXY,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    sms:
      e.SMS_PROVIDER && e.SMS_API_KEY && e.SMS_USERNAME
        ? {
            provider: e.SMS_PROVIDER,
            apiKey: e.SMS_API_KEY,
            username: e.SMS_USERNAME,
            senderId: e.SMS_SENDER_ID,
            baseUrl: (
              e.SMS_BASE_URL ??
              (e.SMS_USERNAME === 'sandbox' ? AFRICAS_TALKING_SANDBOX_URL : AFRICAS_TALKING_URL)
            ).replace(/\/+$/, ''),
          }
        : null,
    ussdCallbackSecret: e.USSD_CALLBACK_SECRET ?? null,
    smsDailyCapPerFarm: e.SMS_DAILY_CAP_PER_FARM,
    weather: e.WEATHER_URL
      ? {
          baseUrl: e.WEATHER_URL.replace(/\/+$/, ''),
          apiKey: e.WEATHER_API_KEY ?? null,
          normalsUrl: e.NORMALS_URL?.replace(/\/+$/, '') ?? null,
        }
      : null,
    paystack: e.PAYSTACK_SECRET_KEY
      ? { baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''), secretKey: e.PAYSTACK_SECRET_KEY }
      : null,
    tiles: {
      street: e.TILES_STREET_URL ?? null,
      satellite: e.TILES_SATELLITE_URL ?? null,
      attribution: e.TILES_ATTRIBUTION ?? '',
    },
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxPixels: e.UPLOAD_MAX_PIXELS,
      orphanHours: e.FILE_ORPHAN_HOURS,
    },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            model: e.LLM_MODEL,
            apiKey: e.LLM_API_KEY ?? null,
            timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
          }
        : null,
    assistantFreeMonthlyQuestions: e.ASSISTANT_FREE_MONTHLY_QUESTIONS,
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * BASE_URL and TRUSTED_ORIGINS; outside production also BASE_URL's loopback twins, so a developer
 * can open http://127.0.0.1:3000 as well as http://localhost:3000.
 */
function trustedOrigins(baseUrl: string, isProduction: boolean, extra: string[]): string[] {
  const base = new URL(baseUrl);
  const origins = new Set([base.origin, ...extra]);
  if (!isProduction && LOOPBACK_HOSTS.includes(base.hostname)) {
    for (const host of LOOPBACK_HOSTS)
      origins.add(`${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`);
  }
  return [...origins];
}

/** Outside production a secret is generated once and kept so that sessions survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
