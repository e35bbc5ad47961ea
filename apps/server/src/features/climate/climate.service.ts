import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  byConcern,
  farmRisks,
  ONSET_SEARCH_FROM,
  seasonOnset,
  weatherCell,
  weatherPlace,
  type CellWeather,
  type Climate,
  plusDays,
  type GrowingCrop,
  type RiskFinding,
} from '@gona/shared/climate';
import type { AgroZone, WeatherReading } from '@gona/shared/crops';
import { POULTRY_SPECIES } from '@gona/shared/livestock';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { climate_alerts, farms, weather_cells } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { dateIn, farmPlace, zoneOrDefault } from '../../lib/farm-time';
import type { Logger } from '../../lib/logger';
import { fetchCellWeather, fetchRainNormals, WeatherUnavailableError } from '../../integrations/weather';
import { moveSchedulesToOnsetIn } from '../crops/planning.service';
import { cropsByKey } from '../knowledge/knowledge.service';
import { notify } from '../notifications/notify.service';
import {
  namedMarketAlerts,
  openMarketAlerts,
  openMarketAlertsJson,
  type MarketAlertRow,
} from './market.service';

/** Cells asked at once during a refresh: polite to the weather service, quick for many cells. */
const REFRESH_CONCURRENCY = 4;
const GROWING = ['planted', 'growing'] as const;
/** Written into the statement, not passed as values, so the partial index on growing plantings applies. */
const GROWING_LIST = sql.raw(GROWING.map((status) => `'${status}'`).join(', '));
/** A cell's normal rain is asked again after this long (normals are 20-year means: they barely move). */
const NORMALS_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** The coming planting dates the climate screen shows. */
const PLANTING_SHOWN = 10;

type Weather = NonNullable<Config['weather']>;
type Cell = { lat: number; lng: number; key: string };

/**
 * Every cell with a farm in it (at its GPS point, else its state's capital), asked once however
 * many farms share it; a cell whose refresh fails keeps its last forecast and records why. Answers
 * how many cells were asked and how many failed.
 */
