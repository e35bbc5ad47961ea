import { z } from 'zod';
import type { CellWeather } from '@gona/shared/climate';

/** The weather service took too long, refused, or answered something that is not its forecast. */
export class WeatherUnavailableError extends Error {}

const TIMEOUT_MS = 15_000;
/** Observed days kept for the season's rain and the dry-spell rules; forecast days ahead. */
export const PAST_DAYS = 90;
export const FORECAST_DAYS = 16;
/** Hours around now for the hourly rules (blight, fungal risk, spray windows). */
const PAST_HOURS = 48;
const FORECAST_HOURS = 72;

const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'leaf_wetness_probability_mean',
] as const;
const HOURLY = ['temperature_2m', 'relative_humidity_2m', 'precipitation', 'wind_speed_10m'] as const;
const CURRENT = [
  'temperature_2m',
  'relative_humidity_2m',
  'precipitation',
  'weather_code',
  'wind_speed_10m',
] as const;

const values = z.array(z.number().nullable());
const column = (names: readonly string[]) =>
  z.object({
    time: z.array(z.string()),
    ...Object.fromEntries(names.map((name) => [name, values.optional()])),
  });

const ForecastSchema = z.object({
  timezone: z.string(),
  current: z
    .object({ time: z.string() })
    .catchall(z.union([z.number(), z.string(), z.null()]))
    .optional(),
  daily: column(DAILY),
  hourly: column(HOURLY),
});

/**
 * The forecast of one weather cell from Open-Meteo's forecast API (or anything that speaks it, such
 * as the fake in this repository): current conditions, the last 90 days and the next 16, and hours
 * around now. One call a cell, whatever the number of farms in it.
 */
export async function fetchCellWeather(
  config: { baseUrl: string; apiKey: string | null },
  cell: { lat: number; lng: number },
): Promise<CellWeather> {
  const query = new URLSearchParams({
    latitude: String(cell.lat),
    longitude: String(cell.lng),
    timezone: 'auto',
    past_days: String(PAST_DAYS),
    forecast_days: String(FORECAST_DAYS),
    past_hours: String(PAST_HOURS),
    forecast_hours: String(FORECAST_HOURS),
    daily: DAILY.join(','),
    hourly: HOURLY.join(','),
    current: CURRENT.join(','),
  });
  if (config.apiKey) query.set('apikey', config.apiKey);
  const body = await askJson(`${config.baseUrl}/v1/forecast?${query.toString()}`, ForecastSchema, {
    service: 'The weather service',
    what: 'a forecast',
    agent: 'weather per farm',
  });
  return toCellWeather(body);
}

/**
 * GET a JSON answer of an outside weather service, read with `schema`. Whatever goes wrong (no
 * answer in time, an error status, something else than expected) is a WeatherUnavailableError
 * saying so in words the climate screen can show.
 */
async function askJson<T>(
  url: string,
  schema: z.ZodType<T>,
  words: { service: string; what: string; agent: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': `Gona farm management (${words.agent})` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new WeatherUnavailableError(`${words.service} did not answer`);
  }
  if (!response.ok) throw new WeatherUnavailableError(`${words.service} answered ${response.status}`);
  try {
    return schema.parse(await response.json());
  } catch {
    throw new WeatherUnavailableError(`${words.service} answered something that is not ${words.what}`);
  }
}

function toCellWeather(body: z.infer<typeof ForecastSchema>): CellWeather {
  const daily = body.daily as Record<string, (number | null)[] | undefined> & { time: string[] };
  const hourly = body.hourly as Record<string, (number | null)[] | undefined> & { time: string[] };
  const at = (list: (number | null)[] | undefined, i: number) => list?.[i] ?? null;
  const current = body.current;
  const num = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    timezone: body.timezone,
    current: current
      ? {
          time: current.time,
          temp_c: num(current.temperature_2m),
          rh_percent: num(current.relative_humidity_2m),
          rain_mm: num(current.precipitation),
          weather_code: num(current.weather_code),
          wind_kmh: num(current.wind_speed_10m),
        }
      : null,
    daily: daily.time.map((date, i) => ({
      date,
      weather_code: at(daily.weather_code, i),
      tmax_c: at(daily.temperature_2m_max, i),
      tmin_c: at(daily.temperature_2m_min, i),
      rain_mm: at(daily.precipitation_sum, i),
      rain_chance_percent: at(daily.precipitation_probability_max, i),
      leaf_wetness_percent: at(daily.leaf_wetness_probability_mean, i),
    })),
    hourly: hourly.time.map((time, i) => ({
      time,
      temp_c: at(hourly.temperature_2m, i),
      rh_percent: at(hourly.relative_humidity_2m, i),
      rain_mm: at(hourly.precipitation, i),
      wind_kmh: at(hourly.wind_speed_10m, i),
    })),
  };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
/** NASA POWER marks a value it does not have with this number. */
const POWER_FILL = -999;

const ClimatologySchema = z.object({
  properties: z.object({
    parameter: z.object({ PRECTOTCORR: z.record(z.string(), z.number().nullable()) }),
  }),
  parameters: z.object({ PRECTOTCORR: z.object({ units: z.string() }) }).optional(),
});

/**
 * A cell's normal rain from NASA POWER's climatology (corrected precipitation, `PRECTOTCORR`), as
 * mm a day for each month, January first; null where POWER has no value. No key is needed; POWER
 * asks to be acknowledged where its data are shown.
 */
export async function fetchRainNormals(
  config: { baseUrl: string },
  cell: { lat: number; lng: number },
): Promise<(number | null)[]> {
  const query = new URLSearchParams({
    parameters: 'PRECTOTCORR',
    community: 'AG',
    longitude: String(cell.lng),
    latitude: String(cell.lat),
    format: 'JSON',
  });
  const body = await askJson(
    `${config.baseUrl}/api/temporal/climatology/point?${query.toString()}`,
    ClimatologySchema,
    { service: 'The climate normals service', what: 'normals', agent: 'rain normals' },
  );
  const units = body.parameters?.PRECTOTCORR.units;
  if (units !== undefined && units !== 'mm/day')
    throw new WeatherUnavailableError(`The climate normals came in ${units}, not mm/day`);
  const monthly = body.properties.parameter.PRECTOTCORR;
  return MONTHS.map((month) => {
    const value = monthly[month];
    return value === undefined || value === null || value <= POWER_FILL ? null : value;
  });
}
