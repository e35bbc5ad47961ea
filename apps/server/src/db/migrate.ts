import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './client';

const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed SQL migrations that have not run yet; safe to call on every start. */
export async function migrateDb(db: Db): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (is(db, PgliteDatabase)) return migratePglite(db, config);
  if (is(db, NodePgDatabase)) return migrateNodePg(db, config);
  throw new Error('migrateDb: unsupported database driver');
}
