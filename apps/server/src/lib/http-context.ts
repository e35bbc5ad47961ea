import type { Context } from 'hono';
import type { FarmRole, Language, PlatformRole, SignupIntent, StaffRole } from '@gona/shared';
import type { Auth } from './auth';
import type { Ctx, Deps, FarmCtx } from './ctx';
import { AppError } from './errors';

export type SessionUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: PlatformRole;
  email_verified: boolean;
  language: Language;
  /** What they came for at sign-up (farm or buy). */
  intent: SignupIntent;
  /** Gona's staff: 'admin' may use /api/admin. */
  platform_role: StaffRole | null;
};

export type FarmAccess = { farmId: string; role: FarmRole };

export type AppEnv = {
  Variables: {
    deps: Deps;
    auth: Auth;
    user: SessionUser | null;
    farm?: FarmAccess;
    /** The caller's role on the farm named in the path, when the session lookup already read it. */
    membership?: { farmId: string; role: FarmRole | null };
  };
};

/** The service context of a signed-in request. */
export function ctxOf(c: Context<AppEnv>): Ctx {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { db: c.var.deps.db, userId: user.id, logger: c.var.deps.logger };
}

/** Only valid behind requireFarm(action), which has checked membership and role. */
export function farmCtxOf(c: Context<AppEnv>): FarmCtx {
  const farm = c.var.farm;
  if (!farm) throw new Error('farmCtxOf used on a route without requireFarm');
  return { ...ctxOf(c), farmId: farm.farmId, role: farm.role };
}
