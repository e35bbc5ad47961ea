import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@gona/shared';
import type {
  CarePlan,
  CarePlanResult,
  CareProgramme,
  HealthRecord,
  LivestockSummary,
} from '@gona/shared/livestock';
import type { Page } from '@gona/shared/pagination';
import type { TaskWithPhotos } from '@gona/shared/tasks';
import { supply_movements, tasks } from '../../db/schema/index';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addLivestock, addSupply, GOAT } from './livestock.test-setup';

let t: TestContext;
let team: FarmTeam;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos');
});

/** A flock of day-old chicks that came today (hatched today). */
const dayOldFlock = (species: string, name: string) => ({
  species,
  name,
  head_count: 500,
  acquired_on: today,
  age_at_acquisition: 0,
  age_unit: 'days',
});

const planOf = (animalId: string, cookie = team.cookies.worker, on = team) =>
  t.request<CarePlan>('GET', `${on.base}/livestock/${animalId}/care-plan`, { cookie });
const accept = (animalId: string, programme_key: string, cookie = team.cookies.manager, on = team) =>
  t.request<CarePlanResult>('POST', `${on.base}/livestock/${animalId}/care-plan`, {
    cookie,
    body: { programme_key },
  });

describe('care programmes', () => {
  it('lists the built-in programmes with their sources to every member', async () => {
    const res = await t.request<{ items: CareProgramme[] }>('GET', `${team.base}/care-programmes`, {
      cookie: team.cookies.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((programme) => programme.key)).toEqual([
      'broiler',
      'layer',
      'small_ruminant',
      'cattle',
      'pig',
    ]);
    const broiler = res.body.items[0]!;
    expect(broiler.source.organisation).not.toBe('');
    expect(broiler.steps.find((step) => step.key === 'ibd_1')).toMatchObject({
      offset_days: 14,
      kind: 'vaccination',
    });
    expect(broiler.customised).toBe(false);
  });

  it("keeps a farm's own steps for itself, refuses a stale save, and restores the built-in ones", async () => {
    const own = await seedFarmTeam(t);
    const url = `${own.base}/care-programmes/broiler`;
    const steps = [
      { key: 'nd_ib_1', offset_days: 5, kind: 'vaccination', title: 'Newcastle + IB, eye drop' },
      { key: 'ibd_1', offset_days: 12, kind: 'vaccination', title: 'Gumboro' },
    ];
    const saved = await t.request<CareProgramme>('PUT', url, {
      cookie: own.cookies.manager,
      body: { steps, version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ customised: true, version: 1 });
    expect(saved.body.steps.map((step) => step.offset_days)).toEqual([5, 12]);
    const stale = await t.request<ErrorBody>('PUT', url, {
      cookie: own.cookies.owner,
      body: { steps, version: 0 },
    });
    expect(stale.status).toBe(409);
    // Another farm still sees the built-in steps.
    const elsewhere = await t.request<{ items: CareProgramme[] }>('GET', `${team.base}/care-programmes`, {
      cookie: team.cookies.owner,
    });
    expect(elsewhere.body.items[0]!.steps).toHaveLength(6);
    const restored = await t.request<CareProgramme>('DELETE', url, { cookie: own.cookies.owner });
    expect(restored.body).toMatchObject({ customised: false, version: 0 });
    expect(restored.body.steps).toHaveLength(6);
  });

  it('refuses workers and viewers, strangers, unknown programmes and malformed steps', async () => {
    const url = `${team.base}/care-programmes/broiler`;
    const body = { steps: [{ key: 'a', offset_days: 1, kind: 'vaccination', title: 'X' }] };
    expect((await t.request('PUT', url, { cookie: team.cookies.worker, body })).status).toBe(403);
    expect((await t.request('PUT', url, { cookie: team.cookies.viewer, body })).status).toBe(403);
    expect((await t.request('GET', `${team.base}/care-programmes`)).status).toBe(401);
    const stranger = await seedFarmTeam(t);
    expect(
      (await t.request('GET', `${team.base}/care-programmes`, { cookie: stranger.cookies.owner })).status,
    ).toBe(404);
    expect(
      (await t.request('PUT', `${team.base}/care-programmes/unicorn`, { cookie: team.cookies.owner, body }))
        .status,
    ).toBe(404);
    const bad = await t.request<ErrorBody>('PUT', url, {
      cookie: team.cookies.owner,
      body: { steps: [{ key: 'a', offset_days: -3, kind: 'magic', title: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.error.fields ?? {}).join(' ')).toContain('day of age from 0');
  });
});

describe('care plans', () => {
  it("lays a broiler flock's programme on its hatching day and plans it once", async () => {
    const flock = await addLivestock(t, team, dayOldFlock('chicken_broiler', 'Broilers batch 3'));
    const plan = await planOf(flock.id);
    expect(plan.status).toBe(200);
    expect(plan.body.programme?.key).toBe('broiler');
    expect(plan.body.anchor_date).toBe(today);
    expect(plan.body.steps.find((step) => step.key === 'ibd_1')).toMatchObject({
      due_date: addDays(today, 14),
      past: false,
      planned: false,
    });

    const first = await accept(flock.id, 'broiler');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 6, existing: 0, past: 0 });
    const again = await accept(flock.id, 'broiler', team.cookies.owner);
    expect(again.body).toEqual({ created: 0, existing: 6, past: 0 });
    const made = await t.db
      .select({ title: tasks.title, type: tasks.type, due_date: tasks.due_date, priority: tasks.priority })
      .from(tasks)
      .where(and(eq(tasks.farm_id, team.farm.id), eq(tasks.livestock_id, flock.id)));
    expect(made).toHaveLength(6);
    expect(made).toContainEqual({
      title: 'Gumboro (IBD) vaccine, 1st dose',
      type: 'vaccination',
      due_date: addDays(today, 14),
      priority: 'high',
    });
    expect((await planOf(flock.id)).body.steps.every((step) => step.planned)).toBe(true);

    const summary = await t.request<LivestockSummary>('GET', `${team.base}/livestock/summary`, {
      cookie: team.cookies.viewer,
    });
    expect(summary.body.upcoming_vaccinations[0]).toMatchObject({
      title: 'Newcastle and infectious bronchitis vaccine, 1st dose',
      due_date: addDays(today, 7),
      animal_id: flock.id,
      animal_name: 'Broilers batch 3',
    });
  });

  it('leaves out steps already past, and moves a repeating step to its next day', async () => {
    // Pullets that came at 10 weeks: the early vaccines are the hatchery's and the rearer's.
    const pullets = await addLivestock(t, team, {
      species: 'chicken_layer',
      name: 'Point-of-lay pullets',
      acquired_on: today,
      age_at_acquisition: 10,
      age_unit: 'weeks',
    });
    const plan = (await planOf(pullets.id)).body;
    expect(plan.anchor_date).toBe(addDays(today, -70));
    expect(plan.steps.find((step) => step.key === 'ibd_1')?.past).toBe(true);
    const deworm = plan.steps.find((step) => step.key === 'deworm')!;
    // Every 60 days from day 56: day 116 is the next one from day 70.
    expect(deworm).toMatchObject({ past: false, due_date: addDays(today, 46) });
    const result = await accept(pullets.id, 'layer');
    expect(result.body.past).toBe(plan.steps.filter((step) => step.past).length);
    expect(result.body.created).toBe(plan.steps.filter((step) => !step.past).length);
  });

  it('answers no programme where none fits, and asks for the age when the record lacks it', async () => {
    const catfish = await addLivestock(t, team, { species: 'catfish', name: 'Pond B', housing: 'pond' });
    expect((await planOf(catfish.id)).body).toEqual({ programme: null, anchor_date: null, steps: [] });
    const flock = await addLivestock(t, team, { species: 'chicken_broiler', name: 'Age unknown' });
    expect((await planOf(flock.id)).body).toMatchObject({ anchor_date: null, steps: [] });
    const refused = await accept(flock.id, 'broiler');
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as ErrorBody).error.fields?.programme_key).toContain('date of birth');
    const wrong = await accept(flock.id, 'small_ruminant');
    expect(wrong.status).toBe(400);
  });

  it('refuses workers, viewers, strangers and malformed input', async () => {
    const goat = await addLivestock(t, team, GOAT);
    expect((await accept(goat.id, 'small_ruminant', team.cookies.worker)).status).toBe(403);
    expect((await accept(goat.id, 'small_ruminant', team.cookies.viewer)).status).toBe(403);
    expect((await t.request('GET', `${team.base}/livestock/${goat.id}/care-plan`)).status).toBe(401);
    const stranger = await seedFarmTeam(t);
    expect((await planOf(goat.id, stranger.cookies.owner)).status).toBe(404);
    expect((await planOf(goat.id, stranger.cookies.owner, stranger)).status).toBe(404);
    const malformed = await t.request('POST', `${team.base}/livestock/${goat.id}/care-plan`, {
      cookie: team.cookies.owner,
      body: { programme_key: 42 },
    });
    expect(malformed.status).toBe(400);
    expect((await planOf('not-a-uuid')).status).toBe(400);
  });

  it('drops the open planned work of a flock that is sold or deleted, and keeps what was done', async () => {
    const flock = await addLivestock(t, team, dayOldFlock('chicken_broiler', 'Sold early'));
    await accept(flock.id, 'broiler');
    const [done] = await t.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.livestock_id, flock.id), eq(tasks.due_date, today)));
    await t.request('POST', `${team.base}/tasks/${done!.id}/complete`, {
      cookie: team.cookies.owner,
      body: {},
    });
    const sold = await t.request('POST', `${team.base}/livestock/${flock.id}/events`, {
      cookie: team.cookies.owner,
      body: { id: newId(), date: today, kind: 'sale', count: 500 },
    });
    expect(sold.status).toBe(201);
    const left = await t.db
      .select({ status: tasks.status })
      .from(tasks)
      .where(eq(tasks.livestock_id, flock.id));
    expect(left).toEqual([{ status: 'done' }]);
  });
});

