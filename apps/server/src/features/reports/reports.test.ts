import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cash, Profit } from '@gona/shared/finance';
import type { LivestockSummary } from '@gona/shared/livestock';
import { ReportSchema, type Report } from '@gona/shared/reports';
import {
  crop_yield_predictions,
  inventory_alerts,
  orders,
  pay_run_lines,
  pay_runs,
  payouts,
  livestock_growth_logs,
  livestock_production,
  supplies,
  supply_movements,
  tasks,
} from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';

/**
 * The farm's report of March 2026 (Lagos time) against figures worked out by hand from what is
 * seeded here, the money section against the money screen's own answers, and who reads what.
 */

let t: TestContext;
let team: FarmTeam;
const ids: Record<string, string> = {};
const MARCH = '?from=2026-03-01&to=2026-03-31';

async function post<T = { id: string }>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await t.request<T>('POST', `${team.base}/${path}`, {
    cookie: team.cookies.owner,
    body: { id: newId(), ...body },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function report(query = MARCH, who: keyof FarmTeam['cookies'] = 'owner') {
  return t.request<Report>('GET', `${team.base}/reports${query}`, { cookie: team.cookies[who] });
}

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  const farmId = team.farm.id;

  // Layers: 100 bought on 1 February; 4 died on 10 March, 6 sold on 20 March for ₦12,000.
  ids.layers = (
    await post('livestock', {
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers A',
      head_count: 100,
      acquisition: 'bought',
      acquired_on: '2026-02-01',
    })
  ).id;
  await post(`livestock/${ids.layers}/events`, { date: '2026-03-10', kind: 'mortality', count: 4 });
  await post(`livestock/${ids.layers}/events`, {
    date: '2026-03-20',
    kind: 'sale',
    count: 6,
    price_kobo: 1_200_000,
  });
  // Goats: 10 bought in January, 3 kids born on 5 March.
  ids.goats = (
    await post('livestock', {
      kind: 'group',
      species: 'goat',
      name: 'Goats',
      head_count: 10,
      acquisition: 'bought',
      acquired_on: '2026-01-05',
    })
  ).id;
  await post(`livestock/${ids.goats}/events`, { date: '2026-03-05', kind: 'birth', count: 3 });
  // Eggs: 80 on 9 March (100 hens), 72 on 10 March (96 hens at the day's end); outside: 28 Feb, 1 Apr.
  const production = (date: string, values: Record<string, unknown>) => ({
    id: newId(),
    farm_id: farmId,
    animal_id: ids.layers!,
    date,
    ...values,
  });
  await t.db.insert(livestock_production).values([
    production('2026-02-28', { eggs_collected: 90 }),
    production('2026-03-09', { eggs_collected: 80, eggs_cracked: 2 }),
    production('2026-03-10', { eggs_collected: 72, eggs_cracked: 1 }),
    production('2026-04-01', { eggs_collected: 85 }),
    // 2 bags of 25 kg of feed: 50 kg.
    production('2026-03-15', { feed_name: 'Layer mash', feed_quantity: '2', feed_unit: 'bag_25kg' }),
  ]);
  // Weighed at 1.5 kg on 1 March and 1.7 kg on 31 March: 0.2 kg × 90 hens = 18 kg gained.
  await t.db.insert(livestock_growth_logs).values([
    {
      id: newId(),
      farm_id: farmId,
      animal_id: ids.layers,
      date: '2026-03-01',
      weight_kg: '1.5',
      count_weighed: 10,
    },
    {
      id: newId(),
      farm_id: farmId,
      animal_id: ids.layers,
      date: '2026-03-31',
      weight_kg: '1.7',
      count_weighed: 10,
    },
  ]);

  // Money: ₦45,000.50 of feed for the layers, ₦12,345.67 for the farm on 31 March, ₦99 on 1 April;
  // 30 crates of eggs sold for ₦30,000.
  await post('expenses', {
    date: '2026-03-05',
    category: 'feed',
    amount_kobo: 4_500_050,
    payment_method: 'cash',
    allocations: [{ animal_id: ids.layers }],
  });
  await post('expenses', {
    date: '2026-03-31',
    category: 'fuel',
    amount_kobo: 1_234_567,
    payment_method: 'cash',
  });
  await post('expenses', {
    date: '2026-04-01',
    category: 'fuel',
    amount_kobo: 9_900,
    payment_method: 'cash',
  });
  await post('sales', {
    date: '2026-03-20',
    product: 'Eggs',
    quantity: '30',
    unit: 'crate',
    amount_kobo: 3_000_000,
    paid_kobo: 3_000_000,
    animal_id: ids.layers,
  });

  // Maize: 2.5 ha planted on 2 March, 10 bags of 100 kg harvested on 25 March (predicted 2 t);
  // 1.5 ha planted in January, 900 kg harvested on 28 March.
  ids.maize = (
    await post('crops', {
      crop_key: 'maize',
      area_planted: '2.5',
      season: 'main',
      planting_date: '2026-03-02',
    })
  ).id;
  ids.oldMaize = (
    await post('crops', {
      crop_key: 'maize',
      area_planted: '1.5',
      season: 'main',
      planting_date: '2026-01-10',
    })
  ).id;
  await post(`crops/${ids.maize}/harvests`, {
    date: '2026-03-25',
    quantity: '10',
    unit: 'bag_100kg',
    destination: 'sold',
  });
  await post(`crops/${ids.oldMaize}/harvests`, {
    date: '2026-03-28',
    quantity: '900',
    unit: 'kg',
    destination: 'sold',
  });
  await t.db.insert(crop_yield_predictions).values({
    farm_id: farmId,
    crop_id: ids.maize,
    prediction_date: '2026-03-03',
    predicted_yield: 2,
    low: 1.5,
    high: 2.5,
    confidence_score: 0.6,
    factors: [],
  } as never);

  // Layer mash: 10 bags at ₦12,500 from 15 February; 5 received at 00:30 on 1 March in Lagos
  // (23:30 UTC the day before), 3 used on 15 March, 4 used at 00:30 on 1 April in Lagos.
  ids.mash = (
    await post('supplies', {
      category: 'animal_feed',
      name: 'Layer mash',
      unit: 'bag_25kg',
      quantity: '10',
      low_threshold: '12',
      unit_cost_kobo: 1_250_000,
    })
  ).id;
  const move = async (kind: string, quantity: string, at: string) => {
    const id = newId();
    await post(`supplies/${ids.mash}/movements`, { id, kind, quantity });
    await t.db
      .update(supply_movements)
      .set({ created_at: new Date(at) })
      .where(eq(supply_movements.id, id));
  };
  await t.db
    .update(supply_movements)
    .set({ created_at: new Date('2026-02-15T09:00:00Z') })
    .where(eq(supply_movements.supply_id, ids.mash));
  await t.db
    .update(supplies)
    .set({ created_at: new Date('2026-02-15T09:00:00Z') })
    .where(eq(supplies.id, ids.mash));
  await move('received', '5', '2026-02-28T23:30:00Z');
  await move('used', '3', '2026-03-15T10:00:00Z');
  await move('used', '4', '2026-03-31T23:30:00Z');
  // The stock fell to 12 of 12 on 15 March: low.
  await t.db
    .update(inventory_alerts)
    .set({ created_at: new Date('2026-03-15T10:00:00Z') })
    .where(eq(inventory_alerts.supply_id, ids.mash));

  // Tasks due in March: one done that evening (22:30 UTC is 23:30 in Lagos), one done at 00:30 the
  // next day in Lagos (late), one skipped, one still open; a vaccination of the layers never done.
  const task = (values: Partial<typeof tasks.$inferInsert>) => ({
    id: newId(),
    farm_id: farmId,
    title: 'Work',
    type: 'other' as const,
    due_date: '2026-03-10',
    ...values,
  });
  await t.db
    .insert(tasks)
    .values([
      task({ status: 'done', completed_at: new Date('2026-03-10T22:30:00Z') }),
      task({ status: 'done', completed_at: new Date('2026-03-10T23:30:00Z') }),
      task({ status: 'skipped', completed_at: new Date('2026-03-11T08:00:00Z') }),
      task({ due_date: '2026-03-20' }),
      task({ type: 'vaccination', due_date: '2026-03-12', livestock_id: ids.layers }),
      task({ due_date: '2026-04-01' }),
    ]);
}, 60_000);

