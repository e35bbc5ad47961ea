/**
 * The app as production runs it, on PostgreSQL (TEST_DATABASE_URL's server, a fresh database of its
 * own), for the back-office journey: Gona's admin role is given only by the command-line script,
 * which needs the database while the app is running (the embedded engine is one process's alone).
 *
 *   node e2e/support/back-office-server.mjs <port>
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = Number(process.argv[2]);
const server = new URL(process.env.TEST_DATABASE_URL);
const name = `gona_e2e_back_office_${port}`;

const admin = new pg.Client({ connectionString: server.href });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();

const database = new URL(server.href);
database.pathname = `/${name}`;
const app = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    DATABASE_URL: database.href,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gona-e2e-back-office-')),
    AUTH_RATE_LIMIT_MAX: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code) => process.exit(code ?? 0));
