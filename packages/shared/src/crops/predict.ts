import { DEFAULT_YIELD_PER_AREA, FULL_CONFIDENCE } from './constants';
import type { Factor, PredictionFactors } from './schemas';

/** Confidence lost for each factor not known (weather, soil, history), down from FULL_CONFIDENCE. */
const UNKNOWN_FACTOR_COST = 0.1;

export type YieldPrediction = {
  predicted_yield: number;
  low: number;
  high: number;
  confidence_score: number;
  typical_t_ha: number;
  factors: PredictionFactors;
};

/**
 * A deterministic, explainable yield prediction in tonnes for a planting: area × the crop's
 * typical yield (DEFAULT_YIELD_PER_AREA when the knowledge base has none) × weather × soil ×
 * history. Confidence is FULL_CONFIDENCE with all three factors known and 0.1 lower for each
 * unknown; the range around the prediction widens as confidence falls (± (1 − confidence)).
 */
export function predictYield(input: {
  area_ha: number;
  typical_t_ha: number | null;
  factors: PredictionFactors;
}): YieldPrediction {
  const typical = input.typical_t_ha ?? DEFAULT_YIELD_PER_AREA;
  const all: Factor[] = Object.values(input.factors);
  const multiplier = all.reduce((product, factor) => product * factor.value, 1);
  const unknown = all.filter((factor) => !factor.known).length;
  const confidence = round(FULL_CONFIDENCE - UNKNOWN_FACTOR_COST * unknown, 2);
  const predicted = input.area_ha * typical * multiplier;
  const spread = 1 - confidence;
  return {
    predicted_yield: round(predicted, 3),
    low: round(predicted * (1 - spread), 3),
    high: round(predicted * (1 + spread), 3),
    confidence_score: confidence,
    typical_t_ha: typical,
    factors: input.factors,
  };
}

/** Most crops do best between pH 5.5 and 7.5; outside it, yields fall (a lime or sulphur problem). */
export function soilFactor(ph: number | null): Factor {
  if (ph === null) return { known: false, value: 1, basis: 'no_soil_record', detail: null };
  if (ph < 5.5) return { known: true, value: ph < 5 ? 0.8 : 0.9, basis: 'soil_acid', detail: ph };
  if (ph > 7.5) return { known: true, value: ph > 8 ? 0.8 : 0.9, basis: 'soil_alkaline', detail: ph };
  return { known: true, value: 1, basis: 'soil_in_range', detail: ph };
}

/**
 * This farm's past yields of the crop against the typical one: their mean ratio, held between 0.5
 * and 1.5 so one odd season does not swing the prediction too far.
 */
export function historyFactor(pastTHa: readonly number[], typicalTHa: number): Factor {
  if (pastTHa.length === 0) return { known: false, value: 1, basis: 'no_past_harvests', detail: null };
  const mean = pastTHa.reduce((sum, value) => sum + value, 0) / pastTHa.length;
  const ratio = Math.min(1.5, Math.max(0.5, mean / typicalTHa));
  return { known: true, value: round(ratio, 3), basis: 'past_harvests', detail: pastTHa.length };
}

/** The weather left out, as predictions made before the season's rain was read have it (see weatherFactor). */
export const WEATHER_UNKNOWN: Factor = { known: false, value: 1, basis: 'no_climate_data', detail: null };

export type HarvestCheck = {
  /** Tonnes harvested, counting the harvests with a known weight. */
  harvested_t: number;
  /** Harvests recorded without a weight (tubers, baskets): left out of the count. */
  unweighed: number;
  /** The prediction the farmer had before the harvest began (else the first one made). */
  prediction: { low: number; high: number; predicted_yield: number; prediction_date: string };
  outcome: 'below' | 'within' | 'above';
  /** Harvested against the most likely yield, in whole percent (-20 is a fifth less). */
  difference_percent: number;
};

/**
 * The harvest set beside the prediction made for it: the latest prediction on or before the first
 * harvest day (the one a farmer planned with), or the earliest one when all came after. Null when
 * there is no prediction or no harvest yet.
 */
export function checkHarvest(
  predictions: readonly { low: number; high: number; predicted_yield: number; prediction_date: string }[],
  harvests: readonly { date: string; kg: string | null }[],
): HarvestCheck | null {
  if (predictions.length === 0 || harvests.length === 0) return null;
  const firstHarvest = harvests.reduce((first, h) => (h.date < first ? h.date : first), harvests[0]!.date);
  const byDate = [...predictions].sort((a, b) => a.prediction_date.localeCompare(b.prediction_date));
  const before = byDate.filter((p) => p.prediction_date <= firstHarvest);
  const prediction = before.at(-1) ?? byDate[0]!;
  const weighed = harvests.filter((h) => h.kg !== null);
  const harvested = round(weighed.reduce((sum, h) => sum + Number(h.kg), 0) / 1000, 3);
  const outcome = harvested < prediction.low ? 'below' : harvested > prediction.high ? 'above' : 'within';
  const difference =
    prediction.predicted_yield > 0 ? Math.round((harvested / prediction.predicted_yield - 1) * 100) : 0;
  return {
    harvested_t: harvested,
    unweighed: harvests.length - weighed.length,
    prediction,
    outcome,
    difference_percent: difference,
  };
}

function round(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
