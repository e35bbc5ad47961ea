import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { APP_PORT, BACK_OFFICE_PORT } from './support/ports';

/**
 * Browser journeys run against the app started exactly as the README starts it (`npm start`: build,
 * migrate, serve on the embedded database), on its own port and a fresh data directory. Under
 * `npm test` (scripts/test.mjs, E2E_BUILT=1) the build was made beside the type check and lint, so
 * the app is started with `npm run serve`, the second half of `npm start`. All journeys share it.
 */
const port = APP_PORT;
const baseURL = `http://localhost:${port}`;
/** The fake Open-Meteo the app's weather comes from, with heavy rain in two days. */
const weatherPort = port + 21;
const weatherURL = `http://127.0.0.1:${weatherPort}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gona-e2e-'));

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  // A journey mostly waits on the app and the browser: measured, it keeps a third of a core busy, so
  // four at a time fill CI's two cores where two left them half idle.
  workers: 4,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  // A whole journey's ceiling, not a speed check: the longest (two phones, a sign-up between them)
  // took just over a minute when both workers, the app and two browsers shared CI's two cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    viewport: { width: 360, height: 740 },
    // DOM snapshots of every step for a failed journey; no screencast (a fifth of the browsers' work).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `npm run weather:fake -w @gona/server -- ${weatherPort} heavy_rain`,
      cwd: '..',
      url: `${weatherURL}/v1/forecast?latitude=9&longitude=7`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: process.env.E2E_BUILT ? 'npm run serve' : 'npm start',
      cwd: '..',
      url: `${baseURL}/api/health`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        BASE_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Many sign-ins from one address during the suite; the limit itself is covered by integration tests.
        AUTH_RATE_LIMIT_MAX: '10000',
        WEATHER_URL: weatherURL,
        NORMALS_URL: weatherURL,
      },
    },
    // The back-office journey's own app, on PostgreSQL (TEST_DATABASE_URL), where the admin script
    // gives the role while the app runs; without TEST_DATABASE_URL that journey is skipped. Started
    // after the app above, which runs the built apps/server/dist.
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            command: `node e2e/support/back-office-server.mjs ${BACK_OFFICE_PORT}`,
            cwd: '..',
            url: `http://localhost:${BACK_OFFICE_PORT}/api/health`,
            timeout: 120_000,
            reuseExistingServer: !process.env.CI,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
