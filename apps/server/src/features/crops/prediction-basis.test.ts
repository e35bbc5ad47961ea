import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Farm } from '@gona/shared';
import { weatherCell, type Climate } from '@gona/shared/climate';
import type { Crop, KnowledgeCropDetail, Prediction, StageDate } from '@gona/shared/crops';
import { weather_cells } from '../../db/schema/index';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/fake-open-meteo';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { refreshWeather } from '../climate/climate.service';

/**
 * What a yield prediction rests on: the season's rain against the normal (from the weather the
 * climate screen shows), or exactly which data is missing; the source of its typical yield; and the
 * planting's dated stages, expected and as recorded.
 */
let t: TestContext;
let fake: FakeOpenMeteo;
let today: string;
const logger = createLogger('silent');

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await createTestContext({ WEATHER_URL: fake.url, NORMALS_URL: fake.url });
  today = dateIn('Africa/Lagos');
});
afterAll(() => fake.close());

/** A farm team whose farm stands at its own point (so its weather cell is its own), or nowhere. */
async function teamAt(place: { latitude: number; longitude: number } | { state: null }): Promise<FarmTeam> {
  const team = await seedFarmTeam(t);
  const saved = await t.request<Farm>('PATCH', team.base, {
    cookie: team.cookies.owner,
    body: { ...place, version: team.farm.version },
  });
  expect(saved.status, saved.text).toBe(200);
  return team;
}

