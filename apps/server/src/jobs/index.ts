import { lt } from 'drizzle-orm';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import { rate_limits, sessions, verifications } from '../db/schema/index';
import type { Logger } from '../lib/logger';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Jobs = { stop: () => Promise<void> };

/**
 * pg-boss on the application's own database (PGlite through fromPglite, or the same PostgreSQL), so
 * jobs need no other service. Features add their queues here: createQueue, work, optional schedule.
 */
export async function startJobs(
  database: Database,
  databaseUrl: string | undefined,
  logger: Logger,
): Promise<Jobs> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite) })
    : new PgBoss({ connectionString: databaseUrl });
  boss.on('error', (err) => logger.error('jobs: pg-boss error', err));
  await boss.start();

  await boss.createQueue('auth-cleanup');
  await boss.work('auth-cleanup', async () => {
    const now = new Date();
    await database.db.delete(sessions).where(lt(sessions.expires_at, now));
    await database.db.delete(verifications).where(lt(verifications.expires_at, now));
    await database.db.delete(rate_limits).where(lt(rate_limits.window_start, now.getTime() - DAY_MS));
  });
  // Expired sessions, used tokens and old rate-limit windows only take space; clear them nightly (03:00 Lagos).
  await boss.schedule('auth-cleanup', '0 3 * * *', null, { tz: 'Africa/Lagos' });

  return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
