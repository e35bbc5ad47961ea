import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Farm } from '@gona/shared';
import type { Climate } from '@gona/shared/climate';
import type { Notification } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import { addDays, dateIn } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/fake-open-meteo';
import { planting_schedules } from '../../db/schema/index';
import { moveSchedulesToOnsetIn } from '../crops/planning.service';
import { farmClimate, refreshWeather } from './climate.service';

const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

let t: TestContext;
let fake: FakeOpenMeteo;
let today: string;
const logger = createLogger('silent');

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  // Weather is kept per grid cell for every farm: a database of its own, so no earlier file has fetched these cells.
  t = await createTestContext({ WEATHER_URL: fake.url, NORMALS_URL: fake.url }, { ownDatabase: true });
  today = dateIn('Africa/Lagos');
});
afterAll(() => fake.close());

/** A farm team (in Rivers state) whose farm is given this point or state. */
async function placedTeam(
  place: { latitude: number; longitude: number } | { state: string | null },
): Promise<FarmTeam> {
  const team = await seedFarmTeam(t);
  const saved = await t.request<Farm>('PATCH', team.base, {
    cookie: team.cookies.owner,
    body: { ...place, version: team.farm.version },
  });
  expect(saved.status).toBe(200);
  return team;
}

const refresh = () =>
  refreshWeather({ db: t.db, weather: { baseUrl: fake.url, apiKey: null, normalsUrl: fake.url }, logger });
const climateOf = (team: FarmTeam, cookie = team.cookies.viewer) =>
  t.request<Climate>('GET', `${team.base}/climate`, { cookie });