describe('a farm report against figures worked out by hand', () => {
  it('counts money to the kobo, as the money screen does', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    const money = ReportSchema.parse(res.body).money!;
    expect(money.income_kobo).toBe(3_000_000);
    expect(money.costs_kobo).toBe(4_500_050 + 1_234_567);
    expect(money.margin_kobo).toBe(3_000_000 - 5_734_617);
    expect(money.costs_by_category).toEqual([
      { category: 'feed', total_kobo: 4_500_050 },
      { category: 'fuel', total_kobo: 1_234_567 },
    ]);
    expect(money.cash).toEqual([{ month: '2026-03', in_kobo: 3_000_000, out_kobo: 5_734_617 }]);

    const [profit, cash] = await Promise.all([
      t.request<Profit>('GET', `${team.base}/money/profit${MARCH}`, { cookie: team.cookies.owner }),
      t.request<Cash>('GET', `${team.base}/money/cash${MARCH}`, { cookie: team.cookies.owner }),
    ]);
    expect(money.income_kobo).toBe(profit.body.income_kobo);
    expect(money.costs_kobo).toBe(profit.body.costs_kobo);
    expect(money.enterprises.map((e) => [e.id, e.margin_kobo])).toEqual(
      profit.body.enterprises.map((e) => [e.id, e.margin_kobo]),
    );
    expect(money.cash).toEqual(cash.body.months);
  });

  it('counts eggs and hen-day %, heads, deaths, mortality and feed conversion', async () => {
    const { production, livestock } = ReportSchema.parse((await report()).body);
    expect(production.eggs).toBe(152);
    expect(production.eggs_cracked).toBe(3);
    // 152 eggs ÷ (100 + 96) hen-days.
    expect(production.hen_day_percent).toBe(77.6);
    expect(production.by_month).toEqual([
      { month: '2026-03', eggs: 152, milk_litres: '0', fish_kg: '0', harvest_kg: '1900' },
    ]);
    const layers = livestock!.animals.find((a) => a.id === ids.layers)!;
    expect(layers).toMatchObject({
      heads_start: 100,
      heads_end: 90,
      deaths: 4,
      sold: 6,
      sold_kobo: 1_200_000,
      // 4 ÷ (4 + 90).
      mortality_percent: 4.3,
      feed_kg: '50',
      // 50 kg ÷ 18 kg gained.
      feed_conversion: 2.78,
    });
    const goats = livestock!.animals.find((a) => a.id === ids.goats)!;
    expect(goats).toMatchObject({ heads_start: 10, heads_end: 13, births: 3, deaths: 0 });
    expect(livestock).toMatchObject({ heads_start: 110, heads_end: 103, deaths: 4, births: 3, sold: 6 });
    expect(livestock!.vaccinations).toEqual({ done: 0, late: 0, missed: 1, upcoming: 0 });
  });

  it('counts area planted, yield per hectare and the prediction', async () => {
    const { crops } = ReportSchema.parse((await report()).body);
    expect(crops!.crops).toEqual([
      {
        crop_key: 'maize',
        name: 'Maize',
        plantings: 1,
        area_ha: '2.5',
        harvest_kg: '1900',
        harvested_area_ha: '4',
        // 1,900 kg ÷ 4 ha.
        yield_kg_per_ha: 475,
        predicted_kg: 2000,
      },
    ]);
  });

  it('counts the growth stages of the period as each planting’s timeline does', async () => {
    const { crops } = ReportSchema.parse((await report()).body);
    const expected = { on_time: 0, late: 0, not_recorded: 0 };
    for (const id of [ids.maize, ids.oldMaize]) {
      const timeline = await t.request<{ items: { expected_date: string; timing: string }[] }>(
        'GET',
        `${team.base}/crops/${id}/timeline`,
        { cookie: team.cookies.owner },
      );
      for (const stage of timeline.body.items) {
        if (stage.expected_date < '2026-03-01' || stage.expected_date > '2026-03-31') continue;
        if (stage.timing === 'late') expected.late += 1;
        else if (stage.timing === 'not_recorded') expected.not_recorded += 1;
        else if (stage.timing !== 'upcoming') expected.on_time += 1;
      }
    }
    expect(expected.on_time + expected.late + expected.not_recorded).toBeGreaterThan(0);
    expect(crops!.stages).toEqual(expected);
  });

  it('values stock at both ends of the period in Lagos time', async () => {
    const { inventory } = ReportSchema.parse((await report()).body);
    const mash = inventory!.supplies.find((s) => s.id === ids.mash)!;
    // 10 at the start (the 5 received at 00:30 Lagos on 1 March are in March), 12 at the end (the
    // 4 used at 00:30 Lagos on 1 April are not).
    expect(mash).toMatchObject({
      start: '10',
      end: '12',
      received: '5',
      used: '3',
      ran_low: true,
      value_start_kobo: 12_500_000,
      value_end_kobo: 15_000_000,
      value_used_kobo: 3_750_000,
    });
    expect(inventory!.value).toEqual({ start_kobo: 12_500_000, end_kobo: 15_000_000, used_kobo: 3_750_000 });
    // February alone: 10 from 15 February, nothing in it after.
    const feb = ReportSchema.parse((await report('?from=2026-02-01&to=2026-02-28')).body);
    expect(feb.inventory!.supplies.find((s) => s.id === ids.mash)).toMatchObject({
      start: '0',
      end: '10',
      ran_low: false,
    });
  });

  it('counts tasks done on their day in Lagos time, done late, skipped and left open', async () => {
    const { work } = ReportSchema.parse((await report()).body);
    expect(work.tasks).toEqual({ due: 5, done: 1, done_late: 1, skipped: 1, open_late: 2, open: 0 });
    expect(work.pay).toEqual({ runs_paid: 0, paid_kobo: 0, casual_kobo: 0 });
  });

  it('narrows to one enterprise', async () => {
    const res = await report(`${MARCH}&scope=animal:${ids.layers}`);
    const body = ReportSchema.parse(res.body);
    expect(body.scope).toEqual({ kind: 'animal', id: ids.layers, name: 'Layers A' });
    expect(body.money).toMatchObject({
      income_kobo: 3_000_000,
      costs_kobo: 4_500_050,
      cash: null,
      owed: null,
    });
    expect(body.livestock!.animals.map((a) => a.id)).toEqual([ids.layers]);
    expect(body.crops).toBeNull();
    expect(body.inventory).toBeNull();
    expect(body.marketplace).toBeNull();
    expect(body.work.tasks.due).toBe(1);
    expect(body.production.harvest_kg).toBe('0');

    const crop = ReportSchema.parse((await report(`${MARCH}&scope=crop:${ids.maize}`)).body);
    expect(crop.livestock).toBeNull();
    expect(crop.crops!.crops[0]).toMatchObject({ harvest_kg: '1000', yield_kg_per_ha: 400 });
    expect(crop.production.eggs).toBe(0);
  });
});

