import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
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
export function createDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { inMemory?: boolean; onConnectionError?: (err: Error) => void } = {},
): Database {
  if (config.databaseUrl) {
    const onConnectionError = options.onConnectionError ?? logToStderr;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      Client: statementCachingClient(onConnectionError),
      // While the server is away, a request fails within seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection that the server closes (restart, failover) emits 'error' on the pool; unhandled,
    // that would end the process. The pool drops the broken client and opens a new one on the next query.
    // A checked-out one is covered by its class (handledClient).
    pool.on('error', onConnectionError);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (options.inMemory) {
    const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
    return { db, kind: 'pglite', pglite, close: () => pglite.close() };
  }
  const dataDir = join(config.dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(config.dataDir);
  const pglite = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await pglite.close();
      releaseLock();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The contrib extensions the migrations create (the knowledge search's unaccent and pg_trgm); the
 * PostgreSQL server ships them with its contrib package.
 */
const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

function logToStderr(err: Error): void {
  console.error(`Database connection lost: ${err.message}`);
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * PGlite files are for one process only; a second one on the same directory corrupts them.
 * A pid file refuses the second start with a clear message instead.
 */
function lockDataDir(dir: string): () => void {
  const file = join(dir, 'gona.pid');
  const holder = Number(readFileIfAny(file));
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw new DataDirLockedError(
      `Another Gona process (pid ${holder}) is using ${dir}. Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function readFileIfAny(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The class of every PostgreSQL connection Gona opens: its pool's, and pg-boss's own pool's.
 *
 * pg-pool listens for a client's 'error' only while the client is idle in the pool. A client that is
 * checked out (a transaction between two statements, a request between its query and its release)
 * when the server ends the connection (`pg_ctl restart`, a failover, an administrator's terminate)
 * emits 'error' with nobody listening, and an unhandled 'error' event ends the process: every request
 * after it went unanswered. This listener is always attached; it reports the loss only when it is the
 * sole listener (otherwise the pool or pg-boss reports it). Whoever holds the client then gets
 * "not queryable" from its next query (a 503), and the pool discards it on release, since it is no
 * longer queryable.
 */
export function handledClient(onError: (err: Error) => void): typeof pg.Client {
  return class HandledClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', (err: Error) => {
        if (this.listenerCount('error') === 1) onError(err);
      });
    }
  };
}

/**
 * A pg client that names every parameterised statement after its text, so PostgreSQL parses and
 * plans each query shape once per connection instead of on every request (planning a farm list
 * cost several times its execution). Queries without parameters, such as migrations, are untouched.
 */
function statementCachingClient(onError: (err: Error) => void): typeof pg.Client {
  return class StatementCachingClient extends handledClient(onError) {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((queryConfig: unknown, ...rest: unknown[]) => {
        if (isUnnamedParameterisedQuery(queryConfig, rest[0])) {
          queryConfig.name = statementName(queryConfig.text);
        }
        return query(queryConfig, ...rest);
      }) as typeof this.query;
    }
  };
}

/** Names by statement text, so a hot query is not hashed on every call (kept to a bounded size). */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 2_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `gona_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

function isUnnamedParameterisedQuery(
  config: unknown,
  values: unknown,
): config is { text: string; name?: string; values?: unknown[] } {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; values?: unknown };
  const params = query.values ?? values;
  return typeof query.text === 'string' && !query.name && Array.isArray(params) && params.length > 0;
}
