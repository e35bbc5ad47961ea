import {
  MARKET_BEFORE_DAYS,
  MARKET_MIN_SAMPLES,
  MARKET_MOVE_PERCENT,
  MARKET_RECENT_DAYS,
} from './market-rules';
import { daysFrom, hoursByDay, plusDays, runs, type DailyWeather, type HourlyWeather } from './series';

export const RISK_RULES = [
  'rain_onset',
  'false_start',
  'dry_spell',
  'heavy_rain',
  'crop_heat',
  'poultry_heat',
  'late_blight',
  'fungal',
  'fall_armyworm',
  'spray_window',
  'market_price',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];

export const RISK_SEVERITIES = ['info', 'warning', 'severe'] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

/**
 * What a rule found: the days it concerns (from and to, inclusive), how serious, what it is about
 * (a crop, when the rule is about one) and the numbers the alert's words quote. Weather rules read
 * the forecast; the market-price rule (`market-rules.ts`) reads Gona's marketplace listings.
 */
export type RiskFinding = {
  rule: RiskRule;
  severity: RiskSeverity;
  from: string;
  to: string;
  about?: string;
  values: Record<string, number>;
};

/** A day with no more rain than this is dry (Sivakumar 1988). */
export const DRY_DAY_MM = 1;
export const ONSET = { rain3DayMm: 20, longestDrySpell: 7, checkDays: 30, defaultStart: '05-01' } as const;
export const DRY_SPELL = { warningDays: 7, severeDays: 10, falseStartWithinDays: 30 } as const;
export const HEAVY_RAIN = { heavyMm: 50, veryHeavyMm: 100, threeDayMm: 100 } as const;
export const CROP_HEAT = { warningC: 35, severeC: 40 } as const;
export const POULTRY_HEAT = { warningC: 32, severeC: 34 } as const;
export const LATE_BLIGHT = { tminC: 10, humidRh: 90, humidHours: 6, days: 2 } as const;
export const FUNGAL = {
  leafWetnessPercent: 50,
  humidRh: 90,
  humidHours: 10,
  fromC: 20,
  toC: 28,
  days: 2,
} as const;
export const FALL_ARMYWORM = { fromC: 18, toC: 33, favourableDays: 3 } as const;
/** An hour with this much rain or more is wet; spraying needs six dry hours and a light wind. */
export const SPRAY = { dryHours: 6, wetHourMm: 0.2, windKmh: 15, firstHour: 6, lastHour: 17 } as const;

/** Each rule's threshold and where it comes from, shown with every alert it raises. */
export const RULE_SOURCES: Record<RiskRule, { threshold: string; source: string }> = {
  rain_onset: {
    threshold: `${ONSET.rain3DayMm} mm over 3 days, then no dry spell longer than ${ONSET.longestDrySpell} days in the next ${ONSET.checkDays}`,
    source: 'Sivakumar, Agricultural and Forest Meteorology 42 (1988)',
  },
  false_start: {
    threshold: `${DRY_SPELL.warningDays} or more dry days (${DRY_SPELL.severeDays} severe) within ${DRY_SPELL.falseStartWithinDays} days of sowing`,
    source: 'Sivakumar (1988); NiMet Seasonal Climate Prediction',
  },
  dry_spell: {
    threshold: `${DRY_SPELL.warningDays} or more days with ${DRY_DAY_MM} mm of rain or less (${DRY_SPELL.severeDays} severe)`,
    source: 'Sivakumar (1988); NiMet Seasonal Climate Prediction',
  },
  heavy_rain: {
    threshold: `${HEAVY_RAIN.heavyMm} mm in a day (${HEAVY_RAIN.veryHeavyMm} mm severe) or ${HEAVY_RAIN.threeDayMm} mm in 3 days`,
    source: 'NiMet and NIHSA flood outlooks',
  },
  crop_heat: {
    threshold: `${CROP_HEAT.warningC} °C or hotter at flowering (${CROP_HEAT.severeC} °C stops pollination)`,
    source: 'Lizaso et al., Field Crops Research (2018)',
  },
  poultry_heat: {
    threshold: `${POULTRY_HEAT.warningC} °C or hotter (${POULTRY_HEAT.severeC} °C: layers lay fewer eggs)`,
    source: 'Heat stress in poultry, Animals 12:2297 (2022)',
  },
  late_blight: {
    threshold: `${LATE_BLIGHT.days} days in a row with at least ${LATE_BLIGHT.tminC} °C and ${LATE_BLIGHT.humidHours} hours at ${LATE_BLIGHT.humidRh} % humidity`,
    source: 'Hutton Criteria, James Hutton Institute and AHDB',
  },
  fungal: {
    threshold: `${FUNGAL.days} days in a row with wet leaves or ${FUNGAL.humidHours} humid hours at ${FUNGAL.fromC} to ${FUNGAL.toC} °C`,
    source: 'Open-Meteo leaf wetness; field scouting practice',
  },
  fall_armyworm: {
    threshold: `Young maize with days between ${FALL_ARMYWORM.fromC} and ${FALL_ARMYWORM.toC} °C`,
    source: 'CIMMYT Maize Doctor; ARC South Africa FAWarned',
  },
  spray_window: {
    threshold: `${SPRAY.dryHours} dry hours after spraying and wind under ${SPRAY.windKmh} km/h`,
    source: 'Pesticide label practice',
  },
  market_price: {
    threshold: `The median price a kg moved ${MARKET_MOVE_PERCENT} % or more between the last ${MARKET_RECENT_DAYS} days and the ${MARKET_BEFORE_DAYS} days before, with at least ${MARKET_MIN_SAMPLES} listings in each`,
    source:
      "Gona's own marketplace listings (sellers' asking prices, not market surveys; your farm's own listings left out)",
  },
};

