import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/http-context';

/** Gona's staff only (users.platform_role 'admin'): no session 401, anyone else 403. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.platform_role !== 'admin') throw new AppError('FORBIDDEN');
  await next();
});
