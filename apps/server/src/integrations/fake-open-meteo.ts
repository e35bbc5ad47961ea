import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, dateIn, timeIn } from '../lib/farm-time';

/**
 * A stand-in for Open-Meteo's forecast API (and NASA POWER's climatology, for the normal rain) that
 * speaks their JSON: GET /v1/forecast with latitude,
 * longitude, timezone, past_days, forecast_days, past_hours, forecast_hours and the daily, hourly
 * and current variable lists; columns of values under `daily`, `hourly` and `current`; errors as
 * HTTP 400 `{ "error": true, "reason": … }`. NASA POWER's GET /api/temporal/climatology/point
 * answers a GeoJSON Feature with monthly means under `properties.parameter`. The weather follows a scripted scenario, the same
 * for every place, around today on the Lagos clock. Tests start it on a free port; developers run
 * it (`npm run weather:fake -w @gona/server`) and point WEATHER_URL at it.
 */
export const WEATHER_SCENARIOS = ['normal', 'heavy_rain', 'dry_spell', 'heat_wave', 'blight'] as const;
export type WeatherScenario = (typeof WEATHER_SCENARIOS)[number];

export type FakeOpenMeteo = {
  /** The base URL for WEATHER_URL. */
  url: string;
  /** Each forecast asked for, as its latitude and longitude. */
  requests: { lat: number; lng: number; apiKey: string | null }[];
  /** Each climatology answered (NASA POWER), as its latitude and longitude. */
  normalsRequests: { lat: number; lng: number }[];
  setScenario: (scenario: WeatherScenario) => void;
  /** The next forecast request is answered with this HTTP status (a service outage). */
  failNext: (status: number) => void;
  /** The next climatology request is answered with this HTTP status. */
  failNextNormals: (status: number) => void;
  close: () => Promise<void>;
};

const ZONE = 'Africa/Lagos';

export async function startFakeOpenMeteo(
  options: { port?: number; scenario?: WeatherScenario; apiKey?: string } = {},
): Promise<FakeOpenMeteo> {
  let scenario: WeatherScenario = options.scenario ?? 'normal';
  let failures: number[] = [];
  let normalsFailures: number[] = [];
  const requests: FakeOpenMeteo['requests'] = [];
  const normalsRequests: FakeOpenMeteo['normalsRequests'] = [];

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      answer(res, 500, { error: true, reason: 'Internal error' });
    }
  });

  function climatology(params: URLSearchParams, res: ServerResponse) {
    const lat = Number(params.get('latitude'));
    const lng = Number(params.get('longitude'));
    const wanted = (params.get('parameters') ?? '').split(',').filter(Boolean);
    if (!params.get('latitude') || !params.get('longitude') || !Number.isFinite(lat) || !Number.isFinite(lng))
      return answer(res, 422, {
        header: 'Invalid request',
        messages: ['latitude and longitude are required'],
      });
    if (wanted.length === 0 || wanted.some((name) => name !== 'PRECTOTCORR'))
      return answer(res, 422, { header: 'Invalid request', messages: ['Unknown parameter'] });
    normalsRequests.push({ lat, lng });
    return answer(res, 200, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat, 600] },
      properties: { parameter: { PRECTOTCORR: NORMAL_RAIN_MM_A_DAY } },
      header: {
        title: 'NASA/POWER Climatology (fake)',
        api: { version: 'v2.5', name: 'POWER Climatology API' },
        fill_value: -999,
        range:
          '20-year Meteorological and Solar Monthly & Annual Climatologies (January 2001 - December 2020)',
      },
      messages: [],
      parameters: { PRECTOTCORR: { units: 'mm/day', longname: 'Precipitation Corrected' } },
      times: { data: 0.1, process: 0.01 },
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/scenario' && req.method === 'POST') {
      const next = url.searchParams.get('name') as WeatherScenario | null;
      if (!next || !WEATHER_SCENARIOS.includes(next))
        return answer(res, 400, { error: true, reason: 'Unknown scenario' });
      scenario = next;
      return answer(res, 200, { scenario });
    }
    if (req.method === 'GET' && url.pathname === '/api/temporal/climatology/point') {
      const failure = normalsFailures.shift();
      if (failure) return answer(res, failure, { messages: ['Service unavailable'] });
      return climatology(url.searchParams, res);
    }
    if (req.method !== 'GET' || url.pathname !== '/v1/forecast')
      return answer(res, 404, { error: true, reason: 'Not Found' });
    const failure = failures.shift();
    if (failure) return answer(res, failure, { error: true, reason: 'Service unavailable' });
    const params = url.searchParams;
    const apiKey = params.get('apikey');
    if (options.apiKey && apiKey !== options.apiKey)
      return answer(res, 400, { error: true, reason: 'Invalid API key' });
    const lat = Number(params.get('latitude'));
    const lng = Number(params.get('longitude'));
    if (!params.get('latitude') || !params.get('longitude') || !Number.isFinite(lat) || !Number.isFinite(lng))
      return answer(res, 400, { error: true, reason: 'Parameter latitude and longitude must be given' });
    if (params.get('daily') && !params.get('timezone'))
      return answer(res, 400, { error: true, reason: 'Timezone is required' });
    requests.push({ lat, lng, apiKey });
    return answer(res, 200, forecast(scenario, lat, lng, params));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    normalsRequests,
    setScenario: (next) => void (scenario = next),
    failNext: (status) => void (failures = [...failures, status]),
    failNextNormals: (status) => void (normalsFailures = [...normalsFailures, status]),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** A Guinea-savanna place's normal rain, mm a day by month: one wet season from April to October. */