async function plant(team: FarmTeam, plantedDaysAgo: number, area = '2'): Promise<Crop> {
  const res = await t.request<Crop>('POST', `${team.base}/crops`, {
    cookie: team.cookies.owner,
    body: {
      id: newId(),
      crop_key: 'maize',
      variety_key: 'early',
      area_planted: area,
      season: 'main',
      planting_date: addDays(today, -plantedDaysAgo),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function predict(team: FarmTeam, crop: Crop): Promise<Prediction> {
  const res = await t.request<Prediction>('POST', `${team.base}/crops/${crop.id}/predictions`, {
    cookie: team.cookies.owner,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The cell of a point, stored as a fetch would: `days` of past rain (mm each) and a normal for every month. */
async function storeWeather(
  point: { latitude: number; longitude: number },
  pastRain: (number | null)[],
  normalMmADay: number | null,
) {
  const cell = weatherCell(point.latitude, point.longitude);
  const daily = pastRain.map((rain_mm, i) => ({
    date: addDays(today, i - pastRain.length),
    rain_mm,
    tmax_c: 31,
    tmin_c: 22,
    weather_code: 2,
    rain_chance_percent: 20,
  }));
  await t.db.delete(weather_cells).where(eq(weather_cells.key, cell.key));
  await t.db.insert(weather_cells).values({
    key: cell.key,
    latitude: cell.lat,
    longitude: cell.lng,
    weather: { timezone: 'Africa/Lagos', current: null, daily, hourly: [] },
    fetched_at: new Date(),
    rain_normals: normalMmADay === null ? null : Array.from({ length: 12 }, () => normalMmADay),
    normals_fetched_at: normalMmADay === null ? null : new Date(),
  });
}

describe("a prediction's weather", () => {
  it("is the season's rain against the normal, the same figures the climate screen shows", async () => {
    const point = { latitude: 7.13, longitude: 5.21 };
    const team = await teamAt(point);
    await refreshWeather({
      db: t.db,
      weather: { baseUrl: fake.url, apiKey: null, normalsUrl: fake.url },
      logger,
    });
    const crop = await plant(team, 60);
    const prediction = await predict(team, crop);
    const weather = prediction.factors.weather;
    expect(weather).toMatchObject({
      known: true,
      rain: { from: crop.planting_date, to: addDays(today, -1), days: 60 },
    });
    expect(weather.basis).not.toBe('no_climate_data');

    // The climate screen's rain of the same days, and their normal.
    const climate = await t.request<Climate>('GET', `${team.base}/climate`, { cookie: team.cookies.viewer });
    const season = climate.body.past_rain.filter((day) => day.date >= crop.planting_date);
    expect(season).toHaveLength(60);
    const rain = season.reduce((sum, day) => sum + day.rain_mm!, 0);
    const normal = season.reduce((sum, day) => sum + (day.normal_mm ?? 0), 0);
    expect(weather.rain!.mm).toBeCloseTo(rain, 1);
    expect(weather.rain!.normal_mm).toBeCloseTo(normal, 1);
    if (normal >= 25)
      expect(weather.detail).toBe(Math.round((weather.rain!.mm / weather.rain!.normal_mm!) * 100));
    // Weather known: the prediction is surer than with it left out (0.55 with nothing known).
    expect(prediction.confidence_score).toBe(0.65);
  });

  it('moves the yield by how the rain compares with the normal', async () => {
    const point = { latitude: 7.33, longitude: 5.41 };
    const team = await teamAt(point);
    const crop = await plant(team, 40);
    const bands: [number, Partial<Prediction['factors']['weather']>, number][] = [
      // 2 ha × 1.8 t = 3.6 t before the weather.
      [5, { basis: 'rain_on_track', value: 1, detail: 100 }, 3.6],
      [3.5, { basis: 'rain_short', value: 0.9, detail: 70 }, 3.24],
      [2, { basis: 'rain_very_short', value: 0.8, detail: 40 }, 2.88],
      [8, { basis: 'rain_excess', value: 0.95, detail: 160 }, 3.42],
    ];
    for (const [mmADay, factor, tonnes] of bands) {
      await storeWeather(
        point,
        Array.from({ length: 90 }, () => mmADay),
        5,
      );
      const prediction = await predict(team, crop);
      expect(prediction.factors.weather).toEqual({
        known: true,
        ...factor,
        rain: { from: crop.planting_date, to: addDays(today, -1), days: 40, mm: mmADay * 40, normal_mm: 200 },
      });
      expect(prediction.predicted_yield).toBe(tonnes);
    }
  });

  it('counts only the days the weather service keeps for an older planting, and leaves rain out of a dry-season crop', async () => {
    const point = { latitude: 7.53, longitude: 5.61 };
    const team = await teamAt(point);
    const old = await plant(team, 150);
    await storeWeather(
      point,
      Array.from({ length: 90 }, () => 5),
      5,
    );
    expect((await predict(team, old)).factors.weather.rain).toMatchObject({
      from: addDays(today, -90),
      days: 90,
    });
    await storeWeather(
      point,
      Array.from({ length: 90 }, () => 0),
      0.1,
    );
    expect((await predict(team, old)).factors.weather).toMatchObject({
      known: true,
      value: 1,
      basis: 'dry_season',
      detail: 9,
    });
  });

  it('says exactly which data is missing', async () => {
    const point = { latitude: 7.73, longitude: 5.81 };
    const team = await teamAt(point);
    const weatherOf = async (crop: Crop) => (await predict(team, crop)).factors.weather;
    const planted = await plant(team, 40);

    // The farm's cell has never been fetched.
    expect(await weatherOf(planted)).toEqual({
      known: false,
      value: 1,
      basis: 'weather_not_fetched',
      detail: null,
      rain: null,
    });
    // That prediction started a fetch of the cell (as the climate screen does): let it land first.
    const cell = weatherCell(point.latitude, point.longitude);
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(weather_cells).where(eq(weather_cells.key, cell.key));
        expect(row?.weather).toBeTruthy();
      },
      { timeout: 5000 },
    );
    // Rain, but no normal for the place.
    await storeWeather(
      point,
      Array.from({ length: 90 }, () => 2),
      null,
    );
    expect(await weatherOf(planted)).toEqual({
      known: false,
      value: 1,
      basis: 'no_rain_normals',
      detail: 80,
      rain: { from: planted.planting_date, to: addDays(today, -1), days: 40, mm: 80, normal_mm: null },
    });
    // Planted five days ago: five days of rain are too few to judge a season by.
    await storeWeather(
      point,
      Array.from({ length: 90 }, () => 2),
      5,
    );
    expect(await weatherOf(await plant(team, 5))).toMatchObject({
      known: false,
      basis: 'season_too_short',
      detail: 5,
    });
    // Not in the ground yet.
    expect(await weatherOf(await plant(team, -10))).toMatchObject({ known: false, basis: 'not_planted_yet' });

    // A farm with neither a point nor a state has no place to read the weather of.
    const nowhere = await teamAt({ state: null });
    const lost = await plant(nowhere, 40);
    expect((await predict(nowhere, lost)).factors.weather).toMatchObject({
      known: false,
      basis: 'no_farm_location',
    });
  });
});

describe("a prediction's source", () => {
  it("names the knowledge base's source of the typical yield, with the figure", async () => {
    const team = await teamAt({ latitude: 7.93, longitude: 6.01 });
    const crop = await plant(team, 30);
    const prediction = await predict(team, crop);
    const knowledge = await t.request<KnowledgeCropDetail>('GET', '/api/knowledge/crops/maize', {
      cookie: team.cookies.viewer,
    });
    expect(prediction.typical_t_ha).toBe(knowledge.body.yield_t_ha.national);
    expect(prediction.source).toEqual(knowledge.body.source);
    expect(prediction.source).toMatchObject({
      title: 'Guide to maize production in northern Nigeria',
      organisation: 'IITA (Kamara et al.)',
      year: 2020,
    });
    const listed = await t.request<{ items: Prediction[] }>(
      'GET',
      `${team.base}/crops/${crop.id}/predictions`,
      { cookie: team.cookies.viewer },
    );
    expect(listed.body.items[0]?.source).toEqual(knowledge.body.source);
  });
});

describe("a planting's dated stages", () => {
  it('lists each stage with its expected date, the recorded one, and which came late', async () => {
    const team = await teamAt({ latitude: 8.13, longitude: 6.21 });
    const crop = await plant(team, 70);
    const day = (n: number) => addDays(crop.planting_date, n);
    const record = async (stage_key: string, start_date: string) => {
      const res = await t.request('POST', `${team.base}/crops/${crop.id}/stages`, {
        cookie: team.cookies.worker,
        body: { id: newId(), stage_key, start_date },
      });
      expect(res.status, res.text).toBe(201);
    };
    await record('emergence', day(5));
    await record('vegetative', day(20));
    // A later look at the same stage does not move the day it began.
    await record('vegetative', day(24));
    await record('grain_fill', day(63));

    const res = await t.request<{ items: StageDate[] }>('GET', `${team.base}/crops/${crop.id}/timeline`, {
      cookie: team.cookies.viewer,
    });
    expect(res.status, res.text).toBe(200);
    // Maize's stages start on days 0, 8, 50, 65 and 90; the early variety is harvested at 95 days.
    expect(res.body.items).toEqual([
      {
        key: 'emergence',
        name: 'Emergence',
        expected_date: day(0),
        actual_date: day(5),
        days_late: 5,
        timing: 'on_time',
      },
      {
        key: 'vegetative',
        name: 'Vegetative growth',
        expected_date: day(8),
        actual_date: day(20),
        days_late: 12,
        timing: 'late',
      },
      {
        key: 'tasselling',
        name: 'Tasselling and silking',
        expected_date: day(50),
        actual_date: null,
        days_late: null,
        timing: 'not_recorded',
      },
      {
        key: 'grain_fill',
        name: 'Grain fill',
        expected_date: day(65),
        actual_date: day(63),
        days_late: -2,
        timing: 'on_time',
      },
      {
        key: 'maturity',
        name: 'Maturity',
        expected_date: day(90),
        actual_date: null,
        days_late: null,
        timing: 'upcoming',
      },
      {
        key: 'harvest',
        name: 'Harvest',
        expected_date: crop.expected_harvest,
        actual_date: null,
        days_late: null,
        timing: 'upcoming',
      },
    ]);
    expect(crop.expected_harvest).toBe(day(95));

    const harvested = await t.request('POST', `${team.base}/crops/${crop.id}/harvests`, {
      cookie: team.cookies.worker,
      body: { id: newId(), date: today, quantity: '2', unit: 'bag_100kg', destination: 'stored' },
    });
    expect(harvested.status, harvested.text).toBe(201);
    const after = await t.request<{ items: StageDate[] }>('GET', `${team.base}/crops/${crop.id}/timeline`, {
      cookie: team.cookies.viewer,
    });
    expect(after.body.items.at(-1)).toMatchObject({
      key: 'harvest',
      actual_date: today,
      days_late: -25,
      timing: 'early',
    });
  });

  it('is the farm members’ to read and nobody else’s', async () => {
    const team = await teamAt({ latitude: 8.33, longitude: 6.41 });
    const crop = await plant(team, 10);
    const path = `${team.base}/crops/${crop.id}/timeline`;
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('GET', path, { cookie: team.cookies.stranger })).status).toBe(404);
    const other = await seedFarmTeam(t);
    expect(
      (await t.request('GET', `${other.base}/crops/${crop.id}/timeline`, { cookie: other.cookies.owner }))
        .status,
    ).toBe(404);
    const malformed = await t.request('GET', `${team.base}/crops/not-a-crop/timeline`, {
      cookie: team.cookies.owner,
    });
    expect(malformed.status).toBe(400);
  });
});