const isDry = (day: DailyWeather) => (day.rain_mm === null ? null : day.rain_mm <= DRY_DAY_MM);

/**
 * The onset of the rains (Sivakumar): the first day on or after the season's start (1 May unless
 * the zone says otherwise, as mm-dd) whose last 3 days brought 20 mm, with no dry spell longer than
 * 7 days in the 30 days after. Confirmed when all 30 days are known; likely when the series ends
 * sooner (the forecast's horizon).
 */
export function rainOnset(
  daily: readonly DailyWeather[],
  seasonStart: string = ONSET.defaultStart,
): { date: string; confirmed: boolean } | null {
  for (let i = 2; i < daily.length; i += 1) {
    const day = daily[i]!;
    if (day.date.slice(5) < seasonStart) continue;
    const three = daily.slice(i - 2, i + 1).map((d) => d.rain_mm);
    if (three.some((mm) => mm === null)) continue;
    if ((three as number[]).reduce((a, b) => a + b, 0) < ONSET.rain3DayMm) continue;
    const after = daily.slice(i + 1, i + 1 + ONSET.checkDays);
    const longest = Math.max(0, ...runs(after, isDry).map(([a, b]) => b - a + 1));
    if (longest > ONSET.longestDrySpell) continue;
    return {
      date: day.date,
      confirmed: after.length === ONSET.checkDays && after.every((d) => d.rain_mm !== null),
    };
  }
  return null;
}

/**
 * The onset of this year's rains as far as the series shows it: looked for from the zone's search
 * day (`ONSET_SEARCH_FROM`) only when the series reaches back to that day, so rain late in the
 * season is never taken for its start. Null before the search day, after the series has moved past
 * it, or while the rains have not started.
 */
export function seasonOnset(
  daily: readonly DailyWeather[],
  searchFrom: string,
): { date: string; confirmed: boolean } | null {
  const first = daily[0]?.date;
  const last = daily.at(-1)?.date;
  if (!first || !last) return null;
  // The search day of the series' last year, or of the year before when that is still in reach.
  for (const year of [Number(last.slice(0, 4)), Number(last.slice(0, 4)) - 1]) {
    const start = `${year}-${searchFrom}`;
    if (start > last) continue;
    if (start < first) return null;
    const from = Math.max(0, daily.findIndex((day) => day.date >= start) - 2);
    const onset = rainOnset(daily.slice(from), searchFrom);
    return onset && onset.date.slice(0, 4) === String(year) ? onset : null;
  }
  return null;
}

/** The series' runs of dry days, as [first, last] indexes: worked out once for all a farm's crops. */
export function dryRuns(daily: readonly DailyWeather[]): [number, number][] {
  return runs(daily, isDry);
}

/**
 * Dry spells from the sowing day on: 7 days with 1 mm or less is a warning, 10 severe. A spell
 * starting within 30 days of sowing is a false start (the seedlings may die); later, a dry spell.
 * A spell still running at the end of the series counts the days known so far. `spells` are the
 * series' dry runs when the caller has them already.
 */
