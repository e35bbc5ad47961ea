import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchema, type Dashboard } from '@gona/shared/dashboard';
import type { Profit } from '@gona/shared/finance';
import type { LivestockSummary } from '@gona/shared/livestock';
import {
  climate_alerts,
  farm_subscriptions,
  livestock_production,
  orders,
  staff,
  task_assignees,
  tasks,
} from '../../db/schema/index';
import { addDays } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import type { Subscription } from '@gona/shared/billing';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

/**
 * The dashboard's one answer against the feature screens it stands for (money and eggs equal to
 * theirs), hand-counted tasks, care, alerts and orders, and who reads what.
 */

let t: TestContext;
let team: FarmTeam;
let today: string;
const ids: Record<string, string> = {};

async function post<T = { id: string }>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await t.request<T>('POST', `${team.base}/${path}`, {
    cookie: team.cookies.owner,
    body: { id: newId(), ...body },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

const dashboard = (who: keyof FarmTeam['cookies'] = 'owner') =>
  t.request<Dashboard>('GET', `${team.base}/dashboard`, { cookie: team.cookies[who] });

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  const farmId = team.farm.id;
  today = (
    await t.request<LivestockSummary>('GET', `${team.base}/livestock/summary`, {
      cookie: team.cookies.owner,
    })
  ).body.today;
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonth = addDays(monthStart, -10);

  ids.layers = (
    await post('livestock', {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers A',
      head_count: 100,
      acquisition: 'bought',
      acquired_on: addDays(today, -60),
    })
  ).id;
  // Eggs: 90 today; 70 on each of the 7 days before (490, 70 a day); 500 eight days ago, not counted.
  const eggs = (date: string, eggs_collected: number) => ({
    id: newId(),
    farm_id: farmId,
    animal_id: ids.layers!,
    date,
    eggs_collected,
  });
  await t.db
    .insert(livestock_production)
    .values([
      eggs(today, 90),
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => eggs(addDays(today, -n), 70)),
      eggs(addDays(today, -8), 500),
    ]);

  // Money: ₦5,000 of feed today and ₦20,000 of eggs sold today; ₦7,000.50 of fuel last month.
  await post('expenses', { date: today, category: 'feed', amount_kobo: 500_000, payment_method: 'cash' });
  await post('expenses', { date: lastMonth, category: 'fuel', amount_kobo: 700_050, payment_method: 'cash' });
  await post('sales', {
    date: today,
    product: 'Eggs',
    quantity: '20',
    unit: 'crate',
    amount_kobo: 2_000_000,
    paid_kobo: 2_000_000,
  });

  // Tasks: two late (one given to a colleague), one due today, one done today, one tomorrow;
  // a vaccination of the layers late and a deworming due today.
  const [colleague] = await t.db
    .insert(staff)
    .values({
      farm_id: farmId,
      first_name: 'Chidi',
      last_name: 'Ibrahim',
      job: 'casual_labourer',
      employment_type: 'casual',
    })
    .returning({ id: staff.id });
  const task = (title: string, due_date: string, values: Partial<typeof tasks.$inferInsert> = {}) => ({
    id: newId(),
    farm_id: farmId,
    title,
    type: 'other' as const,
    due_date,
    ...values,
  });
  const given = task('Mend the fence', addDays(today, -2), { assigned: true });
  await t.db
    .insert(tasks)
    .values([
      task('Clean the pen', addDays(today, -1)),
      given,
      task('Weed the maize', today),
      task('Feed the birds', today, { status: 'done', completed_at: new Date(t.deps.now()) }),
      task('Spray the tomatoes', addDays(today, 1)),
      task('Newcastle vaccine', addDays(today, -3), { type: 'vaccination', livestock_id: ids.layers }),
      task('Deworm', today, { type: 'deworming', livestock_id: ids.layers }),
    ]);
  await t.db.insert(task_assignees).values({ farm_id: farmId, task_id: given.id, staff_id: colleague!.id });

  // Alerts: a heavy rain and a fall armyworm warning, one resolved and one whose week is over.
  const alert = (rule: string, values: Partial<typeof climate_alerts.$inferInsert> = {}) => ({
    farm_id: farmId,
    rule: rule as 'heavy_rain',
    severity: 'warning' as const,
    from: today,
    to: addDays(today, 3),
    values: {},
    ...values,
  });
  await t.db.insert(climate_alerts).values([
    alert('heavy_rain'),
    alert('fall_armyworm'),
    alert('dry_spell', { status: 'resolved' }),
    alert('crop_heat', { from: addDays(today, -9), to: addDays(today, -2) }),
    alert('market_price', {
      severity: 'info',
      product_key: 'maize',
      values: { change_percent: -20, price_kobo: 40_000, was_kobo: 50_000, in_state: 1 },
    }),
  ]);

  // Orders: one paid (to accept) and two accepted (to send).
  const order = (status: 'paid' | 'accepted') => ({
    farm_id: farmId,
    title: 'Eggs',
    seller_name: 'Farm',
    status,
    quantity: '10',
    unit: 'crate' as const,
    unit_price_kobo: 300_000,
    subtotal_kobo: 3_000_000,
    delivery: 'pickup' as const,
    total_kobo: 3_000_000,
    commission_kobo: 150_000,
    buyer_phone: '+2348030000000',
    reference: `r-${newId()}`,
    expires_at: new Date(t.deps.now() + 86_400_000),
  });
  await t.db.insert(orders).values([order('paid'), order('accepted'), order('accepted')]);
}, 60_000);

