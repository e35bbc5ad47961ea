import {
  cropHeatStress,
  drySpells,
  dryRuns,
  fallArmyworm,
  fungalRisk,
  heavyRain,
  lateBlight,
  poultryHeatStress,
  sprayWindows,
  stageWindow,
  type RiskFinding,
  type RiskSeverity,
} from './rules';
import { plusDays, type DailyWeather, type HourlyWeather } from './series';

/** The stage in which a crop flowers (heat then costs grain or fruit), by the knowledge base's keys. */
export const FLOWERING_STAGES = ['tasselling', 'flowering', 'heading', 'pegging'] as const;
/** Crops that late blight attacks. */
export const BLIGHT_CROPS = ['tomato', 'irish_potato', 'potato'] as const;
/** The start of the rains is news for this many days after it. */
export const ONSET_NEWS_DAYS = 14;
/** Spray windows are offered for the next few days only. */
export const SPRAY_DAYS_AHEAD = 3;

export type GrowingCrop = {
  id: string;
  crop_key: string;
  planting_date: string;
  stages: readonly { key: string; from_day: number }[];
  /** Plantings of this crop on this day that this row stands for (1 unless said). */
  count?: number;
};

const SEVERITY_ORDER: Record<RiskSeverity, number> = { severe: 0, warning: 1, info: 2 };

/**
 * The warnings that matter to this farm from its cell's weather: what it grows (dry spells from
 * each crop's sowing, heat at its flowering, armyworm on young maize, blight on tomato, fungal
 * weather, spray windows) and raises (poultry heat), and heavy rain for everyone. Only what
 * concerns today or later, the most serious first.
 */
export function farmRisks(input: {
  today: string;
  daily: readonly DailyWeather[];
  hourly: readonly HourlyWeather[];
  crops: readonly GrowingCrop[];
  keepsPoultry: boolean;
  /** This season's onset of the rains in the farm's zone, when the series shows it (`seasonOnset`). */
  onset?: { date: string; confirmed: boolean } | null;
}): RiskFinding[] {
  const { today, daily, hourly, crops, onset } = input;
  const found: RiskFinding[] = [...heavyRain(daily)];
  if (onset)
    found.push({
      rule: 'rain_onset',
      severity: 'info',
      from: onset.date,
      to: plusDays(onset.date, ONSET_NEWS_DAYS),
      values: { confirmed: onset.confirmed ? 1 : 0 },
    });
  if (input.keepsPoultry) found.push(...poultryHeatStress(daily.filter((day) => day.date >= today)));
  const youngMaize: { id: string; single: boolean; from: string; to: string }[] = [];
  const spells = dryRuns(daily);
  // Plantings of one crop on one day meet the same weather: each such group is judged once.
  for (const group of sameDayPlantings(crops)) {
    const [crop] = group;
    const size = group.reduce((sum, one) => sum + (one.count ?? 1), 0);
    const about = size === 1 ? crop.id : undefined;
    const count = (findings: RiskFinding[]) =>
      size === 1 ? findings : findings.map((f) => ({ ...f, values: { ...f.values, crops: size } }));
    found.push(...count(drySpells(daily, crop.planting_date, about, spells)));
    const flowering = stageSpan(crop, (key) => (FLOWERING_STAGES as readonly string[]).includes(key));
    if (flowering) found.push(...count(cropHeatStress(daily, flowering, about)));
    const tasselling = crop.crop_key === 'maize' && crop.stages.find((stage) => stage.key === 'tasselling');
    if (tasselling)
      youngMaize.push({
        id: crop.id,
        single: size === 1,
        ...stageWindow(crop.planting_date, 0, tasselling.from_day - 1),
      });
  }
  // Armyworm scouting is one piece of advice for all the farm's young maize, over their weeks together.
  if (youngMaize.length > 0) {
    const weeks = {
      from: youngMaize.reduce((first, crop) => (crop.from < first ? crop.from : first), youngMaize[0]!.from),
      to: youngMaize.reduce((last, crop) => (crop.to > last ? crop.to : last), youngMaize[0]!.to),
    };
    const about = youngMaize.length === 1 && youngMaize[0]!.single ? youngMaize[0]!.id : undefined;
    found.push(
      ...fallArmyworm(
        daily.filter((day) => day.date >= today),
        weeks,
        about,
      ),
    );
  }
  if (crops.some((crop) => (BLIGHT_CROPS as readonly string[]).includes(crop.crop_key)))
    found.push(...lateBlight(hourly));
  if (crops.length > 0) {
    found.push(...fungalRisk(daily, hourly));
    const lastSprayDay = plusDays(today, SPRAY_DAYS_AHEAD - 1);
    found.push(...sprayWindows(hourly).filter((window) => window.from <= lastSprayDay));
  }
  return mergeAcrossCrops(found.filter((finding) => finding.to >= today)).sort(byConcern);
}

/** The most serious first, then the soonest: the order the climate screen lists its alerts in. */
export function byConcern(a: RiskFinding, b: RiskFinding): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    a.from.localeCompare(b.from) ||
    a.rule.localeCompare(b.rule)
  );
}

/** The growing crops grouped by crop and planting day, each group with at least one crop. */
function sameDayPlantings(crops: readonly GrowingCrop[]): [GrowingCrop, ...GrowingCrop[]][] {
  const groups = new Map<string, [GrowingCrop, ...GrowingCrop[]]>();
  for (const crop of crops) {
    const key = `${crop.crop_key}|${crop.planting_date}`;
    const group = groups.get(key);
    if (group) group.push(crop);
    else groups.set(key, [crop]);
  }
  return [...groups.values()];
}

/**
 * One finding for the same rule, severity and days on several crops (a dry spell over every field
 * sown before it): it names no one crop and counts them in `values.crops`.
 */
function mergeAcrossCrops(findings: readonly RiskFinding[]): RiskFinding[] {
  const merged = new Map<string, RiskFinding>();
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.severity}|${finding.from}|${finding.to}`;
    const same = merged.get(key);
    if (!same) {
      merged.set(key, finding);
      continue;
    }
    const { about: _about, ...rest } = same;
    const crops = (same.values.crops ?? 1) + (finding.values.crops ?? 1);
    merged.set(key, { ...rest, values: { ...same.values, crops } });
  }
  return [...merged.values()];
}

/** The days of the first stage that passes `test`, from its first day to the day before the next stage. */
function stageSpan(crop: GrowingCrop, test: (key: string) => boolean): { from: string; to: string } | null {
  const index = crop.stages.findIndex((stage) => test(stage.key));
  if (index < 0) return null;
  const stage = crop.stages[index]!;
  const next = crop.stages[index + 1];
  return stageWindow(crop.planting_date, stage.from_day, next ? next.from_day - 1 : stage.from_day + 20);
}
