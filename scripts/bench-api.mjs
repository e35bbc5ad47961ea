// API budgets of the farm lists: seeds one farm with 10,000 supplies, 100,000 stock movements,
// 10,000 staff, 50,000 tasks (five years of work, half given to someone), 10,000 animals and groups
// with 200,000 records (one flock holding 50,000: the longest timeline), 10,000 plantings with
// 30,000 stages, 10,000 cached weather cells, and three years of farm money (100,000 expenses shared
// over 50 plantings and flocks, 50,000 sales with their payments) and a marketplace of 100,000
// listings of 2,000 selling farms on PostgreSQL, starts the server against that database, and
// measures the busiest reads with autocannon, first at one client, then at 50 concurrent clients:
// the farm's lists, the dashboard's one answer, a year's report and the USSD callback (the owner's
// phone seeded as verified, USSD_CALLBACK_SECRET set for the server).
//
// Every figure is read beside `/api/me` (the session check every signed-in request pays) measured in
// the same run, because an absolute line means nothing on a machine of two shared cores. Budgets:
//   - one client: p95 ≤ 10 ms for every farm read;
//   - 50 clients: p95 ≤ 3 × `/api/me`'s p95 at 50 clients in the same run;
//   - a year's report: p95 ≤ 1 s at one client, every request answered at 50 (decision 062).
// A missed budget prints OVER and makes the run exit non-zero. Run alone with
// `node scripts/bench-api.mjs` (after `npm run build`); `npm run bench` runs it after the web budgets.
//
//   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
//   BENCH_API_PORT      server port (default 3997)
//   BENCH_DURATION      seconds per endpoint at 50 clients (default 10)
//   BENCH_DURATION_ONE  seconds per endpoint at one client (default 5)
//   BENCH_ONLY          measure only the endpoints whose name contains this text (e.g. staff; a|b for either)
//   BENCH_DB_NAME       the database seeded and dropped (default gona_bench_inventory)
//   BENCH_KEEP_DB=1     keep the seeded database afterwards
//   BENCH_REUSE_DB=1    measure a database kept by an earlier run (BENCH_KEEP_DB=1) instead of seeding
import autocannon from 'autocannon';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from './bench/server.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'gona_bench_inventory';
const PORT = Number(process.env.BENCH_API_PORT ?? 3997);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DURATION_ONE = Number(process.env.BENCH_DURATION_ONE ?? 5);
const CONNECTIONS = 50;
/** At one client, every farm read answers within this p95 on the bench farm. */
const ONE_CLIENT_P95_MS = 10;
/** At 50 clients, every farm read's p95 is at most this many times `/api/me`'s p95 in the same run. */
const RATIO_BUDGET = 3;
const SUPPLIES = 10_000;
const MOVEMENTS_PER_SUPPLY = 10;
const STAFF = 10_000;
const TASKS = 50_000;
const ANIMALS = 10_000;
const LIVESTOCK_RECORDS = 200_000;
const CROPS = 10_000;
/** Three years of farm money: expenses (a tenth for the whole farm, a tenth split in two), sales. */
const EXPENSES = 100_000;
const SALES = 50_000;
const MONEY_DAYS = 1_096;
/** The marketplace: listings of many selling farms across the states (a tenth drafts, paused or closed). */
const LISTINGS = 100_000;
const SELLERS = 2_000;
/** The plantings and flocks money is shared over (half of each). */
const ENTERPRISES = 50;
/** The group with the longest timeline (set by the seeding). */
let worstAnimal = '';
/** A second farm of the same owner the size of most (set by the seeding). */
let typicalFarm = '';
/** The tasks' days run from this many days ago to a year ahead: about 27 a day. */
const TASK_DAYS_BACK = 1_500;
/** The page size the web app asks for (apps/web/src/features/inventory/api.ts, PAGE_SIZE). */
const PAGE = 25;
const PASSWORD = 'correct horse battery';
/** The key Africa's Talking's USSD callback carries (USSD_CALLBACK_SECRET), and the bench owner's verified phone. */
const USSD_SECRET = 'bench-ussd-callback-secret';
const USSD_PHONE = '+2348030000001';
/**
 * A report is asked for when a farmer opens the reports screen or a PDF is built, not every minute
 * by every phone: its own budget (decision 062) is a second at one client, and at 50 clients every
 * request answered (no ratio to /api/me: 50 years' reports at once is not a load a phone makes).
 */
const REPORT_ONE_CLIENT_P95_MS = 1000;

const benchUrl = new URL(ADMIN_URL);
benchUrl.pathname = `/${DB_NAME}`;

/** What a kept database needs to be measured again: the owner's session and the seeded ids. */
const STATE_FILE = join(tmpdir(), `gona-bench-${DB_NAME}.json`);
const reuse = process.env.BENCH_REUSE_DB === '1' && existsSync(STATE_FILE);

if (!reuse)
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  });

