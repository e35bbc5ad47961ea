import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
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
});

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
  authRateLimit: { windowSeconds: number; max: number };
  logLevel: LogLevel;
  /** Origins that may send state-changing requests: BASE_URL, its loopback twins in development, TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  /** Behind one reverse proxy: the client address is the last one in X-Forwarded-For. */
  trustedProxy: boolean;
};

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
    authRateLimit: { windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: e.AUTH_RATE_LIMIT_MAX },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    trustedOrigins: trustedOrigins(baseUrl, isProduction, e.TRUSTED_ORIGINS ?? []),
    trustedProxy: e.TRUSTED_PROXY,
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
