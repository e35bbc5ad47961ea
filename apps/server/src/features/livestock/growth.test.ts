import { beforeAll, describe, expect, it } from 'vitest';
import { targetAt, type AnimalGrowthTarget } from '@gona/shared/livestock';
import { addDays, dateIn } from '../../lib/farm-time';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { addLivestock, GOAT } from './livestock.test-setup';

let t: TestContext;
let team: FarmTeam;
let today: string;

beforeAll(async () => {
  t = await createTestContext();
  team = await seedFarmTeam(t);
  today = dateIn('Africa/Lagos');
});

const targetOf = (animalId: string, cookie = team.cookies.viewer, on = team) =>
  t.request<AnimalGrowthTarget>('GET', `${on.base}/livestock/${animalId}/growth-target`, { cookie });

describe('growth targets', () => {
  it('gives a broiler flock hatched 42 days ago the broiler curve, counted from its hatching', async () => {
    const flock = await addLivestock(t, team, {
      species: 'chicken_broiler',
      name: 'Broilers batch 7',
      purpose: 'meat',
      acquired_on: addDays(today, -42),
      age_at_acquisition: 0,
      age_unit: 'days',
    });
    const res = await targetOf(flock.id);
    expect(res.status).toBe(200);
    expect(res.body.anchor_date).toBe(addDays(today, -42));
    const target = res.body.growth_target!;
    expect(target.species).toBe('chicken_broiler');
    expect(target.source.title).toMatch(/not yet checked/);
    expect(target.note).not.toBe('');
    expect(targetAt(target.points, 42)).toEqual({ low_kg: 2.0, high_kg: 2.5 });
    expect(targetAt(target.points, 0)!.high_kg).toBeLessThan(0.05);
  });

  it('counts from the age when it came, in weeks', async () => {
    const pullets = await addLivestock(t, team, {
      name: 'Pullets from Zartech',
      acquired_on: '2025-05-01',
      age_at_acquisition: 6,
      age_unit: 'weeks',
    });
    const res = await targetOf(pullets.id);
    expect(res.body.anchor_date).toBe('2025-03-20');
    expect(res.body.growth_target?.species).toBe('chicken_layer');
  });

  it("gives a goat the goats' curve from its date of birth", async () => {
    const goat = await addLivestock(t, team, GOAT);
    const res = await targetOf(goat.id);
    expect(res.body.anchor_date).toBe(GOAT.date_of_birth);
    expect(res.body.growth_target?.species).toBe('goat');
    expect(res.body.growth_target?.points.length).toBeGreaterThanOrEqual(2);
  });

  it('has no target without a day of hatching, nor for a species without a curve', async () => {
    const undated = await addLivestock(t, team, { name: 'Layers of unknown age' });
    expect((await targetOf(undated.id)).body).toEqual({ anchor_date: null, growth_target: null });
    const turkeys = await addLivestock(t, team, {
      species: 'turkey',
      name: 'Turkeys',
      date_of_birth: '2025-09-01',
    });
    expect((await targetOf(turkeys.id)).body).toEqual({ anchor_date: '2025-09-01', growth_target: null });
  });

  it('answers 401 without a session and 404 for another farm', async () => {
    const goat = await addLivestock(t, team, { ...GOAT, tag: 'RS-020' });
    expect((await t.request('GET', `${team.base}/livestock/${goat.id}/growth-target`)).status).toBe(401);
    const stranger = await seedFarmTeam(t);
    expect((await targetOf(goat.id, stranger.cookies.owner)).status).toBe(404);
    expect((await targetOf(goat.id, stranger.cookies.owner, stranger)).status).toBe(404);
  });
});
