import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type { Supply } from '@gona/shared/inventory';
import type {
  EventResult,
  GrowthLog,
  HealthRecord,
  Livestock,
  LivestockEvent,
  Production,
  TimelineEntry,
} from '@gona/shared/livestock';
import type { Page } from '@gona/shared/pagination';
import { audit_logs, livestock_events, supply_movements } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addLivestock, addSupply, GOAT } from './livestock.test-setup';

let t: TestContext;
let team: FarmTeam;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
});

const recordOn = <T>(
  animalId: string,
  what: string,
  body: unknown,
  cookie = team.cookies.worker,
  on = team,
) => t.request<T>('POST', `${on.base}/livestock/${animalId}/${what}`, { cookie, body });

async function stockOf(supplyId: string, on = team): Promise<string> {
  const res = await t.request<Supply>('GET', `${on.base}/supplies/${supplyId}`, { cookie: on.cookies.owner });
  return res.body.quantity;
}

describe('health records', () => {
  it('records a treatment that uses a store product once, even when sent again', async () => {
    const flock = await addLivestock(t, team, { name: 'Treated flock' });
    const drug = await addSupply(t, team, {
      category: 'veterinary',
      name: 'Oxytetracycline 20% LA',
      unit: 'litre',
      quantity: '2',
    });
    const body = {
      id: newId(),
      date: '2025-05-28',
      kind: 'treatment',
      condition: 'Chronic respiratory disease',
      supply_id: drug.id,
      quantity_used: '0.25',
      dose: '1 ml per litre',
      route: 'drinking_water',
      given_by: 'Musa',
      withdrawal_days: 7,
    };
    const first = await recordOn<HealthRecord>(flock.id, 'health-records', body);
    const again = await recordOn<HealthRecord>(flock.id, 'health-records', body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({
      product_name: 'Oxytetracycline 20% LA',
      quantity_used: '0.25',
      unit: 'litre',
      withdrawal_until: '2025-06-04',
    });
    expect(await stockOf(drug.id)).toBe('1.75');
    const moves = await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, drug.id));
    expect(moves.filter((m) => m.kind === 'used')).toMatchObject([
      { quantity: '-0.250', note: 'Health record: Treated flock' },
    ]);
    const audits = await t.db.select().from(audit_logs).where(eq(audit_logs.record_id, first.body.id));
    expect(audits).toMatchObject([
      { table_name: 'livestock_health_records', changes: { animal_name: 'Treated flock' } },
    ]);
  });

  it('uses the stock once when the same record is sent twice at the same moment', async () => {
    const flock = await addLivestock(t, team, { name: 'Raced flock' });
    const drug = await addSupply(t, team, {
      category: 'veterinary',
      name: 'Amprolium',
      unit: 'kg',
      quantity: '5',
    });
    const body = {
      id: newId(),
      date: '2025-05-28',
      kind: 'treatment',
      supply_id: drug.id,
      quantity_used: '1',
    };
    const answers = await Promise.all([1, 2, 3].map(() => recordOn(flock.id, 'health-records', body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await stockOf(drug.id)).toBe('4');
  });

  it('refuses a product use the stock cannot cover, and records nothing', async () => {
    const flock = await addLivestock(t, team, { name: 'Short flock' });
    const drug = await addSupply(t, team, {
      category: 'veterinary',
      name: 'Ivermectin',
      unit: 'litre',
      quantity: '0.1',
    });
    const id = newId();
    const res = await recordOn<ErrorBody>(flock.id, 'health-records', {
      id,
      date: '2025-05-28',
      kind: 'deworming',
      supply_id: drug.id,
      quantity_used: '0.5',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toEqual({ quantity_used: 'Only 0.1 left' });
    expect(await stockOf(drug.id)).toBe('0.1');
    const list = await t.request<Page<HealthRecord>>(
      'GET',
      `${team.base}/livestock/${flock.id}/health-records`,
      {
        cookie: team.cookies.viewer,
      },
    );
    expect(list.body.items).toEqual([]);
  });

  it('shows the latest withdrawal end still to come on the animal, and none once it has passed', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'WD-1' });
    const today = new Date().toISOString().slice(0, 10);
    const record = (date: string, days: number) =>
      recordOn(goat.id, 'health-records', { id: newId(), date, kind: 'treatment', withdrawal_days: days });
    await record('2020-01-01', 28);
    let animal = await t.request<Livestock>('GET', `${team.base}/livestock/${goat.id}`, {
      cookie: team.cookies.worker,
    });
    expect(animal.body.withdrawal_until).toBeNull();
    const res = await record(today, 21);
    const until = (res.body as HealthRecord).withdrawal_until!;
    await record(today, 3);
    animal = await t.request<Livestock>('GET', `${team.base}/livestock/${goat.id}`, {
      cookie: team.cookies.worker,
    });
    expect(animal.body.withdrawal_until).toBe(until);
    expect(until > today).toBe(true);
  });

  it('lists records latest date first, and pages them', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'LIST-1' });
    for (const date of ['2025-03-01', '2025-05-01', '2025-04-01'])
      await recordOn(goat.id, 'health-records', { id: newId(), date, kind: 'checkup' });
    const first = await t.request<Page<HealthRecord>>(
      'GET',
      `${team.base}/livestock/${goat.id}/health-records?limit=2`,
      { cookie: team.cookies.viewer },
    );
    expect(first.body.items.map((r) => r.date)).toEqual(['2025-05-01', '2025-04-01']);
    const next = await t.request<Page<HealthRecord>>(
      'GET',
      `${team.base}/livestock/${goat.id}/health-records?limit=2&cursor=${first.body.next_cursor}`,
      { cookie: team.cookies.viewer },
    );
    expect(next.body).toMatchObject({ items: [{ date: '2025-03-01' }], next_cursor: null });
  });

  it('keeps money from workers: a cost they send is refused, a cost recorded is not shown to them', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'COST-1' });
    const refused = await recordOn<ErrorBody>(goat.id, 'health-records', {
      id: newId(),
      date: '2025-05-28',
      kind: 'vaccination',
      cost_kobo: 50_000,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      cost_kobo: 'Only the owner or a manager records money; leave it empty',
    });
    await recordOn(
      goat.id,
      'health-records',
      { id: newId(), date: '2025-05-28', kind: 'vaccination', cost_kobo: 50_000, vet: 'Dr Bello' },
      team.cookies.manager,
    );
    const seen = (role: 'worker' | 'viewer') =>
      t.request<Page<HealthRecord>>('GET', `${team.base}/livestock/${goat.id}/health-records`, {
        cookie: team.cookies[role],
      });
    expect((await seen('worker')).body.items[0]).not.toHaveProperty('cost_kobo');
    expect((await seen('viewer')).body.items[0]?.cost_kobo).toBe(50_000);
  });

  it('answers 400 for bad input, 403 to a viewer and 404 for another farm', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'BAD-1' });
    const bad = await recordOn<ErrorBody>(goat.id, 'health-records', {
      id: 'not-an-id',
      date: '28/05/2025',
      kind: 'magic',
      withdrawal_days: -1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual([
      'date',
      'id',
      'kind',
      'withdrawal_days',
    ]);
    const viewer = await recordOn(
      goat.id,
      'health-records',
      { id: newId(), date: '2025-05-28', kind: 'checkup' },
      team.cookies.viewer,
    );
    expect(viewer.status).toBe(403);
    const other = await seedFarmTeam(t);
    const theirs = await addLivestock(t, other, { ...GOAT, tag: 'THEIRS' });
    const res = await recordOn(theirs.id, 'health-records', {
      id: newId(),
      date: '2025-05-28',
      kind: 'checkup',
    });
    expect(res.status).toBe(404);
    const theirDrug = await addSupply(t, other, {
      category: 'veterinary',
      name: 'Theirs',
      unit: 'litre',
      quantity: '1',
    });
    const foreign = await recordOn<ErrorBody>(goat.id, 'health-records', {
      id: newId(),
      date: '2025-05-28',
      kind: 'treatment',
      supply_id: theirDrug.id,
      quantity_used: '0.1',
    });
    expect(foreign.body.error.fields).toEqual({ supply_id: 'Choose the product from your store' });
    expect(await stockOf(theirDrug.id, other)).toBe('1');
  });
});

