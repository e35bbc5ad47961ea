import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { createDb, type Database } from '../../db/client';
import { farm_memberships, farms, sessions, supplies, users } from '../../db/schema/index';
import { SESSION_EXPIRES_IN, sessionCookieName } from '../../lib/auth';
import { newId } from '../../lib/ids';
import { userRow } from '../../test/farm-team';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test/server-process';
import { findPgBin, startThrowawayCluster, type ThrowawayCluster } from '../../test/throwaway-cluster';

const bin = findPgBin();
const AUTH_SECRET = 'resilience-test-secret-that-is-long-enough';
const WRITERS = 20;
/** How long the server may take to write again once PostgreSQL is back: a bound on waiting, not a timing. */
const RECOVERY_BOUND_MS = 30_000;

type Outcome = { status: number; id?: string } | { status: 'no answer'; reason: string };

/**
 * The production build of the server (plain node, as deployed) on a PostgreSQL server of this test's
 * own, which is restarted and stopped under it while it writes. An 'error' event that nothing handles
 * on any database client (the pool's, a checked-out one, pg-boss's) ends a real process, so the
 * process is what is watched: it must stay up, answer 503 while the database is away, write again
 * by itself once it is back, and have lost no write it acknowledged.
 */
describe.skipIf(!bin)('the server process when its database restarts', () => {
  // Built inside apps/server so that the bundle finds node_modules the way dist/main.js does.
  const build = mkdtempSync(join(REPO_ROOT, 'apps', 'server', '.test-build-'));
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let database: Database;
  let cookie: string;
  let base: string;

  beforeAll(async () => {
    cluster = await startThrowawayCluster(bin!);
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs'), build]);
    // The server applies the migrations as it starts; the test seeds its owner after that.
    server = await startServerProcess(join(build, 'main.js'), {
      DATABASE_URL: cluster.url,
      DATA_DIR: join(build, 'data'),
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
    });
    database = createDb({ databaseUrl: cluster.url, dataDir: '' }, { onConnectionError: () => {} });
    ({ cookie, base } = await seedOwnerWithFarm(database, server.url));
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server);
    await database?.close();
    cluster?.destroy();
    rmSync(build, { recursive: true, force: true });
  });

  const addSupply = async (name: string): Promise<Outcome> => {
    try {
      const res = await fetch(`${server.url}${base}/supplies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ category: 'fertilizer', name, unit: 'kg', quantity: '5', low_threshold: '1' }),
      });
      const body = (await res.json()) as { id?: string };
      return { status: res.status, id: body.id };
    } catch (err) {
      return { status: 'no answer', reason: String((err as Error).cause ?? err) };
    }
  };

  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  const log = () => server.output.join('');

  /** Tries a write every fifth of a second until one is acknowledged, the process dies or the bound passes. */
  async function writeAgain(name: string): Promise<Outcome> {
    const deadline = Date.now() + RECOVERY_BOUND_MS;
    let outcome: Outcome = { status: 'no answer', reason: 'not tried' };
    for (let i = 0; alive() && Date.now() < deadline; i++) {
      outcome = await addSupply(`${name} ${i}`);
      if (outcome.status === 201) return outcome;
      await delay(200);
    }
    return outcome;
  }

  async function stored(ids: string[]): Promise<string[]> {
    const rows = await database.db
      .select({ id: supplies.id })
      .from(supplies)
      .where(inArray(supplies.id, ids));
    return rows.map((r) => r.id).sort();
  }

  it('lives through a restart while 20 clients write, writes again by itself and keeps every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const outcomes: Outcome[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const outcome = await addSupply(`Writer ${w} #${i}`);
        outcomes.push(outcome);
        if (outcome.status === 201) acknowledged.push(outcome.id!);
        // A refused write is tried again a moment later, as the app's outbox does.
        else await delay(50);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // Every writer has had a write through before the restart, so all twenty are in flight during it.
    for (let i = 0; i < 600 && acknowledged.length < 2 * WRITERS; i++) await delay(25);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2 * WRITERS);

    await cluster.restart();
    writing = false;
    await Promise.all(writers);

    expect(alive(), log()).toBe(true);
    const after = await writeAgain('After the restart');
    expect(after.status, log()).toBe(201);
    acknowledged.push((after as { id: string }).id);
    expect(alive(), log()).toBe(true);

    // While it was away a write was acknowledged or refused with 503 ("try again"), never anything else.
    const unexpected = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    expect(unexpected, log()).toEqual([]);
    expect(await stored(acknowledged)).toEqual([...acknowledged].sort());
  });

  it('answers 503 while the database is stopped, and writes again once it is back', async () => {
    const acknowledged: string[] = [];
    const record = (outcome: Outcome) => {
      if (outcome.status === 201) acknowledged.push(outcome.id!);
      else expect(outcome.status, log()).toBe(503);
      return outcome;
    };
    for (let i = 0; i < 3; i++) expect(record(await addSupply(`Before ${i}`)).status).toBe(201);

    // Writes in flight while the server shuts down fast (open connections are terminated).
    const inFlight = Array.from({ length: 10 }, (_, i) => addSupply(`During ${i}`));
    cluster.stop();
    (await Promise.all(inFlight)).forEach(record);

    expect(alive(), log()).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    const refused = await fetch(`${server.url}${base}/supplies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ category: 'fertilizer', name: 'While away', unit: 'kg', quantity: '5' }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Gona cannot reach its database. Try again in a moment.' },
    });
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(503);

    cluster.start();
    const after = await writeAgain('After the start');
    expect(after.status, log()).toBe(201);
    record(after);
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(200);
    expect(alive(), log()).toBe(true);
    expect(await stored(acknowledged)).toEqual([...acknowledged].sort());
  });
});

/** A confirmed owner with a session and a farm, written straight into the database (no sign-up). */
async function seedOwnerWithFarm(database: Database, baseUrl: string) {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values(userRow(`owner-${randomBytes(4).toString('hex')}@example.com`))
    .returning();
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    user_id: user!.id,
    token,
    expires_at: new Date(Date.now() + SESSION_EXPIRES_IN * 1000),
  });
  const [farm] = await db
    .insert(farms)
    .values({
      id: newId(),
      name: 'Green Acres',
      location: 'Obio-Akpor',
      farm_type: 'crop',
      state: 'Rivers',
      owner_id: user!.id,
    })
    .returning();
  await db.insert(farm_memberships).values({ farm_id: farm!.id, user_id: user!.id, role: 'owner' });
  // Signed as better-auth signs it: `token.base64(HMAC-SHA256(secret, token))`.
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  const name = sessionCookieName({ baseUrl, isProduction: false });
  return { cookie: `${name}=${encodeURIComponent(`${token}.${signature}`)}`, base: `/api/farms/${farm!.id}` };
}
