import { fromMilli, toMilli, type Quantity } from '../units/quantity';
import { EGGS_PER_CRATE, INCREASING_EVENTS, type EventKind } from './constants';

// Pure rules, without zod, so screens and the server compute them the same way.

export type HeadCountOutcome =
  { ok: true; after: number; change: number } | { ok: false; reason: 'below_zero'; available: number };

/**
 * The head-count rule: births, purchases and transfers in add; every other event takes away. A
 * count never goes below zero, so taking away more than there are is refused (an expected outcome,
 * returned rather than thrown).
 */
export function applyHeadCountEvent(
  headCount: number,
  event: { kind: EventKind; count: number },
): HeadCountOutcome {
  const change = INCREASING_EVENTS.includes(event.kind) ? event.count : -event.count;
  const after = headCount + change;
  if (after < 0) return { ok: false, reason: 'below_zero', available: headCount };
  return { ok: true, after, change };
}

/**
 * Hen-day rate: eggs collected in a day for each hen present that day, as a percentage with one
 * decimal (412 eggs from 497 hens → 82.9). Null when there were no hens.
 */
export function henDayPercent(eggs: number, hensPresent: number): number | null {
  if (hensPresent <= 0) return null;
  return Math.round((eggs * 1000) / hensPresent) / 10;
}

/** Eggs as farmers count them: whole crates of 30 and the eggs left over (412 → 13 crates + 22). */
export function eggsAsCrates(eggs: number): { crates: number; remainder: number } {
  return { crates: Math.floor(eggs / EGGS_PER_CRATE), remainder: eggs % EGGS_PER_CRATE };
}

/**
 * Average daily gain between two weighings, in grams a day (whole grams), from exact kg strings.
 * Null when the second is not after the first.
 */
export function averageDailyGainGrams(
  first: { date: string; weight_kg: Quantity },
  last: { date: string; weight_kg: Quantity },
): number | null {
  const days = daysBetween(first.date, last.date);
  if (days <= 0) return null;
  const gainGrams = milli(last.weight_kg) - milli(first.weight_kg);
  return Math.round(gainGrams / days);
}

/**
 * Feed conversion ratio: kg of feed eaten for each kg gained, to two decimals (lower is better; a
 * good broiler flock is about 1.6–1.9). Null without a gain.
 */
export function feedConversionRatio(feedKg: Quantity, gainKg: Quantity): number | null {
  const gain = milli(gainKg);
  if (gain <= 0) return null;
  return Math.round((milli(feedKg) * 100) / gain) / 100;
}

/** The weight a group gained: average weight times heads, from the first weighing to the last. */
export function groupGainKg(
  first: { weight_kg: Quantity; count: number },
  last: { weight_kg: Quantity; count: number },
): Quantity {
  return fromMilli(Math.max(0, milli(last.weight_kg) * last.count - milli(first.weight_kg) * first.count));
}

/**
 * The day a treatment's withdrawal period ends: the date it was given plus the days on the label.
 * Meat, milk and eggs may be sold or eaten again from that day. Null for no withdrawal.
 */
export function withdrawalEndDate(date: string, withdrawalDays: number): string | null {
  if (withdrawalDays <= 0) return null;
  return addDays(date, withdrawalDays);
}

/** True while the animal may not be sold or eaten: before its withdrawal end date. */
export function isUnderWithdrawal(withdrawalUntil: string | null | undefined, today: string): boolean {
  return Boolean(withdrawalUntil && today < withdrawalUntil);
}

/** "Not for sale or eating until 08/06/2025": the server's words (the marketplace refuses with them). */
export function withdrawalNotice(withdrawalUntil: string): string {
  return `Not for sale or eating until ${dayMonthYear(withdrawalUntil)}`;
}

/** Mortality as a percentage of the heads there were (deaths plus those alive now), one decimal. */
export function mortalityPercent(deaths: number, alive: number): number | null {
  const total = deaths + alive;
  if (total <= 0) return null;
  return Math.round((deaths * 1000) / total) / 10;
}

/** yyyy-mm-dd plus whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from one yyyy-mm-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function milli(quantity: Quantity): number {
  const value = toMilli(quantity);
  if (value === null) throw new RangeError(`Not a quantity: ${quantity}`);
  return value;
}