describe('attendance, pay and the marketplace', () => {
  it('counts days marked, wages paid and completed orders in the period, in Lagos time', async () => {
    const staff = await post('staff', {
      first_name: 'Ƙasimu',
      last_name: 'Ɓello',
      job: 'herdsman',
      employment_type: 'permanent',
    });
    for (const [date, status] of [
      ['2026-03-02', 'present'],
      ['2026-03-03', 'half_day'],
      ['2026-03-04', 'absent'],
      ['2026-04-01', 'present'],
    ] as const) {
      const res = await t.request('PUT', `${team.base}/attendance`, {
        cookie: team.cookies.owner,
        body: { date, marks: [{ staff_id: staff.id, status }] },
      });
      expect(res.status, res.text).toBe(200);
    }
    const farmId = team.farm.id;
    const [run] = await t.db
      .insert(pay_runs)
      .values({
        farm_id: farmId,
        period_start: '2026-03-01',
        period_end: '2026-03-15',
        status: 'paid',
        paid_on: '2026-03-16',
        payment_method: 'cash',
      })
      .returning();
    await t.db.insert(pay_run_lines).values([
      {
        farm_id: farmId,
        pay_run_id: run!.id,
        name: 'Ƙasimu Ɓello',
        computed_kobo: 2_500_000,
        amount_kobo: 2_450_050,
      },
      {
        farm_id: farmId,
        pay_run_id: run!.id,
        name: 'Day labour',
        computed_kobo: 600_000,
        amount_kobo: 600_000,
      },
    ]);
    // Two orders completed: at 00:30 on 1 March in Lagos (in March) and at 00:30 on 1 April (not).
    const order = (completedAt: string, subtotal: number) => ({
      farm_id: farmId,
      title: 'Eggs',
      seller_name: 'Farm',
      status: 'completed' as const,
      quantity: '10',
      unit: 'crate' as const,
      unit_price_kobo: subtotal / 10,
      subtotal_kobo: subtotal,
      delivery: 'pickup' as const,
      total_kobo: subtotal,
      commission_kobo: subtotal / 20,
      buyer_phone: '+2348030000000',
      reference: `r-${newId()}`,
      expires_at: new Date(completedAt),
      completed_at: new Date(completedAt),
      created_at: new Date(completedAt),
    });
    const [inMarch] = await t.db
      .insert(orders)
      .values([order('2026-02-28T23:30:00Z', 2_000_000), order('2026-03-31T23:30:00Z', 4_000_000)])
      .returning();
    await t.db.insert(payouts).values({
      order_id: inMarch!.id,
      farm_id: farmId,
      amount_kobo: 1_900_000,
      status: 'paid',
      paid_at: new Date('2026-03-05T10:00:00Z'),
    });

    const { work, marketplace } = ReportSchema.parse((await report()).body);
    expect(work.attendance).toEqual({
      present: 1,
      half: 1,
      absent: 1,
      staff: [{ name: 'Ƙasimu Ɓello', present: 1, half: 1, absent: 1 }],
    });
    expect(work.pay).toEqual({ runs_paid: 1, paid_kobo: 3_050_050, casual_kobo: 0 });
    expect(marketplace).toEqual({
      orders: 1,
      by_status: [{ status: 'completed', orders: 1 }],
      completed: 1,
      sales_kobo: 2_000_000,
      commission_kobo: 100_000,
      payouts_kobo: 1_900_000,
    });
  });
});