describe('growth logs', () => {
  it("records a group's average weight and how many were weighed, and lists them latest first", async () => {
    const flock = await addLivestock(t, team, { name: 'Broilers 9', species: 'chicken_broiler' });
    const res = await recordOn<GrowthLog>(flock.id, 'growth-logs', {
      id: newId(),
      date: '2025-06-12',
      weight_kg: '2.350',
      count_weighed: 20,
      body_condition_score: 3,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ weight_kg: '2.35', count_weighed: 20, body_condition_score: 3 });
    await recordOn(flock.id, 'growth-logs', { id: newId(), date: '2025-05-15', weight_kg: 0.6 });
    const list = await t.request<Page<GrowthLog>>('GET', `${team.base}/livestock/${flock.id}/growth-logs`, {
      cookie: team.cookies.viewer,
    });
    expect(list.body.items.map((g) => g.weight_kg)).toEqual(['2.35', '0.6']);
  });

  it('refuses a weight of nothing, a score past 5, and a count weighed for one animal', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'W-1' });
    const bad = await recordOn<ErrorBody>(goat.id, 'growth-logs', {
      id: newId(),
      date: '2025-06-12',
      weight_kg: '0',
      body_condition_score: 6,
    });
    expect(bad.body.error.fields).toEqual({
      weight_kg: 'Enter a weight more than 0',
      body_condition_score: 'Choose a score from 1 to 5',
    });
    const counted = await recordOn<ErrorBody>(goat.id, 'growth-logs', {
      id: newId(),
      date: '2025-06-12',
      weight_kg: '31.5',
      count_weighed: 4,
    });
    expect(counted.body.error.fields).toEqual({ count_weighed: 'One animal is weighed on its own' });
  });
});

