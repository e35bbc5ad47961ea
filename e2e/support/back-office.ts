import { execFileSync } from 'node:child_process';
import { BACK_OFFICE_PORT } from './ports';

/**
 * The back-office journey's database on TEST_DATABASE_URL's server (support/back-office-server.mjs
 * makes it fresh), or null without TEST_DATABASE_URL: that journey is then skipped.
 */
export function backOfficeDatabaseUrl(): string | null {
  if (!process.env.TEST_DATABASE_URL) return null;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/gona_e2e_back_office_${BACK_OFFICE_PORT}`;
  return url.href;
}

/** Gives `email` Gona's back office the only way it is given: the command-line script, on the app's database. */
export function grantAdmin(database: string, email: string): void {
  execFileSync('npm', ['run', 'admin', '-w', '@gona/server', '--', 'grant', email], {
    cwd: '..',
    env: { ...process.env, DATABASE_URL: database },
    stdio: 'pipe',
  });
}