// The server applies the migrations on start, so the tables exist before seeding.
const server = await startServer({
  port: PORT,
  // The weather service is never asked here (the cells are seeded); a closed port stands in for it.
  env: {
    DATABASE_URL: benchUrl.toString(),
    LOG_LEVEL: 'warn',
    WEATHER_URL: 'http://127.0.0.1:9',
    USSD_CALLBACK_SECRET: USSD_SECRET,
  },
});
let failed = false;
try {
  let cookie, farmId;
  if (reuse) {
    let email;
    ({ email, farmId, worstAnimal, typicalFarm } = JSON.parse(readFileSync(STATE_FILE, 'utf8')));
    // Signed in afresh: each server start has its own data directory, so an old session cookie is not valid.
    cookie = await signIn(server.baseURL, email);
    console.log(`\nFarm API on PostgreSQL: the database ${DB_NAME} kept by an earlier run`);
  } else {
    let email;
    ({ cookie, farmId, email } = await signUpWithFarm(server.baseURL));
    const seeded = await seed(farmId);
    if (process.env.BENCH_KEEP_DB === '1')
      writeFileSync(STATE_FILE, JSON.stringify({ email, farmId, worstAnimal, typicalFarm }));
    console.log(
      `\nFarm API on PostgreSQL: one farm with ${seeded.supplies.toLocaleString('en')} supplies, ` +
        `${seeded.movements.toLocaleString('en')} movements, ${seeded.alerts} open alerts, ` +
        `${seeded.staff.toLocaleString('en')} staff, ${seeded.tasks.toLocaleString('en')} tasks, ` +
        `${seeded.animals.toLocaleString('en')} animals and groups with ${seeded.animalRecords.toLocaleString('en')} records, ` +
        `${seeded.crops.toLocaleString('en')} plantings with ${seeded.stages.toLocaleString('en')} stages, ` +
        `${seeded.cells.toLocaleString('en')} weather cells, ` +
        `${seeded.expenses.toLocaleString('en')} expenses in ${seeded.allocations.toLocaleString('en')} shares, ` +
        `${seeded.sales.toLocaleString('en')} sales with ${seeded.payments.toLocaleString('en')} payments, ` +
        `${LISTINGS.toLocaleString('en')} marketplace listings of ${SELLERS.toLocaleString('en')} farms ` +
        `(${seeded.listings.toLocaleString('en')} active) ` +
        `(${seeded.seconds} s to seed)`,
    );
  }
  await verifyPhone(farmId);
  const base = `/api/farms/${farmId}`;
  // The last twelve months, as the money screens ask for a year.
  const today = new Date().toISOString().slice(0, 10);
  const year = `from=${addDays(today, -364)}&to=${today}`;
  const endpoints = [
    // The floor every signed-in request pays (session lookup, no farm data), to read the others against.
    ['reference: /api/me (session only)', '/api/me'],
    ['dashboard: every card of the first screen', `${base}/dashboard`],
    [
      "ussd: today's tasks (a new session each request)",
      `/api/ussd?key=${USSD_SECRET}`,
      { ussd: { phoneNumber: USSD_PHONE, text: '1' } },
    ],
    ['supplies, newest first', `${base}/supplies?limit=${PAGE}`],
    ['supplies, low stock', `${base}/supplies?low_stock=true&limit=${PAGE}`],
    ['supplies of a category, by name', `${base}/supplies?category=fertilizer&limit=${PAGE}`],
    ['open alerts with supply', `${base}/inventory-alerts?limit=${PAGE}`],
    ['open alert count', `${base}/inventory-alerts/count`],
    ['staff, active first by name', `${base}/staff?limit=${PAGE}`],
    ['staff, searched by name', `${base}/staff?search=okafor&limit=${PAGE}`],
    ['staff of a job who left', `${base}/staff?job=herdsman&status=left&limit=${PAGE}`],
    ['staff count against the plan', `${base}/staff/summary`],
    ['tasks: Today (overdue, today, 7 days)', `${base}/tasks/today`],
    ['tasks: My tasks today', `${base}/tasks/today?mine=true`],
    [
      'tasks: calendar month (42 days)',
      `${base}/tasks/calendar?from=${monthGridStart()}&to=${addDays(monthGridStart(), 41)}`,
    ],
    [
      'tasks: my calendar month',
      `${base}/tasks/calendar?from=${monthGridStart()}&to=${addDays(monthGridStart(), 41)}&mine=true`,
    ],
    ['livestock: list, newest first', `${base}/livestock?limit=${PAGE}`],
    ['livestock: goats, active', `${base}/livestock?species=goat&status=active&limit=${PAGE}`],
    ['livestock: summary', `${base}/livestock/summary`],
    [
      'livestock: timeline of a flock with 50,000 records',
      `${base}/livestock/${worstAnimal}/timeline?limit=${PAGE}`,
    ],
    ['crops: list, newest first', `${base}/crops?limit=${PAGE}`],
    ['crops: growing', `${base}/crops?status=growing&limit=${PAGE}`],
    ['crops: stages of the farm', `${base}/crop-stages?limit=${PAGE}`],
    ['climate: weather and alerts of the farm (10,000 cells cached)', `${base}/climate`],
    ['climate: a typical farm (8 plantings, poultry, 3 planting dates)', `/api/farms/${typicalFarm}/climate`],
    ['money: profit and loss for a year', `${base}/money/profit?${year}`],
    ['money: cash by month for a year', `${base}/money/cash?${year}`],
    ['money: owed to and by the farm', `${base}/money/owed`],
    ['money: expenses of a year, first page', `${base}/expenses?${year}&limit=${PAGE}`],
    ['money: expense totals of a year', `${base}/expenses/totals?${year}`],
    ['money: sales of a year, first page', `${base}/sales?${year}&limit=${PAGE}`],
    ['marketplace: browse, newest first', `/api/marketplace/listings?limit=${PAGE}`],
    ['marketplace: search "maize"', `/api/marketplace/listings?q=maize&limit=${PAGE}`],
    ['marketplace: search two words', `/api/marketplace/listings?q=white%20maize%20kaduna&limit=${PAGE}`],
    [
      'marketplace: crops of one product, cheapest first',
      `/api/marketplace/listings?category=crop&product_key=maize&sort=price_asc&limit=${PAGE}`,
    ],
    [
      'marketplace: one state, cheapest first',
      `/api/marketplace/listings?state=Kano&sort=price_asc&limit=${PAGE}`,
    ],
    // Last: at 50 clients its requests queue for seconds, and what is still running when the
    // measurement stops would slow whatever came next.
    [
      "reports: the farm's year",
      `${base}/reports?${year}`,
      { oneClientMs: REPORT_ONE_CLIENT_P95_MS, noRatio: true, timeoutSeconds: 120 },
    ],
  ];
  const only = process.env.BENCH_ONLY;
  const chosen = endpoints.filter(
    ([name]) => !only || name.startsWith('reference') || only.split('|').some((part) => name.includes(part)),
  );
  // One client first (each request alone: what a farmer waits for on a quiet server), then 50.
  const one = [];
  for (const [, path, options] of chosen)
    one.push(await measure(server.baseURL + path, cookie, 1, DURATION_ONE, options));
  const many = [];
  for (const [, path, options] of chosen)
    many.push(await measure(server.baseURL + path, cookie, CONNECTIONS, DURATION, options));
  const me = many[0];
  const rows = chosen.map(([name, , options], i) => {
    const reference = i === 0;
    const ratio = many[i].p95 / me.p95;
    const oneClientMs = options?.oneClientMs ?? ONE_CLIENT_P95_MS;
    const ratioOk = options?.noRatio || ratio <= RATIO_BUDGET;
    const within = reference || (one[i].p95 <= oneClientMs && ratioOk && !many[i].failures);
    if (!within) failed = true;
    return {
      endpoint: name,
      '1: p50 ms': round(one[i].p50),
      '1: p95 ms': round(one[i].p95),
      '50: req/s': many[i].rps,
      '50: p50 ms': round(many[i].p50),
      '50: p95 ms': round(many[i].p95),
      '50: p99 ms': round(many[i].p99),
      '× /api/me': reference ? '1.0' : `${ratio.toFixed(1)}${options?.noRatio ? ' (no budget)' : ''}`,
      '1: budget ms': reference ? '' : oneClientMs,
      'non-2xx': one[i].failures + many[i].failures,
      budget: reference ? '' : within ? 'ok' : 'OVER',
    };
  });
  console.log(
    `One client for ${DURATION_ONE} s, then ${CONNECTIONS} clients for ${DURATION} s, per endpoint; ${PAGE} items per page. ` +
      `Budgets: p95 ≤ ${ONE_CLIENT_P95_MS} ms at one client (a year's report ≤ ${REPORT_ONE_CLIENT_P95_MS} ms, and at ${CONNECTIONS} clients every request answered), and p95 at ${CONNECTIONS} clients ≤ ${RATIO_BUDGET} × ` +
      `/api/me's (${round(me.p95)} ms in this run)`,
  );
  console.table(rows);
  if (failed) {
    console.log('Budget missed (OVER above).');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  if (process.env.BENCH_KEEP_DB !== '1' && !reuse) {
    await withClient(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  }
}

/** A cell's forecast as the refresh job stores it: 90 days back, 16 ahead, 48 hours back and 72 ahead. */
function cellWeather() {
  const today = new Date().toISOString().slice(0, 10);
  const daily = Array.from({ length: 106 }, (_, i) => ({
    date: addDays(today, i - 90),
    weather_code: i % 2 ? 61 : 2,
    tmax_c: 31 + (i % 4),
    tmin_c: 22,
    rain_mm: i % 3 ? 0 : 12,
    rain_chance_percent: 40,
    leaf_wetness_percent: 30,
  }));
  const hourly = Array.from({ length: 120 }, (_, i) => {
    const day = addDays(today, Math.floor((i - 48) / 24));
    const hour = String(((i % 24) + 24) % 24).padStart(2, '0');
    return { time: `${day}T${hour}:00`, temp_c: 26, rh_percent: 70, rain_mm: 0, wind_kmh: 8 };
  });
  return {
    timezone: 'Africa/Lagos',
    current: { time: `${today}T12:00`, temp_c: 30, rh_percent: 60, rain_mm: 0, weather_code: 2, wind_kmh: 8 },
    daily,
    hourly,
  };
}

/** The Monday that starts this month's calendar grid (six weeks). */
function monthGridStart() {
  const first = new Date();
  first.setUTCDate(1);
  const weekday = (first.getUTCDay() + 6) % 7;
  return addDays(first.toISOString().slice(0, 10), -weekday);
}

function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * `options.ussd` posts Africa's Talking's USSD form instead of a signed-in GET, each request with a
 * session id of its own: a repeated session and text is a gateway retry, answered from the last
 * screen without reading the farm.
 */
async function measure(url, cookie, connections, duration, options = {}) {
  const latencies = [];
  let sessions = 0;
  const ussd = options.ussd;
  const timeout = options.timeoutSeconds ?? 10;
  const instance = autocannon(
    ussd
      ? {
          url,
          connections,
          duration,
          timeout,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              setupRequest: (request) => ({
                ...request,
                body: new URLSearchParams({
                  sessionId: `bench-${process.pid}-${connections}-${++sessions}`,
                  serviceCode: '*384*1#',
                  phoneNumber: ussd.phoneNumber,
                  networkCode: '62130',
                  text: ussd.text,
                }).toString(),
              }),
            },
          ],
        }
      : { url, connections, duration, timeout, headers: { cookie } },
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    rps: Math.round(result.requests.average),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failures: result.non2xx + result.errors,
  };
}