describe('completing a vaccination task', () => {
  it('writes the health record of its flock once, using the vaccine from the store once', async () => {
    const flock = await addLivestock(t, team, dayOldFlock('chicken_broiler', 'Vaccinated batch'));
    await accept(flock.id, 'broiler');
    const [task] = await t.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.livestock_id, flock.id), eq(tasks.due_date, addDays(today, 7))));
    const vaccine = await addSupply(t, team, {
      category: 'veterinary',
      name: 'Lasota + IB vaccine',
      unit: 'piece',
      quantity: '10',
    });
    const body = {
      note: 'All birds drank it by 9 am',
      records: [
        { kind: 'livestock_health', supply_id: vaccine.id, quantity_used: '1', dose: '1 vial per 500' },
      ],
    };
    const url = `${team.base}/tasks/${task!.id}/complete`;
    const done = await t.request<TaskWithPhotos>('POST', url, { cookie: team.cookies.worker, body });
    expect(done.status).toBe(200);
    expect(done.body.livestock).toEqual({ id: flock.id, name: 'Vaccinated batch' });
    await t.request('POST', url, { cookie: team.cookies.worker, body });

    const health = await t.request<Page<HealthRecord>>(
      'GET',
      `${team.base}/livestock/${flock.id}/health-records`,
      {
        cookie: team.cookies.owner,
      },
    );
    expect(health.body.items).toHaveLength(1);
    expect(health.body.items[0]).toMatchObject({
      date: today,
      kind: 'vaccination',
      condition: 'Newcastle and infectious bronchitis vaccine, 1st dose',
      supply_id: vaccine.id,
      quantity_used: '1',
      dose: '1 vial per 500',
    });
    const uses = await t.db.select().from(supply_movements).where(eq(supply_movements.supply_id, vaccine.id));
    expect(uses.filter((movement) => movement.kind === 'used')).toHaveLength(1);
  });

  it('refuses a health record for a task that is not about an animal, writing nothing', async () => {
    const task = await t.request<TaskWithPhotos>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.owner,
      body: { title: 'Vaccinate the dogs', type: 'vaccination', due_date: today },
    });
    const res = await t.request<ErrorBody>('POST', `${team.base}/tasks/${task.body.id}/complete`, {
      cookie: team.cookies.owner,
      body: { records: [{ kind: 'livestock_health' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.records).toBe('This task is not about an animal or group');
    const after = await t.request<TaskWithPhotos>('GET', `${team.base}/tasks/${task.body.id}`, {
      cookie: team.cookies.owner,
    });
    expect(after.body.status).toBe('open');
  });

  it("links a task to the farm's own animal only, and lists an animal's tasks", async () => {
    const other = await seedFarmTeam(t);
    const theirs = await addLivestock(t, other, { name: 'Not yours' });
    const refused = await t.request<ErrorBody>('POST', `${team.base}/tasks`, {
      cookie: team.cookies.owner,
      body: { title: 'Weigh', type: 'other', due_date: today, livestock_id: theirs.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.livestock_id).toBe('Choose an animal or group from the list');
    const mine = await addLivestock(t, team, { name: 'Weighed flock' });
    await t.request('POST', `${team.base}/tasks`, {
      cookie: team.cookies.owner,
      body: { title: 'Weigh 20 birds', type: 'other', due_date: today, livestock_id: mine.id },
    });
    const about = await t.request<{ open: TaskWithPhotos[] }>(
      'GET',
      `${team.base}/tasks/about?livestock_id=${mine.id}`,
      { cookie: team.cookies.viewer },
    );
    expect(about.body.open.map((task) => task.title)).toEqual(['Weigh 20 birds']);
  });
});