describe('events', () => {
  it('never lets the head count go below zero under 10 deaths recorded at once', async () => {
    const flock = await addLivestock(t, team, { name: 'Small flock', head_count: 25 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordOn(flock.id, 'events', { id: newId(), date: '2025-05-28', kind: 'mortality', count: 3 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(8);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(2);
    expect((refused[0]!.body as ErrorBody).error.fields).toEqual({ count: 'Only 1 left' });
    const animal = await t.request<Livestock>('GET', `${team.base}/livestock/${flock.id}`, {
      cookie: team.cookies.owner,
    });
    expect(animal.body.head_count).toBe(1);
    const events = await t.db.select().from(livestock_events).where(eq(livestock_events.animal_id, flock.id));
    expect(events.reduce((total, e) => total + e.change, 0)).toBe(1);
    expect(events.map((e) => e.head_count_after).sort((a, b) => a - b)).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25,
    ]);
  });

  it('records an event sent twice once, and answers the count after it', async () => {
    const flock = await addLivestock(t, team, { name: 'Replay flock', head_count: 100 });
    const body = { id: newId(), date: '2025-05-28', kind: 'mortality', count: 2, cause: 'Heat stress' };
    const first = await recordOn<EventResult>(flock.id, 'events', body);
    const again = await recordOn<EventResult>(flock.id, 'events', body);
    expect(first.body.event).toMatchObject({
      kind: 'mortality',
      count: 2,
      head_count_after: 98,
      cause: 'Heat stress',
    });
    expect(again.body.event).toEqual(first.body.event);
    expect(again.body.animal.head_count).toBe(98);
  });

  it('marks one animal as died when it dies, and refuses a birth on it', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'D-1' });
    const birth = await recordOn<ErrorBody>(goat.id, 'events', {
      id: newId(),
      date: '2025-05-28',
      kind: 'birth',
      count: 2,
    });
    expect(birth.status).toBe(400);
    const died = await recordOn<EventResult>(goat.id, 'events', {
      id: newId(),
      date: '2025-05-28',
      kind: 'mortality',
      count: 1,
      cause: 'PPR',
    });
    expect(died.body.animal).toMatchObject({ head_count: 0, status: 'died' });
  });

  it('moves heads from one group to another of the same kind, with an event on each', async () => {
    const from = await addLivestock(t, team, { name: 'Pond A', species: 'catfish', head_count: 1000 });
    const to = await addLivestock(t, team, { name: 'Pond B', species: 'catfish', head_count: 200 });
    const layers = await addLivestock(t, team, { name: 'Not fish' });
    const res = await recordOn<EventResult>(from.id, 'events', {
      id: newId(),
      date: '2025-05-28',
      kind: 'transfer_out',
      count: 300,
      to_animal_id: to.id,
    });
    expect(res.body.event).toMatchObject({ kind: 'transfer_out', count: 300, other_animal_name: 'Pond B' });
    expect(res.body.animal.head_count).toBe(700);
    const target = await t.request<Page<LivestockEvent>>('GET', `${team.base}/livestock/${to.id}/events`, {
      cookie: team.cookies.viewer,
    });
    expect(target.body.items[0]).toMatchObject({
      kind: 'transfer_in',
      count: 300,
      head_count_after: 500,
      other_animal_name: 'Pond A',
    });
    const wrong = await recordOn<ErrorBody>(from.id, 'events', {
      id: newId(),
      date: '2025-05-28',
      kind: 'transfer_out',
      count: 1,
      to_animal_id: layers.id,
    });
    expect(wrong.body.error.fields).toEqual({ to_animal_id: 'Choose a group of the same kind of animal' });
  });

  it('keeps the sale price from workers', async () => {
    const flock = await addLivestock(t, team, { name: 'Sold flock', head_count: 10 });
    const refused = await recordOn<ErrorBody>(flock.id, 'events', {
      id: newId(),
      date: '2025-05-28',
      kind: 'sale',
      count: 2,
      price_kobo: 1_000_000,
    });
    expect(refused.status).toBe(400);
    await recordOn(
      flock.id,
      'events',
      { id: newId(), date: '2025-05-28', kind: 'sale', count: 2, price_kobo: 1_000_000 },
      team.cookies.owner,
    );
    const worker = await t.request<Page<LivestockEvent>>('GET', `${team.base}/livestock/${flock.id}/events`, {
      cookie: team.cookies.worker,
    });
    expect(worker.body.items[0]).not.toHaveProperty('price_kobo');
  });
});

