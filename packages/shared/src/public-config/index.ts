import { z } from 'zod';
import { nairaToKobo } from '../money/index';

/**
 * The configuration that pages may show, nothing secret: read by the server's config.ts and by the
 * web build (the Vite config and the prerenderer), so both see the same values from the same
 * variables. PORT is here only for BASE_URL's default.
 */

/** A variable holding a URL whose protocol matches `protocols`; `hint` is the message when it does not. */
export const urlVariable = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.test(new URL(v).protocol);
      } catch {
        return false;
      }
    }, hint);

export const PublicEnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  BASE_URL: urlVariable(/^https?:$/, 'must be an http(s) URL, like http://localhost:3000').optional(),
  SUPPORT_EMAIL: z.email('must be an email address').default('support@gona.ng'),
  SUPPORT_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('Plot 12 Trans-Amadi Industrial Layout, Port Harcourt, Rivers State, Nigeria'),
  BLOG_URL: urlVariable(/^https?:$/, 'must be an http(s) URL').default('https://blog.gona.ng'),
  PLAN_PRO_PRICE_NAIRA: z.coerce
    .number({ error: 'must be a number of naira' })
    .int('must be a whole number of naira')
    .positive('must be more than 0')
    .default(60000),
});

export type PublicEnv = z.output<typeof PublicEnvSchema>;

/** What the web app is built with (`__GONA_PUBLIC__`), in the wire's snake_case. */
export type PublicConfig = {
  support_email: string;
  postal_address: string;
  blog_url: string;
  /** Yearly price of the Pro plan in kobo. */
  pro_price_kobo: number;
};

/** Thrown with every bad variable, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The variables that are set: an empty value (as in a copied .env.example) means "use the default". */
export function givenVariables(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/** "VARIABLE: what is wrong", one per problem. */
export function envProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The public variables of `env`, or ConfigError listing every bad one. */
export function parsePublicEnv(env: Record<string, string | undefined>): PublicEnv {
  const parsed = PublicEnvSchema.safeParse(givenVariables(env));
  if (!parsed.success) throw new ConfigError(envProblems(parsed.error));
  return parsed.data;
}

/** BASE_URL without a trailing slash, or http://localhost:PORT. */
export function baseUrlOf(env: Pick<PublicEnv, 'BASE_URL' | 'PORT'>): string {
  return (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function publicConfigOf(env: PublicEnv): PublicConfig {
  return {
    support_email: env.SUPPORT_EMAIL,
    postal_address: env.SUPPORT_ADDRESS,
    blog_url: env.BLOG_URL,
    pro_price_kobo: nairaToKobo(env.PLAN_PRO_PRICE_NAIRA),
  };
}