/** A confirmed owner with one farm, signed in the way the web app does it. */
/** The confirmation link mailed to `email`; mail is sent by a job, so it is polled for (at most 20 s). */
async function confirmationLink(baseURL, email) {
  for (let attempt = 0; attempt < 80; attempt++) {
    const outbox = await (await fetch(`${baseURL}/api/dev/outbox`)).json();
    const mail = (Array.isArray(outbox) ? outbox : outbox.items).filter((m) => m.to.includes(email)).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes('verify-email'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('No confirmation mail in the dev outbox');
}

async function signUpWithFarm(baseURL) {
  const email = `bench-${Date.now()}@example.com`;
  const password = PASSWORD;
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const post = (path, body, extra = {}) =>
    fetch(baseURL + path, {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
  await expectOk(
    post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Bench Farmer',
      first_name: 'Bench',
      last_name: 'Farmer',
      phone: '08031234567',
    }),
  );
  const link = await confirmationLink(baseURL, email);
  await fetch(link, { redirect: 'manual' });
  const cookie = await signIn(baseURL, email);
  const farm = await (
    await expectOk(
      post('/api/farms', { name: 'Bench Farm', location: 'Port Harcourt', farm_type: 'mixed' }, { cookie }),
    )
  ).json();
  return { cookie, farmId: farm.id, email };
}

/** The bench owner's phone, verified for USSD and SMS (a kept database has it already). */
async function verifyPhone(farmId) {
  await withClient(benchUrl.toString(), (db) =>
    db.query(
      `INSERT INTO phone_access (phone, user_id, verified_at)
       SELECT $1, owner_id, now() FROM farms WHERE id = $2
       ON CONFLICT (phone) DO NOTHING`,
      [USSD_PHONE, farmId],
    ),
  );
}

/** The bench owner's session cookie. */
async function signIn(baseURL, email) {
  const res = await expectOk(
    fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
      redirect: 'manual',
    }),
  );
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Seeds with generate_series: a few seconds instead of 110,000 API calls. */
async function seed(farmId) {
  const started = Date.now();
  return withClient(benchUrl.toString(), async (db) => {
    const { rows } = await db.query('SELECT owner_id FROM farms WHERE id = $1', [farmId]);
    const userId = rows[0].owner_id;
    await db.query(
      `INSERT INTO suppliers (id, farm_id, name)
       SELECT gen_random_uuid(), $1, 'Supplier ' || i FROM generate_series(1, 20) i`,
      [farmId],
    );
    // About 4% of supplies sit at or below their threshold, like a real store room on a normal week.
    await db.query(
      `INSERT INTO supplies (id, farm_id, category, name, quantity, unit, low_threshold, unit_cost_kobo, created_at, updated_at)
       SELECT gen_random_uuid(), $1,
              (ARRAY['seeds_seedlings','fertilizer','agrochemicals','animal_feed','veterinary','fuel','tools_equipment','packaging','other'])[1 + i % 9],
              'Supply ' || lpad(i::text, 5, '0'), (i * 37) % 500, (ARRAY['kg','bag_50kg','litre','piece','crate_30'])[1 + i % 5], 20,
              100 * (i % 5000), now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) i`,
      [farmId, SUPPLIES],
    );
    await db.query(
      `INSERT INTO supply_movements (id, farm_id, supply_id, kind, quantity, quantity_after, user_id, created_at)
       SELECT gen_random_uuid(), s.farm_id, s.id, CASE WHEN n % 2 = 0 THEN 'received' ELSE 'used' END,
              CASE WHEN n % 2 = 0 THEN 5 ELSE -5 END, s.quantity, $2, s.created_at + make_interval(hours => n)
       FROM supplies s CROSS JOIN generate_series(1, $3::int) n
       WHERE s.farm_id = $1`,
      [farmId, userId, MOVEMENTS_PER_SUPPLY],
    );
    const alerts = await db.query(
      `INSERT INTO inventory_alerts (id, farm_id, supply_id, created_at)
       SELECT gen_random_uuid(), farm_id, id, created_at FROM supplies WHERE farm_id = $1 AND quantity <= low_threshold`,
      [farmId],
    );
    // Staff with Nigerian names, a quarter of them gone (the list puts the active ones first).
    await db.query(
      `INSERT INTO staff (id, farm_id, first_name, last_name, phone, job, employment_type, status, pay_rate_kobo, pay_period, created_at, updated_at)
       SELECT gen_random_uuid(), $1,
              (ARRAY['Musa','Amaka','Chidi','Aisha','Emeka','Zainab','Tunde','Ngozi','Ibrahim','Funke'])[1 + i % 10],
              (ARRAY['Okafor','Bello','Adeyemi','Ibrahim','Eze','Yusuf','Okeke','Abubakar','Nwosu','Ogunleye'])[1 + (i / 10) % 10] || ' ' || i,
              '+23480' || lpad(i::text, 8, '0'),
              (ARRAY['farm_manager','supervisor','herdsman','poultry_attendant','fish_farm_attendant','tractor_operator','security','casual_labourer','other'])[1 + i % 9],
              (ARRAY['permanent','seasonal','casual'])[1 + i % 3],
              CASE WHEN i % 4 = 0 THEN 'left' ELSE 'active' END,
              100 * (2000 + i % 3000), 'day', now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) i`,
      [farmId, STAFF],
    );
    // Five years of tasks; the past mostly done, one in twenty left open (overdue); half given to
    // someone, and the owner is on the staff list so "My tasks" has their share.
    await db.query(
      `INSERT INTO tasks (id, farm_id, title, type, due_date, priority, status, completed_at, completed_by, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'Task ' || i,
              (ARRAY['land_preparation','planting','weeding','fertilizer_application','spraying','irrigation','harvesting','feeding','vaccination','deworming','cleaning','maintenance','delivery','other'])[1 + i % 14],
              d, (ARRAY['high','normal','low'])[1 + i % 3],
              CASE WHEN d < current_date AND i % 20 <> 0 THEN 'done' ELSE 'open' END,
              CASE WHEN d < current_date AND i % 20 <> 0 THEN now() END,
              CASE WHEN d < current_date AND i % 20 <> 0 THEN $3::uuid END,
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) i, LATERAL (SELECT current_date - $4::int + (i % ($4::int + 365)) AS d) day`,
      [farmId, TASKS, userId, TASK_DAYS_BACK],
    );
    await db.query(
      `UPDATE staff SET member_user_id = $2 WHERE id = (SELECT id FROM staff WHERE farm_id = $1 AND status = 'active' LIMIT 1)`,
      [farmId, userId],
    );
    await db.query(
      `INSERT INTO task_assignees (task_id, staff_id, farm_id)
       SELECT t.id, s.id, $1
       FROM (SELECT id, row_number() OVER (ORDER BY id) rn FROM tasks WHERE farm_id = $1) t
       JOIN (SELECT id, row_number() OVER (ORDER BY member_user_id NULLS LAST, id) rn FROM staff WHERE farm_id = $1 AND status = 'active') s
         ON s.rn = 1 + (t.rn / 2) % 50
       WHERE t.rn % 2 = 0`,
      [farmId],
    );
    await db.query(
      `UPDATE tasks SET assigned = true WHERE id IN (SELECT task_id FROM task_assignees WHERE farm_id = $1)`,
      [farmId],
    );
    // 10,000 animals and groups (one in ten a layer flock), 200,000 records over them; one flock
    // holds a quarter of them (50,000: years of daily eggs, weighings, treatments and events), the
    // longest timeline.
    await db.query(
      `INSERT INTO livestock (id, farm_id, kind, species, name, tag, acquisition, head_count, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1,
              CASE WHEN i % 10 = 0 THEN 'group' ELSE 'individual' END,
              CASE WHEN i % 10 = 0 THEN 'chicken_layer' ELSE (ARRAY['goat','sheep','cattle','pig'])[1 + i % 4] END,
              CASE WHEN i % 10 = 0 THEN 'Layer house ' || i ELSE NULL END,
              CASE WHEN i % 10 = 0 THEN NULL ELSE 'TAG-' || i END,
              'bought', CASE WHEN i % 10 = 0 THEN 500 ELSE 1 END,
              CASE WHEN i % 25 = 0 THEN 'sold' ELSE 'active' END,
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) i`,
      [farmId, ANIMALS],
    );
    const worst = (
      await db.query(
        `SELECT id FROM livestock WHERE farm_id = $1 AND kind = 'group' ORDER BY created_at DESC, id DESC LIMIT 1`,
        [farmId],
      )
    ).rows[0].id;
    // Records spread over every animal, and a quarter of each kind on the worst flock.
    const onWorst = `CASE WHEN i % 4 = 0 THEN $3::uuid ELSE a.id END`;
    const animals = `JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM livestock WHERE farm_id = $1) a
       ON a.n = (i * 7919) % ${ANIMALS}`;
    const perKind = LIVESTOCK_RECORDS / 4;
    await db.query(
      `INSERT INTO livestock_production (id, farm_id, animal_id, date, eggs_collected, eggs_cracked, created_at)
       SELECT gen_random_uuid(), $1, ${onWorst}, current_date - (i % 1500), 400, 5, now() - make_interval(secs => i)
       FROM generate_series(1, $2::int) i ${animals}`,
      [farmId, perKind, worst],
    );
    await db.query(
      `INSERT INTO livestock_growth_logs (id, farm_id, animal_id, date, weight_kg, created_at)
       SELECT gen_random_uuid(), $1, ${onWorst}, current_date - (i % 1500), 1.8, now() - make_interval(secs => i)
       FROM generate_series(1, $2::int) i ${animals}`,
      [farmId, perKind, worst],
    );
    await db.query(
      `INSERT INTO livestock_health_records (id, farm_id, animal_id, date, kind, condition, created_at)
       SELECT gen_random_uuid(), $1, ${onWorst}, current_date - (i % 1500), 'treatment', 'Coccidiosis', now() - make_interval(secs => i)
       FROM generate_series(1, $2::int) i ${animals}`,
      [farmId, perKind, worst],
    );
    await db.query(
      `INSERT INTO livestock_events (id, farm_id, animal_id, date, kind, change, head_count_after, created_at)
       SELECT gen_random_uuid(), $1, ${onWorst}, current_date - (i % 1500), 'mortality', -1, 499, now() - make_interval(secs => i)
       FROM generate_series(1, $2::int) i ${animals}`,
      [farmId, perKind, worst],
    );
    worstAnimal = worst;
    // 10,000 plantings of maize over five years, each with three recorded stages.
    await db.query(
      `INSERT INTO crops (id, farm_id, crop_key, area_planted, season, planting_date, expected_harvest, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'maize', 1 + (i % 5), 'main', d, d + 120,
              CASE WHEN d + 120 < current_date THEN 'harvested' ELSE 'growing' END,
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) i, LATERAL (SELECT current_date - (i % 1800) AS d) day`,
      [farmId, CROPS],
    );
    await db.query(
      `INSERT INTO crop_growth_stages (id, farm_id, crop_id, stage_key, start_date, created_at)
       SELECT gen_random_uuid(), $1, c.id, s.key, c.planting_date + s.day, now()
       FROM crops c, (VALUES ('emergence', 5), ('vegetative', 10), ('tasselling', 55)) s(key, day)
       WHERE c.farm_id = $1`,
      [farmId],
    );
    // 10,000 weather cells (a 100 × 100 grid of 0.1° over Nigeria), each with a full forecast as
    // the refresh job stores it; the farm sits in the cell 10.5,7.4.
    await db.query('UPDATE farms SET latitude = 10.5105, longitude = 7.4165 WHERE id = $1', [farmId]);
    await db.query(
      `INSERT INTO weather_cells (key, latitude, longitude, weather, fetched_at, tried_at)
       SELECT to_char(4 + a / 10.0, 'FM990.0') || ',' || to_char(3 + b / 10.0, 'FM990.0'), 4 + a / 10.0, 3 + b / 10.0,
              $1::jsonb, now(), now()
       FROM generate_series(0, 99) a, generate_series(0, 99) b`,
      [JSON.stringify(cellWeather())],
    );
    await db.query(`UPDATE weather_cells SET rain_normals = $1::jsonb, normals_fetched_at = now()`, [
      JSON.stringify([0.1, 0.3, 1.2, 3.1, 5.0, 5.8, 6.9, 7.6, 7.0, 3.4, 0.4, 0.1]),
    ]);
    // The farm most farmers have: a few plantings, two flocks and a season planned, in Abuja's cell.
    typicalFarm = (
      await db.query(
        `INSERT INTO farms (id, name, location, farm_type, state, owner_id, latitude, longitude)
         SELECT gen_random_uuid(), 'Kuje Mixed Farm', 'Kuje', 'mixed', 'FCT', owner_id, 9.06, 7.49
         FROM farms WHERE id = $1 RETURNING id`,
        [farmId],
      )
    ).rows[0].id;
    await db.query(
      `INSERT INTO farm_memberships (id, farm_id, user_id, role) SELECT gen_random_uuid(), $2, owner_id, 'owner' FROM farms WHERE id = $1`,
      [farmId, typicalFarm],
    );
    await db.query(
      `INSERT INTO crops (id, farm_id, crop_key, area_planted, season, planting_date, expected_harvest, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1, (ARRAY['maize','tomato','cassava','soybean'])[1 + i % 4], 1, 'main',
              current_date - 10 * i, current_date - 10 * i + 120, 'growing', now(), now()
       FROM generate_series(1, 8) i`,
      [typicalFarm],
    );
    await db.query(
      `INSERT INTO livestock (id, farm_id, kind, species, name, acquisition, head_count, status, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'group', 'chicken_broiler', 'Broiler house ' || i, 'bought', 300, 'active', now(), now()
       FROM generate_series(1, 2) i`,
      [typicalFarm],
    );
    await db.query(
      `INSERT INTO planting_schedules (id, farm_id, crop_key, zone, season, recommended_planting_date, window_from, window_to)
       SELECT gen_random_uuid(), $1, c, 'southern_guinea_savanna', 'main', current_date + 150, current_date + 120, current_date + 180
       FROM unnest(ARRAY['maize','soybean','yam']) c`,
      [typicalFarm],
    );
    await seedMoney(db, farmId, userId);
    await seedListings(db, userId);
    // As autovacuum leaves a table in use: statistics and the visibility map (index-only counts).
    await db.query('VACUUM ANALYZE');
    const count = async (table) =>
      Number((await db.query(`SELECT count(*) FROM ${table} WHERE farm_id = $1`, [farmId])).rows[0].count);
    return {
      tasks: await count('tasks'),
      supplies: await count('supplies'),
      movements: await count('supply_movements'),
      alerts: alerts.rowCount,
      staff: await count('staff'),
      animals: await count('livestock'),
      animalRecords:
        (await count('livestock_production')) +
        (await count('livestock_growth_logs')) +
        (await count('livestock_health_records')) +
        (await count('livestock_events')),
      crops: await count('crops'),
      stages: await count('crop_growth_stages'),
      cells: Number((await db.query('SELECT count(*) FROM weather_cells')).rows[0].count),
      expenses: await count('expenses'),
      allocations: await count('expense_allocations'),
      sales: await count('sales'),
      payments: await count('sale_payments'),
      listings: Number(
        (await db.query("SELECT count(*) FROM listings WHERE status = 'active'")).rows[0].count,
      ),
      seconds: ((Date.now() - started) / 1000).toFixed(1),
    };
  });
}

/**
 * Three years of a big farm's money, back from today: 100,000 expenses of every category (a third
 * to one of the 20 suppliers, the rest to 40 payees typed in; one in twenty of the last six months
 * bought on credit and not paid yet), each shared as the app shares it: a tenth for the whole farm,
 * a tenth split in two, the rest to one of 50 plantings and flocks (the flock with 50,000 records
 * among them). 50,000 sales to 300 buyers, an
 * eighth for the whole farm; a tenth of the last year's on credit (half of them part paid), old
 * debts left unpaid, older credit sales paid in two parts; every payment as its own row.
 */
async function seedMoney(db, farmId, userId) {
  await db.query(
    `CREATE TEMP TABLE bench_enterprises AS
     SELECT (row_number() OVER (ORDER BY kind, id = $3 DESC, id) - 1)::int AS n, crop_id, animal_id FROM (
       (SELECT 'crop' AS kind, id, id AS crop_id, NULL::uuid AS animal_id FROM crops WHERE farm_id = $1 ORDER BY id LIMIT $2)
       UNION ALL
       (SELECT 'animal', id, NULL::uuid, id FROM livestock WHERE farm_id = $1 AND kind = 'group' ORDER BY id = $3 DESC, id LIMIT $2)
     ) e`,
    [farmId, ENTERPRISES / 2, worstAnimal],
  );
  await db.query(
    `CREATE TEMP TABLE bench_expenses AS
     SELECT i, gen_random_uuid() AS id, current_date - (i % $2::int) AS d,
            (ARRAY['seeds','fertilizer','agrochemicals','feed','veterinary','labour','fuel','equipment','transport','land_rent','utilities','loan_repayment','other'])[1 + i % 13] AS category,
            (50000 + (i::bigint * 7919) % 5000000)::bigint AS amount,
            i % 20 = 0 AND i % $2::int < 180 AS owed
     FROM generate_series(1, $1::int) i`,
    [EXPENSES, MONEY_DAYS],
  );
  await db.query(
    `INSERT INTO expenses (id, farm_id, date, category, amount_kobo, description, supplier_id, paid_to,
                           payment_method, paid_on, due_date, user_id, created_at, updated_at)
     SELECT e.id, $1, e.d, e.category, e.amount, 'Expense ' || e.i,
            CASE WHEN e.i % 3 = 0 THEN s.ids[1 + (e.i / 7) % 20] END,
            CASE WHEN e.i % 3 <> 0 THEN 'Payee ' || (e.i / 7) % 40 END,
            (ARRAY['cash','bank_transfer','pos','mobile_money'])[1 + e.i % 4],
            CASE WHEN NOT e.owed THEN e.d END, CASE WHEN e.owed THEN e.d + 30 END,
            $2, now() - make_interval(secs => e.i), now() - make_interval(secs => e.i)
     FROM bench_expenses e, (SELECT array_agg(id ORDER BY id) AS ids FROM suppliers WHERE farm_id = $1) s`,
    [farmId, userId],
  );
  await db.query(
    `INSERT INTO expense_allocations (id, farm_id, expense_id, crop_id, animal_id, date, category, amount_kobo)
     SELECT gen_random_uuid(), $1, e.id, en.crop_id, en.animal_id, e.d, e.category,
            CASE WHEN e.i % 10 <> 1 THEN e.amount WHEN part = 0 THEN e.amount / 2 ELSE e.amount - e.amount / 2 END
     FROM bench_expenses e
     CROSS JOIN generate_series(0, 1) part
     LEFT JOIN bench_enterprises en ON e.i % 10 <> 0 AND en.n = (e.i / 10 * 7 + e.i % 10 + part) % $2::int
     WHERE part = 0 OR e.i % 10 = 1`,
    [farmId, ENTERPRISES],
  );
  await db.query(
    `CREATE TEMP TABLE bench_sales AS
     SELECT i, gen_random_uuid() AS id, d, amount,
            CASE WHEN i % 10 = 0 AND i % $2::int < 365 THEN CASE WHEN i % 20 = 0 THEN amount / 2 ELSE 0 END
                 WHEN i % 97 = 0 THEN 0
                 ELSE amount END AS paid,
            i % 10 = 0 AND i % $2::int >= 365 AND i % 97 <> 0 AS in_two
     FROM generate_series(1, $1::int) i,
          LATERAL (SELECT current_date - (i % $2::int) AS d, (100000 + (i::bigint * 104729) % 10000000)::bigint AS amount) v`,
    [SALES, MONEY_DAYS],
  );
  await db.query(
    `INSERT INTO sales (id, farm_id, date, buyer_name, buyer_phone, product, quantity, unit, unit_price_kobo,
                        amount_kobo, paid_kobo, due_date, crop_id, animal_id, user_id, created_at, updated_at)
     SELECT s.id, $1, s.d, 'Buyer ' || s.i % 300, '+234803' || lpad((s.i % 300)::text, 7, '0'),
            (ARRAY['Maize grain','Eggs','Broilers','Catfish','Tomatoes'])[1 + s.i % 5], 1 + s.i % 40,
            (ARRAY['kg','crate','head','kg','basket'])[1 + s.i % 5], NULL, s.amount, s.paid,
            CASE WHEN s.paid < s.amount THEN s.d + 30 END, en.crop_id, en.animal_id,
            $2, now() - make_interval(secs => s.i), now() - make_interval(secs => s.i)
     FROM bench_sales s
     LEFT JOIN bench_enterprises en ON s.i % 8 <> 0 AND en.n = (s.i * 3) % $3::int`,
    [farmId, userId, ENTERPRISES],
  );
  await db.query(
    `INSERT INTO sale_payments (id, farm_id, sale_id, date, amount_kobo, method, user_id, created_at)
     SELECT gen_random_uuid(), $1, s.id, s.d + 20 * part,
            CASE WHEN NOT s.in_two THEN s.paid WHEN part = 0 THEN s.amount / 2 ELSE s.amount - s.amount / 2 END,
            (ARRAY['cash','bank_transfer','pos','mobile_money'])[1 + (s.i + part) % 4], $2, now()
     FROM bench_sales s CROSS JOIN generate_series(0, 1) part
     WHERE s.paid > 0 AND (part = 0 OR s.in_two)`,
    [farmId, userId],
  );
}

/**
 * The marketplace as buyers search it: 100,000 listings of 2,000 selling farms (one owner, the bench
 * farmer) spread over 12 states, crops, live animals and farm products at prices from ₦500 to ₦5,000,500
 * a unit; nine in ten active, the rest drafts, paused or closed.
 */
async function seedListings(db, userId) {
  await db.query(
    `CREATE TEMP TABLE bench_sellers AS
     SELECT i, gen_random_uuid() AS id,
            (ARRAY['Kaduna','Kano','Oyo','Benue','Niger','Plateau','Ogun','Rivers','Enugu','Kwara','Bauchi','Ondo'])[1 + i % 12] AS state
     FROM generate_series(1, $1::int) i`,
    [SELLERS],
  );
  await db.query(
    `INSERT INTO farms (id, name, location, farm_type, owner_id, state, lga)
     SELECT id, 'Seller farm ' || i, 'Somewhere', 'mixed', $1, state, 'LGA ' || i % 20 FROM bench_sellers`,
    [userId],
  );
  await db.query(
    `INSERT INTO listings (id, farm_id, status, category, product_key, title, variety, grade, quantity_available,
                           unit, unit_kg, min_order, price_kobo, state, lga, delivery_pickup, delivery_seller,
                           description, published_at, created_at, updated_at)
     SELECT gen_random_uuid(), s.id,
            (ARRAY['active','active','active','active','active','active','active','active','active','draft','paused','closed'])[1 + l.i % 12],
            p.category, p.key, p.title || ' ' || l.i, p.variety, 'G' || (1 + l.i % 3), 10 + l.i % 500,
            p.unit, p.unit_kg, 1, 50000 + (l.i::bigint * 7919) % 500000000, s.state, 'LGA ' || s.i % 20,
            true, l.i % 3 = 0,
            p.title || ' from ' || s.state || ', ' || p.variety || ', well dried and bagged',
            now() - make_interval(secs => l.i * 60), now() - make_interval(secs => l.i * 60), now()
     FROM generate_series(1, $1::int) l(i)
     JOIN bench_sellers s ON s.i = 1 + l.i % $2::int
     JOIN (VALUES (0, 'crop', 'maize', 'White maize', 'SAMMAZ 15', 'bag_100kg', 100),
                  (1, 'crop', 'cassava', 'Cassava roots', 'TME 419', 'tonne', 1000),
                  (2, 'crop', 'yam', 'Yam tubers', 'White yam', 'tuber', NULL),
                  (3, 'crop', 'soybean', 'Soybean grain', 'TGX 1448', 'bag_50kg', 50),
                  (4, 'crop', 'tomato', 'Tomatoes', 'UC82B', 'basket', NULL),
                  (5, 'livestock', 'goat', 'Red Sokoto goats', 'Red Sokoto', 'head', NULL),
                  (6, 'livestock', 'chicken_broiler', 'Live broilers', 'Arbor Acres', 'head', NULL),
                  (7, 'product', 'eggs', 'Fresh eggs', 'Layers', 'crate', NULL),
                  (8, 'crop', 'rice', 'Paddy rice', 'FARO 44', 'bag_100kg', 100),
                  (9, 'crop', 'sorghum', 'Sorghum grain', 'CSR-01', 'bag_100kg', 100))
       AS p(n, category, key, title, variety, unit, unit_kg) ON p.n = l.i % 10`,
    [LISTINGS, SELLERS],
  );
}

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function expectOk(responsePromise) {
  const res = await responsePromise;
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${await res.text()}`);
  return res;
}

function round(ms) {
  return Math.round(ms * 10) / 10;
}
