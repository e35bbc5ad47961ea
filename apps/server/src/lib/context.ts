import type { Context } from 'hono';
import type { FarmRole, PlatformRole } from '@gona/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../integrations/email';
import type { MailQueue } from '../jobs/mail';
import type { Auth } from './auth';
import { AppError } from './errors';
import type { Logger } from './logger';

/** What the app is built from; tests build the same thing with an in-memory outbox. */
export type Deps = {
  config: Config;
  db: Db;
  /** Requests only queue mail; the send-mail job delivers it, so an answer never waits on a mail server. */
  mail: MailQueue;
  /** The dev outbox's mail (null with SMTP), for /dev/outbox. */
  outbox: Mailer['outbox'];
  logger: Logger;
  /** The time in epoch milliseconds for limits that measure pauses; tests move it by hand instead of waiting. */
  now: () => number;
};

export type SessionUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: PlatformRole;
  email_verified: boolean;
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

/** What every service receives: who is acting, and the database to act on. */
export type Ctx = { db: Db; userId: string };
export type FarmCtx = Ctx & { farmId: string; role: FarmRole };

export function ctxOf(c: Context<AppEnv>): Ctx {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { db: c.var.deps.db, userId: user.id };
}

/** Only valid behind requireFarm(action), which has checked membership and role. */
export function farmCtxOf(c: Context<AppEnv>): FarmCtx {
  const farm = c.var.farm;
  if (!farm) throw new Error('farmCtxOf used on a route without requireFarm');
  return { ...ctxOf(c), farmId: farm.farmId, role: farm.role };
}
