import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { loadHelp } from '../features/help/help.service';
import { loadKnowledge } from '../features/knowledge/knowledge.service';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prefix of this run's databases: gona_test_<run>_<worker>. */
    testDatabasePrefix: string;
    /** This run's migrated database with the knowledge base loaded, which each worker's is cloned from. */
    testDatabaseTemplate: string;
  }
}

/**
 * With TEST_DATABASE_URL, this run migrates one database and loads the knowledge base into it once
 * (gona_test_<run>_template); every worker's database is a copy of it (`CREATE DATABASE … TEMPLATE`,
 * in src/test/database.ts), so no worker migrates. Names carry this process id, so runs by several
 * people at once never meet; databases of runs whose process is gone are dropped here, this run's
 * ones at teardown.
 */
export default async function setup(project: TestProject) {
  const prefix = `gona_test_${process.pid}_`;
  const template = `${prefix}template`;
  project.provide('testDatabasePrefix', prefix);
  project.provide('testDatabaseTemplate', template);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await dropDatabases(url, (name) => {
    const pid = Number(/^gona_test_(\d+)_/.exec(name)?.[1]);
    return Number.isInteger(pid) && !isAlive(pid);
  });
  await createTemplate(url, template);
  return () => dropDatabases(url, (name) => name.startsWith(prefix));
}

async function createTemplate(url: string, name: string): Promise<void> {
  let exists = false;
  await admin(url, async (client) => {
    // Both server projects (vitest.config.ts, vitest.isolated.config.ts) run this setup, one after the other.
    exists = Boolean((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount);
    if (!exists) await client.query(`create database "${name}"`);
  });
  if (exists) return;
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = createDb({ databaseUrl: target.toString(), dataDir: '' });
  try {
    await migrateDb(database.db);
    await loadKnowledge(database.db);
    await loadHelp(database.db);
  } finally {
    // A template must have no connections while it is copied.
    await database.close();
  }
}

async function dropDatabases(url: string, shouldDrop: (name: string) => boolean): Promise<void> {
  await admin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'gona\\_test\\_%'",
    );
    for (const { datname } of rows.filter((r) => shouldDrop(r.datname))) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

async function admin(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
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
