import { addDays, daysBetween } from '../livestock/rules';
import type { CropStage } from './knowledge';
import type { Factor, StageDate, StageTiming } from './schemas';

/** Fewer days of rain since planting than this are too few to judge the season by. */
export const SEASON_RAIN_MIN_DAYS = 14;
/** Under this much normal rain over the counted days the crop is a dry-season one (watered): rain is left out. */
export const DRY_SEASON_NORMAL_MM = 25;

/**
 * The season's rain by percent of its normal → the weather's multiplier. Too little water costs
 * most (grain set and tuber bulking need it); much more than normal costs a little (waterlogging,
 * leached nitrogen, leaf disease). Between 80% and 130% the season is taken as on track.
 */
const RAIN_BANDS: { below: number; value: number; basis: Factor['basis'] }[] = [
  { below: 60, value: 0.8, basis: 'rain_very_short' },
  { below: 80, value: 0.9, basis: 'rain_short' },
  { below: 130.5, value: 1, basis: 'rain_on_track' },
  { below: Infinity, value: 0.95, basis: 'rain_excess' },
];

/** What is missing when the weather service has nothing for the farm. */
const MISSING = {
  not_configured: 'weather_not_configured',
  no_location: 'no_farm_location',
  waiting: 'weather_not_fetched',
} as const;

/** What the weather service has for the farm's place: its days so far, or why there are none. */
export type WeatherReading =
  | { status: 'not_configured' | 'no_location' | 'waiting' }
  | { status: 'ready'; days: readonly { date: string; rain_mm: number | null; normal_mm: number | null }[] };

/**
 * The weather factor of a yield prediction: the rain of the days from planting to yesterday that the
 * weather service has, against the normal rain of the same days; or, when it cannot be worked out,
 * exactly what is missing (known: false, no effect).
 */
export function weatherFactor(plantingDate: string, today: string, reading: WeatherReading): Factor {
  const unknown = (basis: Factor['basis'], detail: number | null = null, rain: Factor['rain'] = null) => ({
    known: false,
    value: 1,
    basis,
    detail,
    rain,
  });
  if (plantingDate >= today) return unknown('not_planted_yet');
  if (reading.status !== 'ready') return unknown(MISSING[reading.status]);
  const days = reading.days.filter(
    (day) => day.date >= plantingDate && day.date < today && day.rain_mm !== null,
  );
  if (days.length === 0) return unknown('weather_not_fetched');
  const sum = (values: number[]) =>
    round(
      values.reduce((total, value) => total + value, 0),
      1,
    );
  const span = (counted: typeof days, normal: number | null) => ({
    from: counted[0]!.date,
    to: counted.at(-1)!.date,
    days: counted.length,
    mm: sum(counted.map((day) => day.rain_mm!)),
    normal_mm: normal,
  });
  if (days.length < SEASON_RAIN_MIN_DAYS) return unknown('season_too_short', days.length, span(days, null));
  const withNormal = days.filter((day) => day.normal_mm !== null);
  if (withNormal.length < SEASON_RAIN_MIN_DAYS) {
    const rain = span(days, null);
    return unknown('no_rain_normals', rain.mm, rain);
  }
  const rain = span(withNormal, sum(withNormal.map((day) => day.normal_mm!)));
  if (rain.normal_mm! < DRY_SEASON_NORMAL_MM)
    return { known: true, value: 1, basis: 'dry_season', detail: rain.normal_mm, rain };
  const percent = Math.round((rain.mm / rain.normal_mm!) * 100);
  const band = RAIN_BANDS.find((candidate) => percent < candidate.below)!;
  return { known: true, value: band.value, basis: band.basis, detail: percent, rain };
}

/** A stage recorded more than this many days from its expected day is marked late (or early). */
export const STAGE_LATE_AFTER_DAYS = 7;

/**
 * A planting's stages with their dates: expected (the planting day plus the stage's day in the
 * knowledge base; the harvest on the expected harvest day) and actual (the first day the farm
 * recorded the stage, or its first harvest). Expected dates follow the plan from the planting day,
 * so a stage that came late stands out rather than moving the ones after it.
 */
export function stageTimeline(input: {
  stages: readonly CropStage[];
  plantingDate: string;
  expectedHarvest: string;
  /** The farm's growth-stage records, any order. */
  recorded: readonly { stage_key: string; start_date: string }[];
  /** The first harvest day, if any. */
  firstHarvest: string | null;
  harvestName: string;
  today: string;
}): StageDate[] {
  const firstSeen = new Map<string, string>();
  for (const { stage_key, start_date } of input.recorded) {
    const seen = firstSeen.get(stage_key);
    if (!seen || start_date < seen) firstSeen.set(stage_key, start_date);
  }
  const rows = input.stages.map((stage) => ({
    key: stage.key,
    name: stage.name,
    expected: addDays(input.plantingDate, stage.from_day),
    actual: firstSeen.get(stage.key) ?? null,
  }));
  rows.push({
    key: 'harvest',
    name: input.harvestName,
    expected: input.expectedHarvest,
    actual: input.firstHarvest,
  });
  return rows.map(({ key, name, expected, actual }) => {
    const late = actual === null ? null : daysBetween(expected, actual);
    return {
      key,
      name,
      expected_date: expected,
      actual_date: actual,
      days_late: late,
      timing: timingOf(late, expected, input.today),
    };
  });
}

function timingOf(late: number | null, expected: string, today: string): StageTiming {
  if (late === null) return expected < today ? 'not_recorded' : 'upcoming';
  if (late > STAGE_LATE_AFTER_DAYS) return 'late';
  if (late < -STAGE_LATE_AFTER_DAYS) return 'early';
  return 'on_time';
}

function round(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
