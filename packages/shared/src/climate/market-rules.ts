import type { RiskFinding } from './rules';
import { plusDays } from './series';

/** A crop's price has moved when its median price a kg changed by this much or more, either way. */
export const MARKET_MOVE_PERCENT = 15;
/** Fewer listings than this in either window say nothing about the price. */
export const MARKET_MIN_SAMPLES = 5;
/** This week (the last 7 days) is set against the 28 days before it. */
export const MARKET_RECENT_DAYS = 7;
export const MARKET_BEFORE_DAYS = 28;
/** A price move is news for a week from the day it is found. */
export const MARKET_NEWS_DAYS = 7;

/** Prices a kg in kobo of one product's listings: this week's, and the 28 days' before. */
export type PriceWindows = { recent: readonly number[]; before: readonly number[] };

/** The median price a kg now and before (kobo), and the change between them in whole percent. */
export type MarketMove = { change_percent: number; price_kobo: number; was_kobo: number };

/**
 * The change in the median price a kg from the 28 days before to this week; null when either
 * window has fewer than MARKET_MIN_SAMPLES listings.
 */
export function marketMove(windows: PriceWindows): MarketMove | null {
  if (windows.recent.length < MARKET_MIN_SAMPLES || windows.before.length < MARKET_MIN_SAMPLES) return null;
  const price = median(windows.recent);
  const was = median(windows.before);
  if (was <= 0) return null;
  return { change_percent: Math.round(((price - was) / was) * 100), price_kobo: price, was_kobo: was };
}

/** Whether a move is large enough to tell the farm: MARKET_MOVE_PERCENT or more, up or down. */
export function isMarketAlert(move: MarketMove): boolean {
  // In whole kobo, so a move of exactly 15 % counts whatever floating point makes of the ratio.
  return Math.abs(move.price_kobo - move.was_kobo) * 100 >= MARKET_MOVE_PERCENT * move.was_kobo;
}

/**
 * A market-price finding for one crop the farm grows or keeps in store, from Gona's marketplace
 * listings: the prices in the farm's state when both windows have enough listings there, else
 * those of all Nigeria (`values.in_state` says which); only a move of 15 % or more. News for a week
 * from today; severity info, so it never outranks a weather warning.
 */
export function marketPriceRisk(input: {
  today: string;
  state: PriceWindows | null;
  national: PriceWindows;
}): RiskFinding | null {
  const inState = input.state ? marketMove(input.state) : null;
  const move = inState ?? marketMove(input.national);
  if (!move || !isMarketAlert(move)) return null;
  return {
    rule: 'market_price',
    severity: 'info',
    from: input.today,
    to: plusDays(input.today, MARKET_NEWS_DAYS - 1),
    values: { ...move, in_state: inState ? 1 : 0 },
  };
}

/** The middle value (the mean of the two middle ones for an even count), in whole kobo. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}
