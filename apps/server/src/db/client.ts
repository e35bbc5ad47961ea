import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema/index';

export { schema };
export type Schema = typeof schema;

/** The database with the full schema; the same type whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction (or savepoint) of Db: what services pass to writes that must commit together. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when DATABASE_URL is unset (pg-boss needs it too). */
  pglite?: PGlite;
  /** Only for DATABASE_URL: the pool that pg-boss shares. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

/** DATABASE_URL set → a node-postgres pool; unset → PGlite persisted under DATA_DIR/pglite. */
export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { inMemory?: boolean } = {}): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = join(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite(dataDir);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}
