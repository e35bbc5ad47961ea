// Measures what a phone downloads: JavaScript (gzip) per route, and for the public pages the bytes
// transferred and Largest Contentful Paint under an emulated slow phone (4x CPU, 150 ms RTT, 1.6 Mbit/s);
// for /dashboard opened signed in with nothing cached on that phone, the requests it makes and the time
// until the farm's name is on screen (beside /login's first screen, the page every visitor can open).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; TECNO KF6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
};
const SLOW = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export async function benchWeb(baseURL) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const cookies = await signedInCookies(browser, baseURL);
    const js = [];
    for (const path of ['/', '/login', '/dashboard']) {
      js.push({
        path,
        ...(await javascriptLoaded(browser, baseURL, path, path === '/dashboard' ? cookies : [])),
      });
    }
    const profile = [];
    for (const path of ['/', '/pricing'])
      profile.push({ path, ...(await slowPhoneProfile(browser, baseURL, path)) });
    const firstScreen = [
      { path: '/login', ...(await firstScreenProfile(browser, baseURL, '/login', [], LOGIN_SHOWN)) },
      {
        path: '/dashboard',
        ...(await firstScreenProfile(browser, baseURL, '/dashboard', cookies, FARM_NAME_SHOWN)),
      },
    ];
    return { js, profile, firstScreen };
  } finally {
    await browser.close();
  }
}

async function javascriptLoaded(browser, baseURL, path, cookies) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), (await res.body()).length ? gzipSync(await res.body()).length : 0);
    } catch {
      // a redirected or aborted script has no body
    }
  });
  await page.goto(baseURL + path, { waitUntil: 'networkidle' });
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const gzip = [...scripts.values()].reduce((a, b) => a + b, 0);
  if (process.env.BENCH_LIST_SCRIPTS)
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(path, (size / 1024).toFixed(1), url);
  return { finalPath, scripts: scripts.size, jsGzipBytes: gzip };
}

async function slowPhoneProfile(browser, baseURL, path) {
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let transferred = 0;
    const jsIds = new Set();
    let jsTransferred = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') jsIds.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      transferred += e.encodedDataLength;
      if (jsIds.has(e.requestId)) jsTransferred += e.encodedDataLength;
    });
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(
          res.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    });
    await page.goto(baseURL + path, { waitUntil: 'load' });
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(null), 5000);
        }),
    );
    await page.waitForLoadState('networkidle');
    const jsGzipBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    runs.push({ lcpMs: lcp, transferredBytes: transferred, jsTransferredBytes: jsTransferred, jsGzipBytes });
    await context.close();
  }
  const lcps = runs
    .map((r) => r.lcpMs)
    .filter((v) => v !== null)
    .sort((a, b) => a - b);
  return {
    lcpMsMedian: lcps.length ? Math.round(lcps[Math.floor(lcps.length / 2)]) : null,
    transferredBytes: runs[0].transferredBytes,
    jsGzipBytes: runs[0].jsGzipBytes,
  };
}

/** The bench farm's name, as signedInCookies creates it. */
const FARM_NAME = 'Bench Farm';
/** The dashboard's heading names the farm (dashboard-home); /login shows its form. */
const FARM_NAME_SHOWN = (name) =>
  [...document.querySelectorAll('h1')].some(
    (el) => el.textContent?.trim() === name && el.getClientRects().length > 0,
  ) && performance.now();
const LOGIN_SHOWN = () => document.querySelector('input[type="password"]') !== null && performance.now();

/**
 * A signed-in first visit on the slow phone, nothing cached: every request, the JavaScript (gzip),
 * and the milliseconds from navigation until `shown` holds (median of 3 loads).
 */
async function firstScreenProfile(browser, baseURL, path, cookies, shown) {
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let requests = 0;
    let scriptRequests = 0;
    let transferred = 0;
    const scripts = [];
    const started = Date.now();
    const waterfall = [];
    page.on('request', (req) => {
      requests += 1;
      if (req.resourceType() === 'script') scriptRequests += 1;
      const row = { url: req.url().replace(baseURL, ''), from: Date.now() - started, to: null };
      waterfall.push(row);
      // A request still running when the page closes has no sizes: it stays without an end.
      req.response().then(
        () =>
          req.sizes().then(
            () => (row.to = Date.now() - started),
            () => {},
          ),
        () => {},
      );
    });
    cdp.on('Network.loadingFinished', (e) => {
      transferred += e.encodedDataLength;
    });
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(
          res.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    });
    await page.goto(baseURL + path, { waitUntil: 'commit' });
    // A function, not text: the app's CSP refuses eval.
    const handle = await page.waitForFunction(shown, FARM_NAME, { polling: 'raf', timeout: 60_000 });
    const shownMs = await handle.jsonValue();
    await page.waitForLoadState('networkidle');
    const jsGzipBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    runs.push({ shownMs, requests, scriptRequests, transferredBytes: transferred, jsGzipBytes, waterfall });
    await context.close();
  }
  runs.sort((a, b) => a.shownMs - b.shownMs);
  const median = runs[1];
  if (process.env.BENCH_LIST_SCRIPTS)
    for (const { url, from, to } of median.waterfall) console.log(path, 'request', from, to, url);
  const { waterfall: _waterfall, ...figures } = median;
  return { ...figures, shownMs: Math.round(median.shownMs) };
}

async function signedInCookies(browser, baseURL) {
  const context = await browser.newContext();
  const request = context.request;
  const email = `bench-${Date.now()}@example.com`;
  const headers = { origin: baseURL };
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers,
    data: {
      email,
      password: 'correct horse battery',
      name: 'Bench Farmer',
      first_name: 'Bench',
      last_name: 'Farmer',
      phone: '08031234567',
      callbackURL: '/create-farm',
    },
  });
  if (!signUp.ok()) throw new Error(`Sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const mail = await mailTo(request, baseURL, email);
  const link = mail.text.match(/https?:\/\/\S+/g).find((l) => l.startsWith(baseURL));
  await request.get(link);
  const farm = await request.post(`${baseURL}/api/farms`, {
    headers,
    data: { name: FARM_NAME, location: 'Port Harcourt', farm_type: 'mixed' },
  });
  if (!farm.ok()) throw new Error(`Farm creation failed: ${farm.status()} ${await farm.text()}`);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** The newest mail to `email` in the development outbox; mail is sent by a job, so it may take a moment. */
async function mailTo(request, baseURL, email) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const outbox = await (await request.get(`${baseURL}/api/dev/outbox`)).json();
    const items = Array.isArray(outbox) ? outbox : outbox.items;
    const mail = items.filter((m) => m.to.includes(email)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
