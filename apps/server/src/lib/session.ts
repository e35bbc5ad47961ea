import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import {
  LANGUAGES,
  PLATFORM_ROLES,
  signupIntent,
  type FarmRole,
  type Language,
  type PlatformRole,
} from '@gona/shared';
import type { Db } from '../db/client';
import { farm_memberships, sessions, users } from '../db/schema/index';
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE, sessionCookieName } from './auth';
import type { AppEnv, SessionUser } from './http-context';
import { preparedQuery } from './prepared';

/**
 * Loads the session for every /api request that carries a cookie.
 *
 * Most requests carry a session that exists, has not expired and was renewed less than a day ago:
 * those are answered by one indexed query (decision record 011). Every other case — no such
 * session, expired, or due for its daily renewal — goes through better-auth, which renews a session
 * in use (updateAge) and hands back the renewed cookie, passed on so the browser keeps it.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const cookies = c.req.header('cookie');
  if (!cookies) {
    c.set('user', null);
    return next();
  }
  const { config, db } = c.var.deps;
  const token = signedSessionToken(cookies, sessionCookieName(config), config.authSecret);
  const farmId = FARM_PATH.exec(c.req.path)?.[1] ?? null;
  const current = token ? await findCurrentSession(db, token, farmId) : null;
  if (current) {
    c.set('user', current.user);
    if (farmId) c.set('membership', { farmId, role: current.farmRole });
    return next();
  }

  const session = await c.var.auth.api
    .getSession({ headers: c.req.raw.headers, returnHeaders: true })
    // better-auth refuses a session it cannot renew (e.g. deleted meanwhile): that is no session, not a crash.
    .catch((err: unknown) => {
      if (isAPIError(err)) return null;
      throw err;
    });
  c.set('user', session?.response ? fromAuthUser(session.response.user) : null);
  await next();
  for (const cookie of session?.headers.getSetCookie() ?? []) c.res.headers.append('set-cookie', cookie);
});

/** Farm-scoped paths: the session lookup also reads the caller's role on that farm (requireFarm uses it). */
const FARM_PATH = /^\/api\/farms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/**
 * The token of the session cookie when its signature is ours. better-auth signs the cookie value as
 * `token.base64(HMAC-SHA256(secret, token))`, URI-encoded.
 */
export function signedSessionToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }
  return null;
}

/**
 * The user of a session that exists and needs no renewal yet, with their role on `farmId` if given
 * (null when not a member), in one statement; null when the session is not current.
 */
async function findCurrentSession(
  db: Db,
  token: string,
  farmId: string | null,
): Promise<{ user: SessionUser; farmRole: FarmRole | null } | null> {
  // better-auth renews a session once it is more than SESSION_UPDATE_AGE old, i.e. once it expires
  // within SESSION_EXPIRES_IN - SESSION_UPDATE_AGE; until then nothing needs writing.
  const renewBefore = new Date(Date.now() + (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000);
  const [row] = await currentSessionQuery(db).execute({
    token,
    renewBefore: renewBefore.toISOString(),
    farmId,
  });
  if (!row) return null;
  const { farm_role, ...user } = row;
  return {
    user: {
      ...user,
      role: platformRole(user.role),
      language: language(user.language),
      intent: signupIntent(user.intent),
      platform_role: user.platform_role === 'admin' ? 'admin' : null,
    },
    farmRole: farm_role,
  };
}

const currentSessionQuery = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      phone: users.phone,
      role: users.role,
      email_verified: users.email_verified,
      language: users.language,
      intent: users.intent,
      platform_role: users.platform_role,
      farm_role: farm_memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(
      farm_memberships,
      and(eq(farm_memberships.user_id, users.id), eq(farm_memberships.farm_id, sql.placeholder('farmId'))),
    )
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        gt(sessions.expires_at, sql.placeholder('renewBefore')),
      ),
    )
    .limit(1)
    .prepare('gona_current_session'),
);

function fromAuthUser(user: Record<string, unknown>): SessionUser {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: text(user.id),
    email: text(user.email),
    first_name: text(user.first_name),
    last_name: text(user.last_name),
    phone: typeof user.phone === 'string' ? user.phone : null,
    role: platformRole(user.role),
    email_verified: user.emailVerified === true,
    language: language(user.language),
    intent: signupIntent(user.intent),
    platform_role: user.platform_role === 'admin' ? 'admin' : null,
  };
}

function language(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'en';
}

function platformRole(role: unknown): PlatformRole {
  return (PLATFORM_ROLES as readonly unknown[]).includes(role) ? (role as PlatformRole) : 'user';
}
