import type { Quantity } from '../units/quantity';
import { averageDailyGainGrams } from './rules';

// Growth against a target curve: pure rules, without zod, so the chart and the server agree.

/** A weight range (kg) for one age on a target curve. */
export type WeightRange = { low_kg: number; high_kg: number };
/** One point of a target curve: the weight range at an age in days from birth or hatching. */
export type GrowthPoint = WeightRange & { age_days: number };
export type GrowthVerdict = 'behind' | 'on_target' | 'ahead';

/**
 * The daily gain in whole grams: from the first weighing to the last, and over the last interval
 * (null when there is only one interval: it is the average).
 */
export type DailyGain = { average_g_per_day: number; last_g_per_day: number | null };

/**
 * The target range at an age: a point's own range on it, a straight line between the two points
 * around it, and null before the first point or after the last (the curve says nothing there).
 * Points are in order of age, as the knowledge base keeps them.
 */
export function targetAt(points: readonly GrowthPoint[], ageDays: number): WeightRange | null {
  const after = points.findIndex((point) => point.age_days >= ageDays);
  if (after === -1) return null;
  const next = points[after]!;
  if (next.age_days === ageDays) return { low_kg: next.low_kg, high_kg: next.high_kg };
  if (after === 0) return null;
  const before = points[after - 1]!;
  const share = (ageDays - before.age_days) / (next.age_days - before.age_days);
  const between = (from: number, to: number) => grams(from + (to - from) * share);
  return { low_kg: between(before.low_kg, next.low_kg), high_kg: between(before.high_kg, next.high_kg) };
}

/**
 * The average daily gain from the first weighing to the last, and over the last interval: from the
 * latest weighing on an earlier day to the latest one. Null with fewer than two weighings or when
 * they were all on one day. Weighings may come in any order (the API answers newest first).
 */
export function dailyGain(logs: readonly { date: string; weight_kg: Quantity }[]): DailyGain | null {
  const sorted = [...logs].sort((a, b) => a.date.localeCompare(b.date));
  const [first, last] = [sorted[0], sorted.at(-1)];
  if (!first || !last) return null;
  const average = averageDailyGainGrams(first, last);
  if (average === null) return null;
  const previous = sorted.filter((log) => log.date < last.date).at(-1)!;
  return {
    average_g_per_day: average,
    last_g_per_day: previous.date === first.date ? null : averageDailyGainGrams(previous, last),
  };
}

/** Below the range is behind, above it ahead, inside it (its ends included) on target. */
export function growthVerdict(weightKg: number, target: WeightRange): GrowthVerdict {
  if (weightKg < target.low_kg) return 'behind';
  if (weightKg > target.high_kg) return 'ahead';
  return 'on_target';
}

/** To the gram, so a range read between two points carries no floating-point dust. */
function grams(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}
