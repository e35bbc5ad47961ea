// `npm run bench`: builds the app, then measures the web budgets and the API budgets, printing tables.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServer } from './bench/server.mjs';
import { benchWeb } from './bench/web.mjs';

/** Gzip KB of JavaScript a first visit may load (architecture budgets). */
const JS_BUDGET_KB = { '/': 60, '/login': 120, '/dashboard': 170 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

execSync('npm run build', { stdio: 'inherit' });

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3998) });
try {
  const { js, profile } = await benchWeb(server.baseURL);
  console.log(
    '\nJavaScript a first visit loads (gzip), budgets from docs: / ≤ 60 KB, /login ≤ 120 KB, /dashboard ≤ 170 KB',
  );
  console.table(
    js.map((r) => ({
      route: r.path,
      'ended at': r.finalPath,
      scripts: r.scripts,
      'JS gzip': kb(r.jsGzipBytes),
      budget: kb(JS_BUDGET_KB[r.path] * 1024),
      within: r.jsGzipBytes <= JS_BUDGET_KB[r.path] * 1024 ? 'yes' : 'NO',
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
} finally {
  await server.stop();
}

// BENCH_WEB_ONLY=1 stops after the web budgets (no PostgreSQL needed).
if (!process.env.BENCH_WEB_ONLY && existsSync(new URL('./bench-api.mjs', import.meta.url))) {
  await import('./bench-api.mjs');
}
