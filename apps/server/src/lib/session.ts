import { isAPIError } from 'better-auth/api';
import { createMiddleware } from 'hono/factory';
import { PLATFORM_ROLES, type PlatformRole } from '@gona/shared';
import type { AppEnv, SessionUser } from './context';

/**
 * Loads the session for every /api request that carries a cookie. better-auth renews a session that
 * is in use (updateAge); the renewed cookie it hands back is passed on so the browser keeps it.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.header('cookie')) {
    c.set('user', null);
    return next();
  }
  const session = await c.var.auth.api
    .getSession({ headers: c.req.raw.headers, returnHeaders: true })
    // better-auth refuses a session it cannot renew (e.g. deleted meanwhile): that is no session, not a crash.
    .catch((err: unknown) => {
      if (isAPIError(err)) return null;
      throw err;
    });
  c.set('user', session?.response ? toSessionUser(session.response.user) : null);
  await next();
  for (const cookie of session?.headers.getSetCookie() ?? []) c.res.headers.append('set-cookie', cookie);
});

function toSessionUser(user: Record<string, unknown>): SessionUser {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: text(user.id),
    email: text(user.email),
    first_name: text(user.first_name),
    last_name: text(user.last_name),
    phone: typeof user.phone === 'string' ? user.phone : null,
    role: (PLATFORM_ROLES as readonly unknown[]).includes(user.role) ? (user.role as PlatformRole) : 'user',
    email_verified: user.emailVerified === true,
  };
}
