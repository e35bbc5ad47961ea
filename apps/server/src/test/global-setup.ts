import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prefix of this run's databases: gona_test_<run>_<worker>. */
    testDatabasePrefix: string;
  }
}

/**
 * With TEST_DATABASE_URL, every worker of this run gets its own database (created on first use by
 * src/test/database.ts). Names carry this process id, so runs by several people at once never meet;
 * databases of runs whose process is gone are dropped here, this run's ones at teardown.
 */
export default async function setup(project: TestProject) {
  const prefix = `gona_test_${process.pid}_`;
  project.provide('testDatabasePrefix', prefix);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await dropDatabases(url, (name) => {
    const pid = Number(/^gona_test_(\d+)_/.exec(name)?.[1]);
    return Number.isInteger(pid) && !isAlive(pid);
  });
  return () => dropDatabases(url, (name) => name.startsWith(prefix));
}

async function dropDatabases(url: string, shouldDrop: (name: string) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'gona\\_test\\_%'",
    );
    for (const { datname } of rows.filter((r) => shouldDrop(r.datname))) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
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
