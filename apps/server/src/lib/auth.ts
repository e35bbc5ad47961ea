import { betterAuth } from 'better-auth';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { signupIntent, signupRole } from '@gona/shared';
import { isLanguage } from '@gona/shared/languages';
import { accounts, rate_limits, sessions, users, verifications } from '../db/schema/index';
import { mails } from '../integrations/email';
import type { Config } from '../config';
import type { Deps } from './ctx';
import { newId } from './ids';
import { consumeRateLimit } from './rate-limit';

/** better-auth reads the client address from this header; the app sets it from the socket on every auth request. */
export const CLIENT_IP_HEADER = 'x-gona-client-ip';

const DAY = 24 * 60 * 60;
/** A session lasts 30 days and is renewed once a day while in use (seconds). */
export const SESSION_EXPIRES_IN = 30 * DAY;
export const SESSION_UPDATE_AGE = DAY;

/** The session cookie better-auth sets: Secure and prefixed `__Secure-` in production or over https. */
export function sessionCookieName(config: Pick<Config, 'baseUrl' | 'isProduction'>): string {
  return `${isSecureSite(config) ? '__Secure-' : ''}gona.session_token`;
}

function isSecureSite(config: Pick<Config, 'baseUrl' | 'isProduction'>): boolean {
  return config.isProduction || config.baseUrl.startsWith('https://');
}

/**
 * Wrong passwords for one account, from any address, in a 15-minute window: after the 5th, each
 * further attempt waits 1, 2, 4, 8 then 16 seconds since the previous wrong one; after the 10th,
 * that account's sign-in is refused until the window ends. Short, so a stranger cannot keep the
 * owner out for long; a successful sign-in or password reset clears it.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { window: 15 * 60, max: 10, slowAfter: 5 };

export function accountKey(email: string): string {
  return `sign-in-account:${email.trim().toLowerCase()}`;
}

/** Paths of better-auth whose abuse costs us mail or guesses passwords; each gets the configured limit. */
export const RATE_LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
] as const;

/**
 * better-auth with our tables (plural, snake_case), email + password, confirmation before sign-in,
 * cookie sessions renewed while in use, and rate limits shared through PostgreSQL.
 */
export function createAuth(deps: Deps) {
  const { config, db, mail } = deps;
  const limit = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  return betterAuth({
    appName: 'Gona',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    // It answers every session's token, which the httpOnly cookie keeps from scripts; Settings ›
    // Account lists devices through /api/account/sessions, without tokens.
    disabledPaths: ['/list-sessions'],
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, rate_limits },
    }),
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        phone: { type: 'string', required: false },
        // Never taken from input as is (so /update-user cannot change it); sign-up's request goes
        // through the allow-list in databaseHooks.user.create below.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        language: { type: 'string', required: false, defaultValue: 'en', input: false },
        // Like role: taken from sign-up's request only through the allow-list (signupIntent).
        intent: { type: 'string', required: false, defaultValue: 'farm', input: false },
        // Gona's staff: never from sign-up or /update-user, only the command-line script.
        platform_role: { type: 'string', required: false, input: false },
      },
      // A new address takes effect once confirmed from a link mailed to it (sendVerificationEmail).
      changeEmail: { enabled: true },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever knew the old password (a lost phone, a shared computer) is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await db.delete(rate_limits).where(eq(rate_limits.key, accountKey(user.email)));
      },
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.baseUrl}/update-password?token=${encodeURIComponent(token)}`;
        await mail.enqueue({
          message: mails.resetPassword(user.email, firstNameOf(user), link, languageOf(user)),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3 * DAY,
      sendVerificationEmail: async ({ user, url, token }) => {
        const link = new URL(url);
        if (isEmailChange(token)) {
          // better-auth addresses this mail to the new address; confirming it switches the account over.
          link.searchParams.set('callbackURL', EMAIL_CHANGED_CALLBACK);
          await mail.enqueue({ message: mails.changeEmail(user.email, firstNameOf(user), link.toString()) });
          return;
        }
        // Whatever the client asked for, a farmer's confirmation lands on /create-farm (spec section 9)
        // and a buyer's in the marketplace, where someone without a farm buys.
        const intent = (user as { intent?: unknown }).intent;
        link.searchParams.set('callbackURL', intent === 'buy' ? '/dashboard/marketplace' : '/create-farm');
        await mail.enqueue({
          message: mails.verifyEmail(user.email, firstNameOf(user), link.toString(), languageOf(user)),
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: (user, context) => {
            const body: { role?: unknown; intent?: unknown; language?: unknown } =
              context?.body && typeof context.body === 'object' ? (context.body as object) : {};
            return Promise.resolve({
              data: {
                ...user,
                role: signupRole(body.role),
                intent: signupIntent(body.intent),
                // The language the person was reading when they signed up: their first mail is in it.
                language: isLanguage(body.language) ? body.language : 'en',
                platform_role: null,
              },
            });
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: Object.fromEntries(RATE_LIMITED_AUTH_PATHS.map((path) => [path, limit])),
      customStorage: { consume: (key, rule) => consumeRateLimit(db, `auth:${key}`, rule) },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: isSecureSite(config),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      cookiePrefix: 'gona',
    },
    logger: { disabled: config.nodeEnv === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Where confirming a new address lands: Settings › Account, which says the change is done (or why not). */
export const EMAIL_CHANGED_CALLBACK = '/dashboard/settings/account?email=changed';

/**
 * True for the confirmation of a new address. better-auth signs its purpose into the link's token
 * (requestType "change-email-verification"); a sign-up confirmation has none. The token was made
 * by better-auth a moment ago, so reading its payload without checking the signature is safe here.
 */
function isEmailChange(token: string): boolean {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return (payload as { requestType?: unknown } | null)?.requestType === 'change-email-verification';
  } catch {
    return false;
  }
}

/** The account's language (users.language); the mail builders read anything unknown as English. */
function languageOf(user: object): unknown {
  return 'language' in user ? user.language : undefined;
}

function firstNameOf(user: object): string | undefined {
  return 'first_name' in user && typeof user.first_name === 'string' ? user.first_name : undefined;
}
