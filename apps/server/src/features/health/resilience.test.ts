import { inArray } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { supplies } from '../../db/schema/index';
import { createPushSender, generateVapidKeys } from '../../integrations/push';
import { createOutboxMailer } from '../../integrations/email';
import { startJobs, type Jobs } from '../../jobs/index';
import { diskStorage } from '../../integrations/storage';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { findPgBin, startThrowawayCluster, type ThrowawayCluster } from '../../test/throwaway-cluster';

const bin = findPgBin();

/**
 * A PostgreSQL server of this test's own is stopped and started under the app while it writes. The
 * process must live through it (an unhandled pool 'error' event would fail this file), answer 503
 * while the database is away, recover without a restart, and have lost no write it acknowledged.
 */
describe.skipIf(!bin)('when the database restarts', () => {
  let cluster: ThrowawayCluster;
  let database: Database;
  let jobs: Jobs;
  let t: TestContext;
  let base: string;
  let cookie: string;
  const lostConnections: Error[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster(bin!);
    database = createDb(
      { databaseUrl: cluster.url, dataDir: '' },
      { onConnectionError: (err) => lostConnections.push(err) },
    );
    await migrateDb(database.db);
    jobs = await startJobs(database, cluster.url, {
      mailer: createOutboxMailer(),
      logger: createLogger('silent'),
      push: createPushSender(generateVapidKeys(), 'mailto:support@gona.ng'),
      sms: null,
      baseUrl: 'http://localhost:3000',
      files: { storage: diskStorage(mkdtempSync(join(tmpdir(), 'gona-files-'))), orphanHours: 24 },
    });
    t = await createTestContext({}, { database });
    const owner = await seedUser(t);
    cookie = owner.cookie;
    base = `/api/farms/${(await t.createFarm(cookie)).id}`;
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    cluster?.destroy();
  });

  const addSupply = (name: string) =>
    t.request<{ id: string }>('POST', `${base}/supplies`, {
      cookie,
      body: { category: 'fertilizer', name, unit: 'kg', quantity: '5', low_threshold: '1' },
    });

  it('answers 503 while it is away, recovers by itself, and keeps every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const record = async (name: string) => {
      const res = await addSupply(name);
      if (res.status === 201) acknowledged.push(res.body.id);
      else expect(res.status, res.text).toBe(503);
      return res;
    };

    for (let i = 0; i < 5; i++) expect((await record(`Before ${i}`)).status).toBe(201);
    expect((await t.request('GET', '/api/health')).status).toBe(200);

    // Writes in flight while the server shuts down fast (open connections are terminated).
    const inFlight = Array.from({ length: 10 }, (_, i) => record(`During ${i}`));
    cluster.stop();
    await Promise.all(inFlight);

    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    const refused = await addSupply('While away');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Gona cannot reach its database. Try again in a moment.' },
    });
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.status).toBe(503);

    cluster.start();
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await record(`After ${i}`)).status).toBe(201);
    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(200);

    const stored = await database.db
      .select({ id: supplies.id })
      .from(supplies)
      .where(inArray(supplies.id, acknowledged));
    expect(stored.map((s) => s.id).sort()).toEqual([...acknowledged].sort());
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
  });
});