describe('climate', () => {
  it('asks the weather service once per cell however many farms share it, and serves each farm its cell', async () => {
    // Two farms in Zaria's cell (10.5, 7.4), one in Lagos, one with only its state (Kano: its
    // capital's cell, 12.0, 8.5), one with neither.
    const zaria = await placedTeam({ latitude: 10.5105, longitude: 7.4165 });
    const neighbour = await placedTeam({ latitude: 10.46, longitude: 7.36 });
    const lagos = await placedTeam({ latitude: 6.4541, longitude: 3.3947 });
    const kano = await placedTeam({ state: 'Kano' });
    const nowhere = await placedTeam({ state: null });
    expect((await climateOf(zaria)).body).toMatchObject({ status: 'waiting', days: [] });
    // That look fetched the cell in the background: a moment later the screen has its forecast.
    await vi.waitFor(async () => expect((await climateOf(zaria)).body.status).toBe('ready'), {
      timeout: 5000,
    });

    fake.requests.length = 0;
    const result = await refresh();
    expect(result.failed).toBe(0);
    expect(fake.requests).toHaveLength(result.cells);
    expect(fake.requests.filter((r) => r.lat === 10.5 && r.lng === 7.4)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.lat === 6.5 && r.lng === 3.4)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.lat === 12 && r.lng === 8.5)).toHaveLength(1);

    const mine = (await climateOf(zaria)).body;
    expect(mine).toMatchObject({ status: 'ready', today, last_error: null, alerts: [] });
    expect(mine.days).toHaveLength(16);
    expect(mine.days[0]).toMatchObject({ date: today, tmax_c: expect.any(Number) as number });
    expect(mine.past_rain).toHaveLength(90);
    expect(mine.past_rain.at(-1)?.date).toBe(addDays(today, -1));
    expect(mine.current?.temp_c).toEqual(expect.any(Number));
    expect(mine.place).toEqual({ source: 'farm', town: null });
    const kanos = (await climateOf(kano)).body;
    expect(kanos).toMatchObject({ status: 'ready', place: { source: 'state', town: 'Kano' } });
    expect((await climateOf(neighbour)).body.fetched_at).toBe(mine.fetched_at);
    expect((await climateOf(lagos)).body.status).toBe('ready');
    expect((await climateOf(nowhere)).body.status).toBe('no_location');
  });

  it('warns of heavy rain, of heat to the poultry keeper, and of a dry spell to the farmer who sowed', async () => {
    const team = await placedTeam({ latitude: 9.06, longitude: 7.49 });
    const flock = await t.request('POST', `${team.base}/livestock`, {
      cookie: team.cookies.owner,
      body: {
        id: newId(),
        kind: 'group',
        species: 'chicken_layer',
        name: 'Layers House A',
        head_count: 500,
        acquisition: 'bought',
      },
    });
    expect(flock.status).toBe(201);
    fake.setScenario('heavy_rain');
    await refresh();
    const wet = (await climateOf(team)).body.alerts;
    expect(wet).toEqual([
      expect.objectContaining({
        rule: 'heavy_rain',
        severity: 'severe',
        from: addDays(today, 1),
        to: addDays(today, 4),
      }),
    ]);

    // The owner and the manager are told once, however many refreshes see the same rain.
    const inbox = async (who: 'owner' | 'manager' | 'worker') =>
      (
        await t.request<Page<Notification>>('GET', '/api/notifications', { cookie: team.cookies[who] })
      ).body.items.filter((n) => n.kind === 'climate_alert');
    await refresh();
    expect(await inbox('owner')).toEqual([
      expect.objectContaining({
        title: `Serious: Heavy rain on ${team.farm.name}`,
        body: `${dayMonthYear(addDays(today, 1))} to ${dayMonthYear(addDays(today, 4))}. Open the climate screen for what to do.`,
        link: '/dashboard/climate',
      }),
    ]);
    expect(await inbox('manager')).toHaveLength(1);
    expect(await inbox('worker')).toEqual([]);

    fake.setScenario('heat_wave');
    await refresh();
    const hot = (await climateOf(team)).body.alerts;
    expect((await inbox('owner')).map((n) => n.title)).toEqual([
      `Serious: Heat for your birds on ${team.farm.name}`,
      `Serious: Heavy rain on ${team.farm.name}`,
    ]);
    expect(hot).toEqual([
      expect.objectContaining({
        rule: 'poultry_heat',
        severity: 'severe',
        from: today,
        values: { tmax_c: 38 },
      }),
    ]);

    fake.setScenario('dry_spell');
    await refresh();
    const crop = await t.request('POST', `${team.base}/crops`, {
      cookie: team.cookies.owner,
      body: {
        id: newId(),
        crop_key: 'maize',
        area_planted: '1',
        season: 'main',
        planting_date: addDays(today, -12),
      },
    });
    expect(crop.status).toBe(201);
    const dry = (await climateOf(team)).body.alerts.find((alert) => alert.rule === 'false_start');
    expect(dry).toMatchObject({ severity: 'severe', about_name: 'Maize', from: addDays(today, -12) });
    fake.setScenario('normal');
  });

  it('shows the season’s rain against NASA POWER’s normal, asked once per cell', async () => {
    const team = await placedTeam({ latitude: 7.38, longitude: 3.95 });
    fake.normalsRequests.length = 0;
    await refresh();
    await refresh();
    expect(fake.normalsRequests.filter((r) => r.lat === 7.4 && r.lng === 4)).toHaveLength(1);
    const { past_rain } = (await climateOf(team)).body;
    // The fake's normals in mm a day, January first; December is a gap (-999 in POWER's answer).
    const normals = [0.1, 0.3, 1.2, 3.1, 5.0, 5.8, 6.9, 7.6, 7.0, 3.4, 0.4, null];
    expect(past_rain).toHaveLength(90);
    for (const day of past_rain) expect(day.normal_mm).toBe(normals[Number(day.date.slice(5, 7)) - 1]);
  });

  it('keeps the forecast when the normals service is away, and asks for the normals again next time', async () => {
    const team = await placedTeam({ latitude: 8.5, longitude: 4.55 });
    fake.normalsRequests.length = 0;
    fake.failNextNormals(503);
    await refresh();
    const first = (await climateOf(team)).body;
    expect(first).toMatchObject({ status: 'ready', last_error: null });
    expect(first.past_rain.every((day) => day.normal_mm === null)).toBe(true);
    // The fake lists the requests it answered: none yet for this cell, one after the next refresh.
    const answered = () => fake.normalsRequests.filter((r) => r.lat === 8.5 && r.lng === 4.6);
    expect(answered()).toHaveLength(0);
    await refresh();
    expect(answered()).toHaveLength(1);
    const second = (await climateOf(team)).body;
    expect(second.past_rain.some((day) => day.normal_mm !== null)).toBe(true);
  });

  it('moves the coming main-season planting dates to the observed onset of the rains, with the reason', async () => {
    const team = await placedTeam({ state: 'Kaduna' });
    const schedule = (crop_key: string, season: 'main' | 'late', from: string, to: string, date: string) => ({
      farm_id: team.farm.id,
      crop_key,
      zone: 'northern_guinea_savanna' as const,
      season,
      window_from: from,
      window_to: to,
      recommended_planting_date: date,
    });
    const [maize, soybean, lateMaize, lastYear] = await t.db
      .insert(planting_schedules)
      .values([
        schedule('maize', 'main', '2026-05-15', '2026-06-30', '2026-06-07'),
        schedule('soybean', 'main', '2026-06-15', '2026-07-15', '2026-06-30'),
        schedule('maize', 'late', '2026-07-15', '2026-08-15', '2026-07-30'),
        schedule('sorghum', 'main', '2025-05-15', '2025-06-30', '2025-06-07'),
      ])
      .returning();
    const move = (onset: { date: string; confirmed: boolean }, today: string) =>
      t.db.transaction((tx) => moveSchedulesToOnsetIn(tx, team.farm.id, onset, today));
    const list = async () =>
      (
        await t.request<{ items: { id: string }[] }>('GET', `${team.base}/planting-schedules`, {
          cookie: team.cookies.viewer,
        })
      ).body.items;

    // Rains that came early (likely, from the forecast): plant from the window's first day.
    expect(await move({ date: '2026-05-02', confirmed: false }, '2026-04-28')).toBe(2);
    expect(await list()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: maize!.id,
          recommended_planting_date: '2026-05-15',
          calendar_date: '2026-06-07',
          onset_date: '2026-05-02',
          onset_confirmed: false,
        }),
        expect.objectContaining({ id: soybean!.id, recommended_planting_date: '2026-06-15' }),
        expect.objectContaining({
          id: lateMaize!.id,
          recommended_planting_date: '2026-07-30',
          onset_date: null,
        }),
        expect.objectContaining({
          id: lastYear!.id,
          recommended_planting_date: '2025-06-07',
          onset_date: null,
        }),
      ]),
    );
    // The same onset seen again moves nothing; confirmed 30 days on, it is marked so.
    expect(await move({ date: '2026-05-02', confirmed: false }, '2026-04-29')).toBe(0);
    expect(await move({ date: '2026-05-02', confirmed: true }, '2026-06-01')).toBe(2);
    expect((await list()).find((row) => row.id === maize!.id)).toMatchObject({
      recommended_planting_date: '2026-06-01',
      calendar_date: '2026-06-07',
      onset_confirmed: true,
    });

    // A false start: the rains are found to start later, past the calendar's date. Wait for them.
    expect(await move({ date: '2026-07-05', confirmed: false }, '2026-06-20')).toBe(2);
    expect((await list()).find((row) => row.id === maize!.id)).toMatchObject({
      recommended_planting_date: '2026-07-05',
      calendar_date: '2026-06-07',
      onset_date: '2026-07-05',
    });
  });

  it('keeps the last forecast when the weather service is away, and says so', async () => {
    const team = await placedTeam({ latitude: 12.0, longitude: 8.52 });
    const { cells } = await refresh();
    const before = (await climateOf(team)).body;
    for (let i = 0; i < cells; i += 1) fake.failNext(503);
    expect(await refresh()).toEqual({ cells, failed: cells });
    const after = (await climateOf(team)).body;
    expect(after.last_error).toBe('The weather service answered 503');
    expect(after.fetched_at).toBe(before.fetched_at);
    expect(after.days).toEqual(before.days);
    await refresh();
    expect((await climateOf(team)).body.last_error).toBeNull();
  });

  it('says when no weather service is set up', async () => {
    const team = await seedFarmTeam(t);
    const ctx = {
      db: t.db,
      userId: team.users.owner.id,
      logger,
      farmId: team.farm.id,
      role: 'owner' as const,
    };
    expect((await farmClimate(ctx, null)).status).toBe('not_configured');
  });

  it('refuses no session, another farm and a malformed farm id', async () => {
    const team = await seedFarmTeam(t);
    const other = await seedFarmTeam(t);
    expect((await t.request('GET', `${team.base}/climate`)).status).toBe(401);
    expect((await t.request('GET', `${other.base}/climate`, { cookie: team.cookies.owner })).status).toBe(
      404,
    );
    expect(
      (await t.request('GET', '/api/farms/not-a-farm/climate', { cookie: team.cookies.owner })).status,
    ).toBe(404);
    // Every role reads the weather: a worker too.
    expect((await climateOf(team, team.cookies.worker)).status).toBe(200);
  });
});