export async function refreshWeather(deps: {
  db: Db;
  weather: Weather;
  logger: Logger;
}): Promise<{ cells: number; failed: number }> {
  const [placed, known] = await Promise.all([
    deps.db
      .select({
        id: farms.id,
        name: farms.name,
        timezone: farms.timezone,
        state: farms.state,
        lat: farms.latitude,
        lng: farms.longitude,
      })
      .from(farms)
      .where(or(and(isNotNull(farms.latitude), isNotNull(farms.longitude)), isNotNull(farms.state))),
    deps.db
      .select({ key: weather_cells.key, normals_at: weather_cells.normals_fetched_at })
      .from(weather_cells),
  ]);
  const normalsAt = new Map(known.map((cell) => [cell.key, cell.normals_at]));
  const cells = new Map<string, Cell & { farms: typeof placed }>();
  for (const farm of placed) {
    const place = weatherPlace(farm);
    if (!place) continue;
    const cell = weatherCell(place.lat, place.lng);
    const same = cells.get(cell.key);
    if (same) same.farms.push(farm);
    else cells.set(cell.key, { ...cell, farms: [farm] });
  }
  let failed = 0;
  const queue = [...cells.values()];
  async function worker() {
    for (let cell = queue.shift(); cell; cell = queue.shift()) {
      const weather = await refreshCell(deps, cell, needsNormals(normalsAt.get(cell.key) ?? null));
      if (!weather) {
        failed += 1;
        continue;
      }
      for (const farm of cell.farms) {
        try {
          await syncFarmAlerts(deps.db, farm, weather);
        } catch (error) {
          deps.logger.error('climate: could not bring a farm’s alerts up to date', error);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
  if (failed > 0)
    deps.logger.warn('climate: weather refresh failed for some cells', { cells: cells.size, failed });
  return { cells: cells.size, failed };
}

const needsNormals = (fetchedAt: Date | string | null) =>
  fetchedAt === null || Date.now() - new Date(fetchedAt).getTime() > NORMALS_MAX_AGE_MS;

/**
 * Asks the weather service for the cell's forecast (and NASA POWER for its normal rain when it has
 * none or a year-old one) and stores what came. A failed normals call leaves the normals as they
 * were: the forecast matters, the normals are asked again at the next refresh.
 */
async function refreshCell(
  deps: { db: Db; weather: Weather },
  cell: Cell,
  wantNormals: boolean,
): Promise<CellWeather | null> {
  const now = new Date();
  let weather: CellWeather | null = null;
  let error: string | null = null;
  const normalsUrl = wantNormals ? deps.weather.normalsUrl : null;
  const [forecast, normals] = await Promise.allSettled([
    fetchCellWeather(deps.weather, cell),
    normalsUrl ? fetchRainNormals({ baseUrl: normalsUrl }, cell) : Promise.resolve(null),
  ]);
  if (forecast.status === 'fulfilled') weather = forecast.value;
  else if (forecast.reason instanceof WeatherUnavailableError) error = forecast.reason.message;
  else throw forecast.reason;
  if (normals.status === 'rejected' && !(normals.reason instanceof WeatherUnavailableError))
    throw normals.reason;
  const rainNormals =
    normals.status === 'fulfilled' && normals.value
      ? { rain_normals: normals.value, normals_fetched_at: now }
      : {};
  const row = { key: cell.key, latitude: cell.lat, longitude: cell.lng, tried_at: now, last_error: error };
  await deps.db
    .insert(weather_cells)
    .values({ ...row, ...rainNormals, ...(weather ? { weather, fetched_at: now } : {}) })
    .onConflictDoUpdate({
      target: weather_cells.key,
      set: {
        ...rainNormals,
        ...(weather
          ? { weather, fetched_at: now, tried_at: now, last_error: null }
          : { tried_at: now, last_error: error }),
      },
    });
  return weather;
}

/** Cells being fetched for a first look, so two screens opening at once ask once. */
const fetching = new Set<string>();
/** A cell that failed its first fetch is tried again after this long, not on every look. */
const RETRY_AFTER_MS = 10 * 60 * 1000;

/**
 * A farm opening the climate screen before the refresh job has reached its cell (a new farm, a
 * moved point) has its cell fetched in the background: the screen answers "waiting" at once and
 * the next look has the forecast (and the farm its warnings). The 3-hourly job remains the one
 * that keeps cells fresh.
 */
function fetchSoon(ctx: FarmCtx, weather: Weather, cell: Cell, triedAt: Date | null): void {
  if (fetching.has(cell.key)) return;
  if (triedAt && Date.now() - triedAt.getTime() < RETRY_AFTER_MS) return;
  fetching.add(cell.key);
  void refreshCell({ db: ctx.db, weather }, cell, true)
    .then(async (fetched) => {
      if (!fetched) return;
      const [farm] = await ctx.db
        .select({ id: farms.id, name: farms.name, timezone: farms.timezone })
        .from(farms)
        .where(eq(farms.id, ctx.farmId));
      if (farm) await syncFarmAlerts(ctx.db, farm, fetched);
    })
    .catch((error: unknown) => ctx.logger.error('climate: first fetch of a weather cell failed', error))
    .finally(() => fetching.delete(cell.key));
}

/**
 * The farm's days of weather before `today` as its cell last fetched them, each with its month's
 * normal rain (mm a day), the same figures as the climate screen's season's rain; or why there are
 * none: no weather service, no place for the farm, or its cell not fetched yet (a fetch is started,
 * as the climate screen does).
 */
export async function pastWeather(
  ctx: FarmCtx,
  config: Config['weather'],
  today: string,
): Promise<WeatherReading> {
  if (!config) return { status: 'not_configured' };
  const place = weatherPlace(await farmPlace(ctx.db, ctx.farmId));
  if (!place) return { status: 'no_location' };
  const cell = weatherCell(place.lat, place.lng);
  const [row] = await ctx.db
    .select({
      weather: weather_cells.weather,
      rain_normals: weather_cells.rain_normals,
      tried_at: weather_cells.tried_at,
    })
    .from(weather_cells)
    .where(eq(weather_cells.key, cell.key));
  if (!row?.weather) {
    fetchSoon(ctx, config, cell, row?.tried_at ?? null);
    return { status: 'waiting' };
  }
  const normals = row.rain_normals;
  return {
    status: 'ready',
    days: row.weather.daily
      .filter((day) => day.date < today)
      .map((day) => ({
        date: day.date,
        rain_mm: day.rain_mm,
        normal_mm: normals?.[Number(day.date.slice(5, 7)) - 1] ?? null,
      })),
  };
}

type NamedFinding = RiskFinding & { about_name: string | null };

type CellRow = {
  /** The forecast and normals as stored; null when they are the ones this process holds already. */
  weather: CellWeather | null;
  rain_normals: (number | null)[] | null;
  /** When the forecast and the normals were fetched: a cell's version. */
  stamp: string;
  fetched_at: string | null;
  tried_at: string;
  last_error: string | null;
};
type GrowingRow = { id: string; crop_key: string; planting_date: string; count: number };
type PlantingRow = Omit<Climate['planting'][number], 'crop_name'> & { crop_key: string };
/** What the rules need to know of a farm, with its cell's weather, read in one statement. */
type FarmFacts = {
  cell: CellRow | null;
  growing: GrowingRow[];
  poultry: boolean;
  zone: AgroZone | null;
  planting: PlantingRow[];
  /** The farm's open market-price alerts (for the screen only). */
  market: MarketAlertRow[];
};

/**
 * The farm's growing plantings (one row per crop and planting day: they meet the same weather),
 * whether it keeps poultry and its agro-ecological zone; for the screen also its cell's stored
 * forecast and its coming planting dates: in one statement, because on a busy server every round
 * trip to the database costs more than the rules themselves.
 */
async function factsOf(
  db: Db | Tx,
  farmId: string,
  screen: { cellKey: string; today: string; knownStamp: string | null } | null,
): Promise<FarmFacts> {
  // A refresh has the cell's weather in hand already, and no screen to show dates on. A screen
  // whose process holds this version of the cell is not sent its forecast again (about 30 KB).
  const stamp = sql`coalesce(${iso('fetched_at')}, '') || '|' || coalesce(${iso('normals_fetched_at')}, '')`;
  const cell = screen
    ? sql`(select row_to_json(c) from (
      select
        case when ${stamp} = ${screen.knownStamp ?? ''} then null else weather end as weather,
        case when ${stamp} = ${screen.knownStamp ?? ''} then null else rain_normals end as rain_normals,
        ${stamp} as stamp,
        ${iso('fetched_at')} as fetched_at, ${iso('tried_at')} as tried_at, last_error
      from weather_cells where key = ${screen.cellKey}
    ) c)`
    : sql`null`;
  const planting = screen
    ? sql`(select coalesce(json_agg(p), '[]'::json) from (
      select crop_key, season, recommended_planting_date::text as recommended_planting_date,
        window_from::text as window_from, window_to::text as window_to,
        calendar_date::text as calendar_date, onset_date::text as onset_date, onset_confirmed
      from planting_schedules where farm_id = ${farmId} and window_to >= ${screen.today}
      order by recommended_planting_date, id limit ${PLANTING_SHOWN}
    ) p)`
    : sql`'[]'::json`;
  const result = await db.execute(sql`select
    ${cell} as cell,
    (select coalesce(json_agg(g), '[]'::json) from (
      select min(id::text) as id, crop_key, planting_date::text as planting_date, count(*)::int as count
      from crops where farm_id = ${farmId} and status in (${GROWING_LIST})
      group by crop_key, planting_date
    ) g) as growing,
    exists(
      select 1 from livestock
      where farm_id = ${farmId} and status = 'active' and species in (${listOf(POULTRY_SPECIES)})
    ) as poultry,
    (select z.zone from farms f join knowledge_zones z on z.state = f.state where f.id = ${farmId}) as zone,
    ${planting} as planting,
    ${screen ? openMarketAlertsJson(farmId, screen.today) : sql`'[]'::json`} as market`);
  // Both drivers answer a raw statement with its rows.
  return (result as { rows: FarmFacts[] }).rows[0]!;
}

/** This season's onset of the rains in the farm's zone, as far as the cell's days show it. */
const onsetOf = (facts: FarmFacts, weather: CellWeather) =>
  facts.zone ? seasonOnset(weather.daily, ONSET_SEARCH_FROM[facts.zone]) : null;

/** Values as a statement's parameters, for `in (…)`. */
const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A timestamp column as JavaScript's toISOString writes it. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** What the cell's weather warns this farm of, given what it grows and raises, with crops named. */
async function risksOf(
  db: Db | Tx,
  facts: FarmFacts,
  weather: CellWeather,
  today: string,
  onset: { date: string; confirmed: boolean } | null,
): Promise<NamedFinding[]> {
  const knowledge = await cropsByKey(db);
  const names = new Map(
    facts.growing.map((crop) => [crop.id, knowledge.get(crop.crop_key)?.name ?? crop.crop_key]),
  );
  const cropList: GrowingCrop[] = facts.growing.map((crop) => ({
    ...crop,
    stages: knowledge.get(crop.crop_key)?.stages ?? [],
  }));
  return farmRisks({
    today,
    daily: weather.daily,
    hourly: weather.hourly,
    crops: cropList,
    keepsPoultry: facts.poultry,
    onset,
  }).map((finding) => ({
    ...finding,
    about_name: finding.about ? (names.get(finding.about) ?? null) : null,
  }));
}

/**
 * The farm's open alerts brought in line with its latest risks: a risk that overlaps (or touches) an
 * open alert of the same rule and crop moves that alert's days instead of sending again, and sends
 * once more only if it turned serious; a new one is stored and sent to the owner and managers; an
 * alert whose last day has passed is resolved. Advice (spray windows, armyworm scouting: severity
 * info) is shown on the screen, not sent. Answers how many notifications went out.
 */
export async function syncFarmAlerts(
  db: Db,
  farm: { id: string; name: string; timezone: string },
  weather: CellWeather,
): Promise<number> {
  const today = dateIn(zoneOrDefault(farm.timezone));
  const facts = await factsOf(db, farm.id, null);
  const onset = onsetOf(facts, weather);
  const risks = (await risksOf(db, facts, weather, today, onset)).filter((risk) => risk.severity !== 'info');
  return db.transaction(async (tx) => {
    if (onset) await moveSchedulesToOnsetIn(tx, farm.id, onset, today);
    await tx
      .update(climate_alerts)
      .set({ status: 'resolved', updated_at: new Date() })
      .where(
        and(
          eq(climate_alerts.farm_id, farm.id),
          eq(climate_alerts.status, 'open'),
          lt(climate_alerts.to, today),
        ),
      );
    const open = await tx
      .select()
      .from(climate_alerts)
      .where(and(eq(climate_alerts.farm_id, farm.id), eq(climate_alerts.status, 'open')));
    let sent = 0;
    for (const risk of risks) {
      const same = open.find(
        (alert) =>
          alert.rule === risk.rule &&
          (alert.about ?? undefined) === risk.about &&
          alert.from <= plusDays(risk.to, 1) &&
          alert.to >= plusDays(risk.from, -1),
      );
      const severity = same?.severity === 'severe' ? 'severe' : risk.severity;
      let alertId: string;
      if (same) {
        alertId = same.id;
        const unchanged = same.from === risk.from && same.to === risk.to && same.severity === severity;
        if (!unchanged)
          await tx
            .update(climate_alerts)
            .set({ from: risk.from, to: risk.to, severity, values: risk.values, updated_at: new Date() })
            .where(eq(climate_alerts.id, same.id));
        if (same.severity === severity) continue;
      } else {
        const [created] = await tx
          .insert(climate_alerts)
          .values({
            farm_id: farm.id,
            rule: risk.rule,
            about: risk.about ?? null,
            severity,
            from: risk.from,
            to: risk.to,
            values: risk.values,
          })
          .returning({ id: climate_alerts.id });
        alertId = created!.id;
      }
      const { userIds } = await notify(
        { db: tx },
        {
          kind: 'climate_alert',
          params: {
            farm_name: farm.name,
            rule: risk.rule,
            severity: severity === 'severe' ? 'severe' : 'warning',
            from: risk.from,
            to: risk.to,
            about_name: risk.about_name,
          },
          farmId: farm.id,
          roles: ['owner', 'manager'],
          link: NOTIFICATION_PATHS.climate,
          urgency: severity === 'severe' ? 'urgent' : 'normal',
          dedupeKey: `climate:${alertId}:${severity}`,
        },
      );
      sent += userIds.length;
    }
    return sent;
  });
}

/**
 * Cells' forecasts as this process last read them, by key, with their version: a forecast changes
 * every 3 hours and is read on every look at the climate screen and the dashboard. The database
 * still decides on every read (the version is compared there), so a refresh by any process shows
 * at once.
 */
const heldCells = new Map<
  string,
  { stamp: string; weather: CellWeather; rain_normals: (number | null)[] | null }
>();
const HELD_CELLS_MAX = 2_000;

function hold(key: string, row: CellRow, weather: CellWeather) {
  if (heldCells.size >= HELD_CELLS_MAX) heldCells.clear();
  const held = { stamp: row.stamp, weather, rain_normals: row.rain_normals };
  heldCells.set(key, held);
  return held;
}

/**
 * What a cell's forecast warns a farm of, by the forecast's version, the day and what the rules
 * read of the farm: the rules are pure, and a farm with hundreds of plantings is looked at again
 * and again between two refreshes (the dashboard's card, the climate screen).
 */
const heldFindings = new Map<string, NamedFinding[]>();
const HELD_FINDINGS_MAX = 1_000;

async function heldRisks(key: string, find: () => Promise<NamedFinding[]>): Promise<NamedFinding[]> {
  const known = heldFindings.get(key);
  if (known) return known;
  const found = await find();
  if (heldFindings.size >= HELD_FINDINGS_MAX) heldFindings.clear();
  heldFindings.set(key, found);
  return found;
}

const factsKey = (facts: FarmFacts) =>
  `${facts.zone ?? ''}|${facts.poultry ? 1 : 0}|${facts.growing
    .map((crop) => `${crop.id}:${crop.crop_key}:${crop.planting_date}:${crop.count}`)
    .join(',')}`;

/**
 * The farm's weather from its cell as last fetched (never waiting on the weather service), from its
 * GPS point or else its state's capital; the warnings that matter to what it grows and raises; the
 * season's rain against normal; and its coming planting dates. Market-price alerts (stored by the
 * daily market job, market.service.ts) are listed with the warnings whatever the weather's status.
 */
export async function farmClimate(ctx: FarmCtx, config: Config['weather']): Promise<Climate> {
  const farm = await farmPlace(ctx.db, ctx.farmId);
  const today = dateIn(farm.timeZone);
  const empty: Climate = {
    status: 'ready',
    today,
    fetched_at: null,
    last_error: null,
    current: null,
    place: null,
    days: [],
    past_rain: [],
    planting: [],
    alerts: [],
  };
  const knowledge = await cropsByKey(ctx.db);
  const named = (rows: readonly MarketAlertRow[]) =>
    namedMarketAlerts(rows, (key) => knowledge.get(key)?.name ?? key);
  const place = config ? weatherPlace(farm) : null;
  if (!config || !place) {
    const market = named(await openMarketAlerts(ctx.db, ctx.farmId, today));
    return { ...empty, status: config ? 'no_location' : 'not_configured', alerts: market };
  }
  const cell = weatherCell(place.lat, place.lng);
  const held = heldCells.get(cell.key);
  const facts = await factsOf(ctx.db, ctx.farmId, {
    cellKey: cell.key,
    today,
    knownStamp: held?.stamp ?? null,
  });
  const market = named(facts.market);
  const shown = {
    ...empty,
    alerts: market,
    place: { source: place.source, town: place.town },
    planting: facts.planting.map(({ crop_key, ...date }) => ({
      crop_name: knowledge.get(crop_key)?.name ?? crop_key,
      ...date,
    })),
  };
  const row = facts.cell;
  const stored =
    row && (row.weather ? hold(cell.key, row, row.weather) : held?.stamp === row.stamp ? held : null);
  if (!row || !stored) {
    fetchSoon(ctx, config, cell, row ? new Date(row.tried_at) : null);
    return { ...shown, status: 'waiting', last_error: row?.last_error ?? null };
  }
  const { weather, rain_normals: normals } = stored;
  const risks = await heldRisks(`${row.stamp}|${today}|${factsKey(facts)}`, () =>
    risksOf(ctx.db, facts, weather, today, onsetOf(facts, weather)),
  );
  const alerts = market.length === 0 ? risks : [...risks, ...market].sort(byConcern);
  return {
    ...shown,
    status: 'ready',
    fetched_at: row.fetched_at,
    last_error: row.last_error,
    current: weather.current,
    days: weather.daily
      .filter((day) => day.date >= today)
      .map(({ date, weather_code, tmax_c, tmin_c, rain_mm, rain_chance_percent }) => ({
        date,
        weather_code,
        tmax_c,
        tmin_c,
        rain_mm,
        rain_chance_percent,
      })),
    past_rain: weather.daily
      .filter((day) => day.date < today)
      .map(({ date, rain_mm }) => ({
        date,
        rain_mm,
        normal_mm: normals?.[Number(date.slice(5, 7)) - 1] ?? null,
      })),
    alerts,
  };
}
