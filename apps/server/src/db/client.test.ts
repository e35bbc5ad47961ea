import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { ownPoolOptions } from '../jobs/index';
import { createDb, handledClient } from './client';

/**
 * An 'error' event that nothing handles ends the process. These check the listener that every
 * connection class carries; the real restart under load is in features/health/resilience.test.ts.
 */
describe('the connection classes', () => {
  const lost = new Error('terminating connection due to administrator command');

  it("report a checked-out connection's loss instead of throwing it", () => {
    const reported: Error[] = [];
    const Client = handledClient((err) => reported.push(err));
    const client = new Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    expect(() => client.emit('error', lost)).not.toThrow();
    expect(reported).toEqual([lost]);
  });

  it('leave the report to whoever else listens (the pool while the connection is idle)', () => {
    const reported: Error[] = [];
    const Client = handledClient((err) => reported.push(err));
    const client = new Client();
    const pools: Error[] = [];
    client.on('error', (err: Error) => pools.push(err));
    client.emit('error', lost);
    expect(pools).toEqual([lost]);
    expect(reported).toEqual([]);
  });

  it("are what the app's pool and pg-boss's own pool make", async () => {
    const reported: Error[] = [];
    const database = createDb(
      { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: '' },
      { onConnectionError: (err) => reported.push(err) },
    );
    const AppClient = (database.pool as unknown as { Client: new () => NodeJS.EventEmitter }).Client;
    expect(() => new AppClient().emit('error', lost)).not.toThrow();
    expect(reported).toEqual([lost]);

    // pg-boss hands its options to its own pg.Pool: the pool it opens makes that class.
    const warnings: string[] = [];
    const boss = new PgBoss(
      ownPoolOptions('postgres://nobody@127.0.0.1:1/none', { warn: (message) => warnings.push(message) }),
    );
    const jobsDb = boss.getDb() as unknown as { open: () => Promise<void>; close: () => Promise<void> };
    await jobsDb.open();
    const JobsClient = (jobsDb as unknown as { pool: { Client: new () => NodeJS.EventEmitter } }).pool.Client;
    expect(() => new JobsClient().emit('error', lost)).not.toThrow();
    await jobsDb.close();
    expect(warnings).toEqual([`jobs: database connection lost (${lost.message})`]);
    await database.close();
  });
});