describe('production', () => {
  it("gives the hen-day rate from the heads present at the end of that day, and the farm's eggs", async () => {
    const flock = await addLivestock(t, team, { name: 'Hen-day flock', head_count: 500 });
    const eggs = await recordOn<Production>(flock.id, 'production', {
      id: newId(),
      date: '2025-06-01',
      eggs_collected: 412,
      eggs_cracked: 6,
    });
    expect(eggs.status).toBe(201);
    expect(eggs.body).toMatchObject({ eggs_collected: 412, head_count_on_date: 500, hen_day_percent: 82.4 });
    await recordOn(flock.id, 'events', { id: newId(), date: '2025-06-01', kind: 'mortality', count: 3 });
    await recordOn(flock.id, 'events', { id: newId(), date: '2025-06-02', kind: 'mortality', count: 7 });
    const list = await t.request<Page<Production>>('GET', `${team.base}/livestock/${flock.id}/production`, {
      cookie: team.cookies.viewer,
    });
    expect(list.body.items[0]).toMatchObject({ head_count_on_date: 497, hen_day_percent: 82.9 });
  });

  it('uses the feed from the store once, even when sent again, and refuses a supply that is not feed', async () => {
    const flock = await addLivestock(t, team, { name: 'Fed flock' });
    const feed = await addSupply(t, team, {
      category: 'animal_feed',
      name: 'Layers mash',
      unit: 'bag_25kg',
      quantity: '40',
    });
    const body = { id: newId(), date: '2025-06-01', feed_supply_id: feed.id, feed_quantity: '2.5' };
    const first = await recordOn<Production>(flock.id, 'production', body);
    const again = await recordOn<Production>(flock.id, 'production', body);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({
      feed_name: 'Layers mash',
      feed_quantity: '2.5',
      feed_unit: 'bag_25kg',
    });
    expect(await stockOf(feed.id)).toBe('37.5');
    const fuel = await addSupply(t, team, {
      category: 'fuel',
      name: 'Diesel',
      unit: 'litre',
      quantity: '40',
    });
    const refused = await recordOn<ErrorBody>(flock.id, 'production', {
      id: newId(),
      date: '2025-06-01',
      feed_supply_id: fuel.id,
      feed_quantity: '1',
    });
    expect(refused.body.error.fields).toEqual({ feed_supply_id: 'Choose a feed from your store' });
    expect(await stockOf(fuel.id)).toBe('40');
  });
});

describe('timeline', () => {
  it('merges health, weighings, events and production by date, latest first, across pages', async () => {
    const goat = await addLivestock(t, team, {
      ...GOAT,
      tag: 'TL-1',
      acquisition: 'bought',
      acquired_on: '2025-01-05',
    });
    await recordOn(goat.id, 'health-records', { id: newId(), date: '2025-03-01', kind: 'deworming' });
    await recordOn(goat.id, 'growth-logs', { id: newId(), date: '2025-04-01', weight_kg: '21' });
    await recordOn(goat.id, 'production', { id: newId(), date: '2025-02-01', milk_litres: '0.8' });
    const read = (query: string) =>
      t.request<Page<TimelineEntry>>('GET', `${team.base}/livestock/${goat.id}/timeline${query}`, {
        cookie: team.cookies.worker,
      });
    const first = await read('?limit=3');
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((e) => [e.type, e.date])).toEqual([
      ['growth', '2025-04-01'],
      ['health', '2025-03-01'],
      ['production', '2025-02-01'],
    ]);
    const rest = await read(`?limit=3&cursor=${first.body.next_cursor}`);
    expect(rest.body).toMatchObject({ items: [{ type: 'event', date: '2025-01-05' }], next_cursor: null });
    // Each entry carries its record as the record's own list gives it (production with its heads).
    const listOf = async (path: string) =>
      (
        await t.request<Page<{ id: string }>>('GET', `${team.base}/livestock/${goat.id}/${path}`, {
          cookie: team.cookies.worker,
        })
      ).body.items;
    const [growth, health, production, events] = await Promise.all([
      listOf('growth-logs'),
      listOf('health-records'),
      listOf('production'),
      listOf('events'),
    ]);
    expect([...first.body.items, ...rest.body.items].map((e) => e.record)).toEqual([
      ...growth,
      ...health,
      ...production,
      ...events,
    ]);
    expect((await read('?cursor=nonsense')).status).toBe(400);
    const other = await seedFarmTeam(t);
    const theirs = await addLivestock(t, other, { ...GOAT, tag: 'TL-THEIRS' });
    const foreign = await t.request('GET', `${team.base}/livestock/${theirs.id}/timeline`, {
      cookie: team.cookies.owner,
    });
    expect(foreign.status).toBe(404);
  });
});