describe('the dashboard', () => {
  it('answers every card in one request, money and eggs as their screens', async () => {
    const res = await dashboard();
    expect(res.status).toBe(200);
    const body = DashboardSchema.parse(res.body);
    expect(body.today).toBe(today);

    const profit = await t.request<Profit>(
      'GET',
      `${team.base}/money/profit?from=${today.slice(0, 8)}01&to=${today}`,
      { cookie: team.cookies.owner },
    );
    expect(body.money!.this_month).toMatchObject({
      income_kobo: profit.body.income_kobo,
      costs_kobo: profit.body.costs_kobo,
    });
    expect(body.money!.this_month).toMatchObject({ income_kobo: 2_000_000, costs_kobo: 500_000 });
    expect(body.money!.last_month.costs_kobo).toBe(700_050);

    const summary = await t.request<LivestockSummary>('GET', `${team.base}/livestock/summary`, {
      cookie: team.cookies.owner,
    });
    expect(body.production.eggs.today).toBe(String(summary.body.eggs_today));
    expect(body.production.eggs).toEqual({ today: '90', average_7_days: '70' });
    expect(body.production.milk_litres).toEqual({ today: '0', average_7_days: '0' });

    // Vaccinations and dewormings are tasks too: the Today view counts them.
    expect(body.tasks).toMatchObject({ overdue: 3, due_today: 3 });
    expect(body.tasks.items.map((task) => [task.title, task.late])).toEqual(
      expect.arrayContaining([
        ['Clean the pen', true],
        ['Mend the fence', true],
        ['Weed the maize', false],
      ]),
    );
    expect(body.tasks.items.some((task) => task.title === 'Feed the birds')).toBe(false);
    expect(body.care).toMatchObject({ late: 1, due_today: 1 });
    expect(body.care.items.map((item) => [item.title, item.animal_name])).toEqual([
      ['Deworm', 'Layers A'],
      ['Newcastle vaccine', 'Layers A'],
    ]);
    expect(body.alerts).toEqual({ weather: 1, disease: 1, market: 1, low_stock: 0 });
    expect(body.orders).toEqual({ to_accept: 1, to_dispatch: 2 });
    expect(body.market_prices).toEqual([
      { product_key: 'maize', name: 'Maize', price_kobo: 40_000, was_kobo: 50_000, in_state: true },
    ]);
  });

  it('gives a worker their own tasks and the farm’s alerts, and no money', async () => {
    const res = await dashboard('worker');
    expect(res.status).toBe(200);
    const body = DashboardSchema.parse(res.body);
    expect(body.money).toBeUndefined();
    expect(body.orders).toBeUndefined();
    expect(body.market_prices).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/kobo|income|cost|price|₦/);
    expect(body.tasks.overdue).toBe(2);
    expect(body.tasks.items.some((task) => task.title === 'Mend the fence')).toBe(false);
    expect(body.alerts).toEqual({ weather: 1, disease: 1, market: 1, low_stock: 0 });

    const viewer = DashboardSchema.parse((await dashboard('viewer')).body);
    expect(viewer.money!.this_month.income_kobo).toBe(2_000_000);
  });

  it('carries the owner’s Gona Pro banner as the subscription screen reads it, for the owner only', async () => {
    const free = DashboardSchema.parse((await dashboard()).body);
    expect(free.pro).toEqual({ state: 'free', grace_ends_at: null, inactive_workers: 0 });

    // A renewal that failed: Pro until the grace ends.
    const graceEnds = new Date(t.deps.now() + 5 * 86_400_000);
    await t.db.insert(farm_subscriptions).values({
      farm_id: team.farm.id,
      state: 'past_due',
      method: 'card_subscription',
      period_start: new Date(t.deps.now() - 365 * 86_400_000),
      period_end: new Date(t.deps.now() - 86_400_000),
      grace_ends_at: graceEnds,
    });
    const owner = DashboardSchema.parse((await dashboard()).body);
    const subscription = await t.request<Subscription>('GET', `${team.base}/subscription`, {
      cookie: team.cookies.owner,
    });
    expect(owner.pro).toEqual({
      state: subscription.body.state,
      grace_ends_at: subscription.body.grace_ends_at,
      inactive_workers: subscription.body.inactive_workers,
    });
    expect(owner.pro).toEqual({
      state: 'past_due',
      grace_ends_at: graceEnds.toISOString(),
      inactive_workers: 0,
    });

    for (const who of ['manager', 'worker', 'viewer'] as const)
      expect(DashboardSchema.parse((await dashboard(who)).body).pro).toBeUndefined();
  });

  it('refuses no session and another farm', async () => {
    expect((await t.request('GET', `${team.base}/dashboard`)).status).toBe(401);
    expect((await dashboard('stranger')).status).toBe(404);
    const malformed = await t.request('GET', '/api/farms/not-a-farm/dashboard', {
      cookie: team.cookies.owner,
    });
    expect([400, 404]).toContain(malformed.status);
  });
});
