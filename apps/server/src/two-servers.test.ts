import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { freePort } from './test/throwaway-cluster';

const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * Two production builds of the server (`npm run build`'s server bundle, run with plain node) on
 * one PostgreSQL database, as the README describes for scaling out: they share rate limits, the
 * nightly job's schedule is stored once, and a job runs on one of them, not once per process.
 */
describe.skipIf(!baseUrl)('two server processes on one PostgreSQL', () => {
  // Built inside apps/server so that the bundle finds node_modules the way dist/main.js does.
  const dir = mkdtempSync(join(REPO_ROOT, 'apps', 'server', '.test-build-'));
  const database = `gona_test_${process.pid}_two_servers`;
  const servers: { url: string; child: ChildProcess; output: string[] }[] = [];
  let url: string;

  beforeAll(async () => {
    await admin(`drop database if exists "${database}"`);
    await admin(`create database "${database}"`);
    const target = new URL(baseUrl!);
    target.pathname = `/${database}`;
    url = target.toString();
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs'), dir]);
    // One after the other: the first applies the migrations, the second finds them applied.
    for (let i = 0; i < 2; i++)
      servers.push(await startServer(join(dir, 'main.js'), url, join(dir, `data-${i}`)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    await admin(`drop database if exists "${database}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('shares the sign-in rate limit: attempts on either server count against one limit', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const attempt = (server: typeof a) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
      }).then((res) => res.status);
    // AUTH_RATE_LIMIT_MAX is 3: two attempts on each server would pass if each counted alone.
    const statuses = [await attempt(a), await attempt(b), await attempt(a), await attempt(b)];
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('keeps one schedule for the nightly clean-up, however many servers start', async () => {
    expect(await count("select count(*) as n from pgboss.schedule where name = 'auth-cleanup'")).toBe(1);
  });

  it('runs each queued job once, on one of the two servers', async () => {
    // Rather than wait on the clock for a cron occurrence, this shows what makes a scheduled job run
    // once: each queued job (here mail, whose dev outbox shows which process ran it) is taken by one worker.
    const subjects = Array.from({ length: 4 }, (_, i) => `Two servers ${process.pid} ${i}`);
    for (const [i, subject] of subjects.entries()) {
      const server = servers[i % 2]!;
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          name: 'Ada',
          email: 'ada@example.com',
          subject,
          message: 'Sent through either server.',
        }),
      });
      expect(res.status).toBe(201);
    }
    expect(await waitFor(async () => (await completedMailJobs()) === subjects.length)).toBe(true);

    const delivered: string[] = [];
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/dev/outbox`);
      const { items } = (await res.json()) as { items: { subject: string }[] };
      delivered.push(...items.map((m) => m.subject));
    }
    expect(delivered.sort()).toEqual(subjects.map((s) => `Contact form: ${s}`).sort());
  });

  it('both answer, on the same data', async () => {
    for (const server of servers) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status, server.output.join('')).toBe(200);
    }
  });

  const completedMailJobs = () =>
    count("select count(*) as n from pgboss.job where name = 'send-mail' and state = 'completed'");

  async function count(query: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(query);
      return Number(rows[0]?.n);
    } finally {
      await client.end();
    }
  }
});

/** Checks `condition` up to 100 times, a fifth of a second apart (the servers' workers poll every 2 s). */
async function waitFor(condition: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return true;
    await delay(200);
  }
  return false;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startServer(main: string, databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'two-servers-secret-that-is-long-enough',
      AUTH_RATE_LIMIT_MAX: '3',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const ready = await new Promise<boolean>((resolve) => {
    const onData = () => {
      if (output.join('').includes('Gona is running')) resolve(true);
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => resolve(false));
  });
  if (!ready) throw new Error(`server did not start:\n${output.join('')}`);
  return { url, child, output };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