const NORMAL_RAIN_MM_A_DAY = {
  JAN: 0.1,
  FEB: 0.3,
  MAR: 1.2,
  APR: 3.1,
  MAY: 5.0,
  JUN: 5.8,
  JUL: 6.9,
  AUG: 7.6,
  SEP: 7.0,
  OCT: 3.4,
  NOV: 0.4,
  DEC: -999,
  ANN: 3.4,
};

/** Today and the hour now on the Lagos clock. */
function lagosNow(): { date: string; hour: number } {
  return { date: dateIn(ZONE), hour: Number(timeIn(ZONE).slice(0, 2)) };
}

type Day = { code: number; tmax: number; tmin: number; rain: number; chance: number; wet: number };
type Hour = { temp: number; rh: number; rain: number; wind: number };

/** A day of the scenario, `offset` days from today (negative: observed). */
function dayOf(scenario: WeatherScenario, offset: number): Day {
  const rainy = Math.abs(offset) % 2 === 0;
  const normal: Day = rainy
    ? { code: 61, tmax: 30, tmin: 22, rain: 6, chance: 60, wet: 30 }
    : { code: 2, tmax: 31, tmin: 22, rain: 0, chance: 20, wet: 20 };
  switch (scenario) {
    case 'heavy_rain':
      if (offset === 2) return { code: 65, tmax: 27, tmin: 22, rain: 65, chance: 95, wet: 80 };
      if (offset === 3) return { code: 63, tmax: 28, tmin: 22, rain: 45, chance: 90, wet: 70 };
      return normal;
    case 'dry_spell':
      return offset >= -20 ? { code: 0, tmax: 34, tmin: 21, rain: 0, chance: 5, wet: 5 } : normal;
    case 'heat_wave':
      return offset >= 0 && offset <= 5
        ? { code: 0, tmax: 38, tmin: 27, rain: 0, chance: 5, wet: 5 }
        : normal;
    case 'blight':
      return { code: 3, tmax: 24, tmin: 14, rain: 2, chance: 50, wet: 75 };
    default:
      return normal;
  }
}

function hourOf(scenario: WeatherScenario, day: Day, hour: number): Hour {
  // Coolest at 05:00, hottest at 15:00.
  const warmth = (1 - Math.cos(((hour - 5 + 24) % 24) * (Math.PI / 10))) / 2;
  const temp = Math.round((day.tmin + (day.tmax - day.tmin) * Math.min(1, warmth)) * 10) / 10;
  const night = hour < 7 || hour >= 21;
  const rh = scenario === 'blight' && night ? 95 : scenario === 'dry_spell' ? 35 : 70;
  const rain = day.rain > 0 && hour >= 15 && hour < 18 ? Math.round((day.rain / 3) * 10) / 10 : 0;
  return { temp, rh, rain, wind: scenario === 'heavy_rain' ? 20 : 8 };
}

