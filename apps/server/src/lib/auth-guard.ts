import { and, eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { can, type FarmAction } from '@gona/shared';
import { farm_memberships } from '../db/schema/index';
import type { AppEnv } from './http-context';
import { AppError } from './errors';
import { isUuid } from './ids';
import { preparedQuery } from './prepared';

/** 401 UNAUTHENTICATED unless the request carries a valid session (loaded by the app for every /api request). */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHENTICATED');
  await next();
});

/** Gona's staff only (users.platform_role 'admin'): no session 401, anyone else 403. The back office's routes. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.platform_role !== 'admin') throw new AppError('FORBIDDEN');
  await next();
});

/**
 * Farm-scoped routes (/api/farms/:farmId/...), as their only middleware: without a session 401 first;
 * a farm the user is not a member of does not exist for them (404), so ids of other farms reveal
 * nothing; a member whose role may not do `action` gets 403.
 */
export function requireFarm(action: FarmAction) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) throw new AppError('UNAUTHENTICATED');
    const farmId = c.req.param('farmId');
    if (!farmId || !isUuid(farmId)) throw new AppError('NOT_FOUND');
    const known = c.var.membership;
    const role =
      known?.farmId === farmId
        ? known.role
        : ((await membershipQuery(c.var.deps.db).execute({ farmId, userId: user.id }))[0]?.role ?? null);
    if (!role) throw new AppError('NOT_FOUND');
    if (!can(role, action)) throw new AppError('FORBIDDEN');
    c.set('farm', { farmId, role });
    await next();
  });
}

const membershipQuery = preparedQuery((db) =>
  db
    .select({ role: farm_memberships.role })
    .from(farm_memberships)
    .where(
      and(
        eq(farm_memberships.farm_id, sql.placeholder('farmId')),
        eq(farm_memberships.user_id, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('gona_farm_membership'),
);