describe('the report beside the livestock screen', () => {
  it('counts this month’s deaths and mortality as the livestock summary does', async () => {
    const summary = await t.request<LivestockSummary>('GET', `${team.base}/livestock/summary`, {
      cookie: team.cookies.owner,
    });
    const today = summary.body.today;
    await post(`livestock/${ids.goats}/events`, { date: today, kind: 'mortality', count: 1 });
    const after = (
      await t.request<LivestockSummary>('GET', `${team.base}/livestock/summary`, {
        cookie: team.cookies.owner,
      })
    ).body;
    const month = ReportSchema.parse((await report(`?from=${today.slice(0, 8)}01&to=${today}`)).body);
    expect(month.livestock!.deaths).toBe(after.deaths_this_month);
    expect(month.livestock!.heads_end).toBe(after.head_count);
    expect(month.livestock!.mortality_percent).toBe(after.mortality_percent);
  });
});

describe('who reads a report', () => {
  it('refuses no session, another farm and malformed periods in plain words', async () => {
    expect((await t.request('GET', `${team.base}/reports${MARCH}`)).status).toBe(401);
    expect((await report(MARCH, 'stranger')).status).toBe(404);
    const backwards = await report('?from=2026-03-31&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('The end of the period cannot be before its start');
    expect((await report('?from=2026-03-01')).status).toBe(400);
    expect((await report(`${MARCH}&scope=goats`)).status).toBe(400);
    const gone = await report(`${MARCH}&scope=animal:${newId()}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('not on this farm');
  });

  it('gives workers every count and no money; viewers read the money', async () => {
    const worker = await report(MARCH, 'worker');
    expect(worker.status).toBe(200);
    const body = ReportSchema.parse(worker.body);
    expect(body.money).toBeUndefined();
    expect(body.marketplace).toBeUndefined();
    expect(body.inventory!.value).toBeUndefined();
    expect(body.work.attendance).toBeUndefined();
    expect(body.work.pay).toBeUndefined();
    expect(body.production.hen_day_percent).toBe(77.6);
    expect(JSON.stringify(worker.body)).not.toMatch(/kobo|income|cost|price|commission|₦/);

    const viewer = ReportSchema.parse((await report(MARCH, 'viewer')).body);
    expect(viewer.money!.income_kobo).toBe(3_000_000);
    expect(viewer.inventory!.value!.end_kobo).toBe(15_000_000);
  });
});
