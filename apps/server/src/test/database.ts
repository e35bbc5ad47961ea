import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Database } from '../db/client';
import { migrateDb } from '../db/migrate';
import { loadHelp } from '../features/help/help.service';
import { loadKnowledge } from '../features/knowledge/knowledge.service';

/**
 * The database for one test file (or, with `own`, a copy of the template for that file alone): this worker's PostgreSQL database when TEST_DATABASE_URL is set
 * (copied by the first file the worker runs from the run's template, which global-setup.ts migrated
 * and loaded the knowledge base into once), otherwise a fresh in-memory PGlite.
 */
export async function openTestDatabase(options: { own?: boolean } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = createDb({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDb(database.db);
    await loadKnowledge(database.db);
    await loadHelp(database.db);
    return database;
  }
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
  // A file that checks sums over the whole database (the ledger against a gateway) takes a copy of its
  // own; it carries the run's prefix, so the run's teardown drops it with the others.
  const own = options.own ? `_own_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : '';
  const name = `${inject('testDatabasePrefix')}${worker}${own}`;
  await copyTemplateIfMissing(url, name, inject('testDatabaseTemplate'));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return createDb({ databaseUrl: target.toString(), dataDir: '' });
}

async function copyTemplateIfMissing(url: string, name: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}" template "${template}"`);
  } finally {
    await client.end();
  }
}
