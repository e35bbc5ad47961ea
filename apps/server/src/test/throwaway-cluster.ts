import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const PG_ROOT = '/usr/lib/postgresql';

/** A PostgreSQL server of a test's own, in a temporary directory, that the test may stop and start. */
export type ThrowawayCluster = {
  url: string;
  stop: () => void;
  start: () => void;
  /**
   * `pg_ctl restart -m fast`: open connections are terminated, then the server comes back on the same
   * port. Asynchronous, so the test's own requests keep going while it happens.
   */
  restart: () => Promise<void>;
  destroy: () => void;
};

/** The directory of initdb and pg_ctl, or null when this machine has no PostgreSQL server binaries. */
export function findPgBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

/**
 * initdb into a temporary directory and start it on a free port. PostgreSQL refuses to run as root,
 * so as root (CI) the cluster belongs to the `postgres` system user.
 */
export async function startThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'gona-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const argvOf = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(...argvOf(tool, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  const restart = async () => {
    const args = ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart'];
    await promisify(execFile)(...argvOf('pg_ctl', args));
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart,
    destroy: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
