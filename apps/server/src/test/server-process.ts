import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './throwaway-cluster';

/** A server started as its own process (the production build run by plain node), and what it printed. */
export type ServerProcess = { url: string; child: ChildProcess; output: string[] };

/**
 * Starts `main` on a free port of 127.0.0.1 in development mode with `env` on top, and resolves once
 * it says it is running (rejects with its output if it exits first).
 */
export async function startServerProcess(main: string, env: Record<string, string>): Promise<ServerProcess> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const ready = await new Promise<boolean>((resolve) => {
    child.stdout?.on('data', () => {
      if (output.join('').includes('Gona is running')) resolve(true);
    });
    child.once('exit', () => resolve(false));
  });
  if (!ready) throw new Error(`server did not start:\n${output.join('')}`);
  return { url, child, output };
}

/** SIGTERM, and wait for it to exit (at once if it already has). */
export function stopServerProcess({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
