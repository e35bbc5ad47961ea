// Starts the built app on its own port and data directory for a benchmark, and stops it afterwards.
// BENCH_SERVER_MAIN runs a server built elsewhere (`node scripts/build-server.mjs <dir>`, <dir> inside
// the repository so its packages resolve) instead of apps/server/dist, e.g. while another run uses that.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startServer({ port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gona-bench-'));
  const baseURL = `http://localhost:${port}`;
  const main = process.env.BENCH_SERVER_MAIN;
  const [command, args] = main ? ['node', [main]] : ['npm', ['run', 'serve', '-w', '@gona/server']];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    async stop() {
      // A server that has ended already (its output says why, above) has nothing left to stop.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch (error) {
        if (error.code === 'ESRCH') return;
        throw error;
      }
      await exited;
    },
  };
}