function forecast(scenario: WeatherScenario, lat: number, lng: number, params: URLSearchParams) {
  const now = lagosNow();
  const pastDays = Number(params.get('past_days') ?? 0);
  const forecastDays = Number(params.get('forecast_days') ?? 7);
  const pastHours = Number(params.get('past_hours') ?? 0);
  const forecastHours = Number(params.get('forecast_hours') ?? 24 * forecastDays);
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);

  const days = Array.from({ length: pastDays + forecastDays }, (_, i) => i - pastDays);
  const dailyValue: Record<string, (day: Day) => number> = {
    weather_code: (d) => d.code,
    temperature_2m_max: (d) => d.tmax,
    temperature_2m_min: (d) => d.tmin,
    precipitation_sum: (d) => d.rain,
    rain_sum: (d) => d.rain,
    precipitation_probability_max: (d) => d.chance,
    leaf_wetness_probability_mean: (d) => d.wet,
  };
  const daily: Record<string, unknown[]> = { time: days.map((offset) => addDays(now.date, offset)) };
  for (const name of list('daily'))
    daily[name] = days.map((offset) => dailyValue[name]?.(dayOf(scenario, offset)) ?? null);

  const hours = Array.from({ length: pastHours + forecastHours }, (_, i) => now.hour - pastHours + i);
  const at = (h: number) => {
    const offset = Math.floor(h / 24);
    const hour = ((h % 24) + 24) % 24;
    return {
      date: addDays(now.date, offset),
      hour,
      values: hourOf(scenario, dayOf(scenario, offset), hour),
    };
  };
  const hourlyValue: Record<string, (v: Hour) => number> = {
    temperature_2m: (v) => v.temp,
    relative_humidity_2m: (v) => v.rh,
    precipitation: (v) => v.rain,
    wind_speed_10m: (v) => v.wind,
  };
  const stamp = (h: number) => {
    const { date, hour } = at(h);
    return `${date}T${String(hour).padStart(2, '0')}:00`;
  };
  const hourly: Record<string, unknown[]> = { time: hours.map(stamp) };
  for (const name of list('hourly'))
    hourly[name] = hours.map((h) => hourlyValue[name]?.(at(h).values) ?? null);

  const nowValues = at(now.hour);
  const currentValue: Record<string, number> = {
    temperature_2m: nowValues.values.temp,
    relative_humidity_2m: nowValues.values.rh,
    precipitation: nowValues.values.rain,
    weather_code: dayOf(scenario, 0).code,
    wind_speed_10m: nowValues.values.wind,
  };
  const current: Record<string, unknown> = { time: stamp(now.hour), interval: 900 };
  for (const name of list('current')) current[name] = currentValue[name] ?? null;

  return {
    latitude: lat,
    longitude: lng,
    generationtime_ms: 0.2,
    utc_offset_seconds: 3600,
    timezone: ZONE,
    timezone_abbreviation: 'WAT',
    elevation: 600,
    ...(list('current').length ? { current } : {}),
    ...(list('daily').length ? { daily } : {}),
    ...(list('hourly').length ? { hourly } : {}),
  };
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

// Run directly: a fake Open-Meteo for offline development (`… weather:fake [port] [scenario]`).
if (import.meta.main) {
  const port = Number(process.argv[2] ?? 4020);
  const scenario = (process.argv[3] ?? 'normal') as WeatherScenario;
  const fake = await startFakeOpenMeteo({ port, scenario });
  console.log(
    `Fake Open-Meteo at ${fake.url} (${scenario}): set WEATHER_URL=${fake.url} (and NORMALS_URL, ` +
      `for NASA POWER's normals); ` +
      `change the weather with: curl -X POST '${fake.url}/scenario?name=heavy_rain'`,
  );
}
