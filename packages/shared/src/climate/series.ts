/**
 * Weather as the risk rules read it: one row a day (the farm's calendar days, oldest first) and one
 * row an hour (the farm's local time). Missing values are null (a weather service's gap); a rule
 * never treats a gap as dry, hot or humid.
 */
export type DailyWeather = {
  /** yyyy-mm-dd on the farm's clock. */
  date: string;
  rain_mm: number | null;
  tmax_c: number | null;
  tmin_c: number | null;
  /** Open-Meteo's leaf_wetness_probability_mean, when the model has it. */
  leaf_wetness_percent?: number | null;
};

export type HourlyWeather = {
  /** yyyy-mm-ddThh:mm on the farm's clock. */
  time: string;
  temp_c: number | null;
  rh_percent: number | null;
  rain_mm: number | null;
  wind_kmh: number | null;
};

/** Days already worked out: the rules ask the same few dates again and again. */
const shifted = new Map<string, string>();
const SHIFTED_MAX = 5_000;

/** yyyy-mm-dd plus `days` (calendar arithmetic, no time zone involved). */
export function plusDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let result = shifted.get(key);
  if (result === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    result = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    if (shifted.size >= SHIFTED_MAX) shifted.clear();
    shifted.set(key, result);
  }
  return result;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A run of days that meet a test, as [first, last] indexes into the series; gaps (null) break a run. */
export function runs<T>(series: readonly T[], test: (row: T) => boolean | null): [number, number][] {
  const found: [number, number][] = [];
  let start = -1;
  series.forEach((row, index) => {
    const ok = test(row) === true;
    if (ok && start < 0) start = index;
    if (!ok && start >= 0) {
      found.push([start, index - 1]);
      start = -1;
    }
  });
  if (start >= 0) found.push([start, series.length - 1]);
  return found;
}

/** The hours of each day, by date, for rules that count hours in a day. */
export function hoursByDay(hours: readonly HourlyWeather[]): Map<string, HourlyWeather[]> {
  const days = new Map<string, HourlyWeather[]>();
  for (const hour of hours) {
    const date = hour.time.slice(0, 10);
    const list = days.get(date);
    if (list) list.push(hour);
    else days.set(date, [hour]);
  }
  return days;
}

/** A forecast day as the climate screen shows it: the rules' values plus the sky and the chance of rain. */
export type DailyForecast = DailyWeather & {
  /** WMO weather code (0 clear … 95 thunderstorm), as Open-Meteo gives it. */
  weather_code: number | null;
  rain_chance_percent: number | null;
};

export type CurrentWeather = {
  time: string;
  temp_c: number | null;
  rh_percent: number | null;
  rain_mm: number | null;
  weather_code: number | null;
  wind_kmh: number | null;
};

/** One weather cell's forecast as stored: the past 90 days and the next 16, and hours around now. */
export type CellWeather = {
  /** The cell's time zone as the weather service names it. */
  timezone: string;
  current: CurrentWeather | null;
  daily: DailyForecast[];
  hourly: HourlyWeather[];
};