export function drySpells(
  daily: readonly DailyWeather[],
  sownOn: string,
  about?: string,
  spells: readonly [number, number][] = dryRuns(daily),
): RiskFinding[] {
  const from = daily.findIndex((day) => day.date >= sownOn);
  if (from < 0) return [];
  const found: RiskFinding[] = [];
  for (const [start, end] of spells) {
    if (end < from) continue;
    const first = Math.max(start, from);
    const days = end - first + 1;
    if (days < DRY_SPELL.warningDays) continue;
    found.push({
      rule:
        daysFrom(sownOn, daily[first]!.date) < DRY_SPELL.falseStartWithinDays ? 'false_start' : 'dry_spell',
      severity: days >= DRY_SPELL.severeDays ? 'severe' : 'warning',
      from: daily[first]!.date,
      to: daily[end]!.date,
      ...(about ? { about } : {}),
      values: { days },
    });
  }
  return found;
}

/** Heavy rain: 50 mm in a day (100 mm severe), or 100 mm over 3 days (severe: floods); one finding a wet period. */
export function heavyRain(daily: readonly DailyWeather[]): RiskFinding[] {
  const level = daily.map(() => 0);
  const threeDay = daily.map(() => 0);
  daily.forEach((day, i) => {
    const mm = day.rain_mm ?? 0;
    if (mm >= HEAVY_RAIN.veryHeavyMm) level[i] = 2;
    else if (mm >= HEAVY_RAIN.heavyMm) level[i] = Math.max(level[i]!, 1);
    if (i < 2) return;
    const window = daily.slice(i - 2, i + 1).map((d) => d.rain_mm);
    if (window.some((v) => v === null)) return;
    const sum = (window as number[]).reduce((a, b) => a + b, 0);
    for (let j = i - 2; j <= i; j += 1) threeDay[j] = Math.max(threeDay[j]!, sum);
    if (sum >= HEAVY_RAIN.threeDayMm) for (let j = i - 2; j <= i; j += 1) level[j] = 2;
  });
  return runs(
    daily.map((_, i) => i),
    (i) => level[i]! > 0,
  ).map(([a, b]) => {
    const span = daily.slice(a, b + 1);
    return {
      rule: 'heavy_rain',
      severity: level.slice(a, b + 1).some((l) => l === 2) ? 'severe' : 'warning',
      from: span[0]!.date,
      to: span.at(-1)!.date,
      values: {
        max_day_mm: round1(Math.max(...span.map((d) => d.rain_mm ?? 0))),
        max_3day_mm: round1(Math.max(...threeDay.slice(a, b + 1))),
      },
    };
  });
}

/** Days at or above a temperature, merged into periods, for the two heat rules. */
function hotDays(
  daily: readonly DailyWeather[],
  rule: 'crop_heat' | 'poultry_heat',
  limits: { warningC: number; severeC: number },
  about?: string,
): RiskFinding[] {
  return runs(daily, (day) => (day.tmax_c === null ? null : day.tmax_c >= limits.warningC)).map(([a, b]) => {
    const hottest = Math.max(...daily.slice(a, b + 1).map((d) => d.tmax_c ?? -Infinity));
    return {
      rule,
      severity: hottest >= limits.severeC ? 'severe' : 'warning',
      from: daily[a]!.date,
      to: daily[b]!.date,
      ...(about ? { about } : {}),
      values: { tmax_c: round1(hottest) },
    };
  });
}

/** A crop's flowering days (from, to) with 35 °C or more: pollination fails; 40 °C stops it. */
export function cropHeatStress(
  daily: readonly DailyWeather[],
  flowering: { from: string; to: string },
  about?: string,
): RiskFinding[] {
  const days = daily.filter((day) => day.date >= flowering.from && day.date <= flowering.to);
  return hotDays(days, 'crop_heat', CROP_HEAT, about);
}

/** Birds pant from 32 °C and eat less; from 34 °C layers lay fewer eggs with thinner shells. */
export function poultryHeatStress(daily: readonly DailyWeather[]): RiskFinding[] {
  return hotDays(daily, 'poultry_heat', POULTRY_HEAT);
}

/**
 * Late blight of tomato and potato (Hutton Criteria): two days in a row, each with a minimum of
 * 10 °C or more and at least 6 hours at 90 % humidity or more. Days with fewer than 20 hours of
 * data are not judged.
 */
