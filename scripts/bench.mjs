// `npm run bench`: builds the app, then measures the web budgets and the API budgets, printing tables.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServer } from './bench/server.mjs';
import { benchWeb } from './bench/web.mjs';

/** Gzip KB of JavaScript a first visit may load (architecture budgets). */
const JS_BUDGET_KB = { '/': 60, '/login': 120, '/dashboard': 160 };
/** /dashboard signed in, nothing cached, on the slow phone: at most this many requests, and the farm's name within this. */
const DASHBOARD_REQUESTS = 20;
const DASHBOARD_SHOWN_MS = 2000;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// BENCH_SKIP_BUILD=1 measures the build already there (e.g. a second run of the same code).
if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });

let failed = false;
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3998) });
try {
  const { js, profile, firstScreen } = await benchWeb(server.baseURL);
  console.log(
    '\nJavaScript a first visit loads (gzip), budgets from docs: / ≤ 60 KB, /login ≤ 120 KB, /dashboard ≤ 160 KB',
  );
  console.table(
    js.map((r) => ({
      route: r.path,
      'ended at': r.finalPath,
      scripts: r.scripts,
      'JS gzip': kb(r.jsGzipBytes),
      budget: kb(JS_BUDGET_KB[r.path] * 1024),
      within: r.jsGzipBytes <= JS_BUDGET_KB[r.path] * 1024 ? 'yes' : ((failed = true), 'NO'),
    })),
  );
  console.log(
    'Slow phone (4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down), cold cache, median LCP of 3 loads; aim LCP < 1.5 s',
  );
  console.table(
    profile.map((r) => ({
      route: r.path,
      transferred: kb(r.transferredBytes),
      'JS gzip': kb(r.jsGzipBytes),
      'LCP ms': r.lcpMsMedian,
    })),
  );
  console.log(
    `First screen on the slow phone, signed in, nothing cached (median of 3): /dashboard ≤ ${DASHBOARD_REQUESTS} ` +
      `requests and the farm's name within ${DASHBOARD_SHOWN_MS / 1000} s; /login (its form) for reference`,
  );
  console.table(
    firstScreen.map((r) => {
      const dashboard = r.path === '/dashboard';
      const within = r.requests <= DASHBOARD_REQUESTS && r.shownMs <= DASHBOARD_SHOWN_MS;
      if (dashboard && !within) failed = true;
      return {
        route: r.path,
        requests: r.requests,
        scripts: r.scriptRequests,
        transferred: kb(r.transferredBytes),
        'JS gzip': kb(r.jsGzipBytes),
        'shown ms': r.shownMs,
        within: dashboard ? (within ? 'yes' : 'NO') : '',
      };
    }),
  );
} finally {
  await server.stop();
}
if (failed) {
  console.log('Web budget missed (NO above).');
  process.exitCode = 1;
}

// BENCH_WEB_ONLY=1 stops after the web budgets (no PostgreSQL needed).
if (!process.env.BENCH_WEB_ONLY && existsSync(new URL('./bench-api.mjs', import.meta.url))) {
  await import('./bench-api.mjs');
}