export function lateBlight(hourly: readonly HourlyWeather[]): RiskFinding[] {
  const days = [...hoursByDay(hourly)].map(([date, hours]) => {
    const temps = hours.map((h) => h.temp_c).filter((t): t is number => t !== null);
    const humid = hours.filter((h) => h.rh_percent !== null && h.rh_percent >= LATE_BLIGHT.humidRh).length;
    const known = temps.length >= 20;
    return {
      date,
      hutton: known ? Math.min(...temps) >= LATE_BLIGHT.tminC && humid >= LATE_BLIGHT.humidHours : null,
      humid,
    };
  });
  return runs(days, (day) => day.hutton)
    .filter(([a, b]) => b - a + 1 >= LATE_BLIGHT.days)
    .map(([a, b]) => ({
      rule: 'late_blight',
      severity: 'warning',
      from: days[a]!.date,
      to: days[b]!.date,
      values: { days: b - a + 1, humid_hours: Math.min(...days.slice(a, b + 1).map((d) => d.humid)) },
    }));
}

/**
 * Leaf spots, blast and anthracnose: two days in a row with leaves likely wet (over 50 %), or with
 * 10 hours or more at 90 % humidity between 20 and 28 °C.
 */
export function fungalRisk(daily: readonly DailyWeather[], hourly: readonly HourlyWeather[]): RiskFinding[] {
  const byDay = hoursByDay(hourly);
  const risky = daily.map((day) => {
    const wet = day.leaf_wetness_percent != null && day.leaf_wetness_percent > FUNGAL.leafWetnessPercent;
    const humidWarm = (byDay.get(day.date) ?? []).filter(
      (h) =>
        h.rh_percent !== null &&
        h.temp_c !== null &&
        h.rh_percent >= FUNGAL.humidRh &&
        h.temp_c >= FUNGAL.fromC &&
        h.temp_c <= FUNGAL.toC,
    ).length;
    return wet || humidWarm >= FUNGAL.humidHours;
  });
  return runs(
    daily.map((_, i) => i),
    (i) => risky[i]!,
  )
    .filter(([a, b]) => b - a + 1 >= FUNGAL.days)
    .map(([a, b]) => ({
      rule: 'fungal',
      severity: 'warning',
      from: daily[a]!.date,
      to: daily[b]!.date,
      values: { days: b - a + 1 },
    }));
}

/**
 * Fall armyworm on young maize (emergence to tasselling): the moth develops between 18 and 33 °C.
 * Three or more such days in the maize's young weeks ask for weekly scouting.
 */
export function fallArmyworm(
  daily: readonly DailyWeather[],
  young: { from: string; to: string },
  about?: string,
): RiskFinding[] {
  const days = daily.filter(
    (day) => day.date >= young.from && day.date <= young.to && day.tmax_c !== null && day.tmin_c !== null,
  );
  const favourable = days.filter((day) => {
    const mean = (day.tmax_c! + day.tmin_c!) / 2;
    return mean >= FALL_ARMYWORM.fromC && mean <= FALL_ARMYWORM.toC;
  });
  if (favourable.length < FALL_ARMYWORM.favourableDays) return [];
  return [
    {
      rule: 'fall_armyworm',
      severity: 'info',
      from: favourable[0]!.date,
      to: favourable.at(-1)!.date,
      ...(about ? { about } : {}),
      values: { days: favourable.length },
    },
  ];
}

/**
 * The first hour of each day (06:00 to 17:00) when spraying stays on the leaves: wind under
 * 15 km/h then, and no rain in it and the 5 hours after. Days without one are left out.
 */
export function sprayWindows(hourly: readonly HourlyWeather[]): RiskFinding[] {
  const index = new Map(hourly.map((hour, i) => [hour.time, i]));
  const found: RiskFinding[] = [];
  for (const [date] of hoursByDay(hourly)) {
    for (let hour = SPRAY.firstHour; hour <= SPRAY.lastHour; hour += 1) {
      const start = index.get(`${date}T${String(hour).padStart(2, '0')}:00`);
      if (start === undefined) continue;
      const span = hourly.slice(start, start + SPRAY.dryHours);
      const calm = span[0]!.wind_kmh !== null && span[0]!.wind_kmh < SPRAY.windKmh;
      const dry =
        span.length === SPRAY.dryHours &&
        span.every((h) => h.rain_mm !== null && h.rain_mm < SPRAY.wetHourMm);
      if (calm && dry) {
        found.push({ rule: 'spray_window', severity: 'info', from: date, to: date, values: { hour } });
        break;
      }
    }
  }
  return found;
}

/** The days a crop flowers or is young, from its planting day and the stage days of the knowledge base. */
export function stageWindow(plantedOn: string, fromDay: number, toDay: number): { from: string; to: string } {
  return { from: plusDays(plantedOn, fromDay), to: plusDays(plantedOn, toDay) };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
