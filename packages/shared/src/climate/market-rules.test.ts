import { describe, expect, it } from 'vitest';
import {
  isMarketAlert,
  MARKET_MIN_SAMPLES,
  MARKET_MOVE_PERCENT,
  marketMove,
  marketPriceRisk,
  RULE_SOURCES,
} from './index';

/** `count` listings at `kobo` a kg. */
const at = (count: number, kobo: number) => Array.from({ length: count }, () => kobo);

describe('a market price move', () => {
  it('is the change in the median price a kg, this week against the 28 days before', () => {
    // Medians 600 (odd count) and 500 (even count: the mean of 480 and 520).
    const move = marketMove({ recent: [900, 600, 550, 610, 100], before: [400, 480, 520, 700, 300, 900] });
    expect(move).toEqual({ change_percent: 20, price_kobo: 600, was_kobo: 500 });
  });

  it(`needs ${MARKET_MIN_SAMPLES} listings in each window`, () => {
    const enough = at(MARKET_MIN_SAMPLES, 500);
    const short = at(MARKET_MIN_SAMPLES - 1, 500);
    expect(marketMove({ recent: enough, before: enough })).not.toBeNull();
    expect(marketMove({ recent: short, before: enough })).toBeNull();
    expect(marketMove({ recent: enough, before: short })).toBeNull();
  });

  it(`alerts at ${MARKET_MOVE_PERCENT} % up or down, not below`, () => {
    const move = (price: number) => ({ change_percent: 0, price_kobo: price, was_kobo: 100_000 });
    expect(isMarketAlert(move(115_000))).toBe(true);
    expect(isMarketAlert(move(114_999))).toBe(false);
    expect(isMarketAlert(move(130_000))).toBe(true);
    expect(isMarketAlert(move(85_000))).toBe(true);
    expect(isMarketAlert(move(85_001))).toBe(false);
    expect(isMarketAlert(move(60_000))).toBe(true);
  });

  it('says where its source is: Gona’s own listings', () => {
    expect(RULE_SOURCES.market_price.source).toMatch(/Gona's own marketplace listings/);
    expect(RULE_SOURCES.market_price.threshold).toContain(`${MARKET_MOVE_PERCENT} %`);
  });
});

describe('a farm’s market-price finding', () => {
  const today = '2026-12-01';
  const risen = { recent: at(5, 60_000), before: at(5, 50_000) };
  const steady = { recent: at(5, 50_000), before: at(5, 50_000) };

  it('uses its state’s listings when both windows have enough there, news for a week', () => {
    expect(marketPriceRisk({ today, state: risen, national: steady })).toEqual({
      rule: 'market_price',
      severity: 'info',
      from: '2026-12-01',
      to: '2026-12-07',
      values: { change_percent: 20, price_kobo: 60_000, was_kobo: 50_000, in_state: 1 },
    });
    // Its state's prices held: nothing, whatever the rest of Nigeria did.
    expect(marketPriceRisk({ today, state: steady, national: risen })).toBeNull();
  });

  it('falls back to all Nigeria when its state has too few listings, or the farm no state', () => {
    const thin = { recent: at(4, 90_000), before: at(5, 50_000) };
    expect(marketPriceRisk({ today, state: thin, national: risen })?.values).toMatchObject({ in_state: 0 });
    expect(marketPriceRisk({ today, state: null, national: risen })?.values.in_state).toBe(0);
  });

  it('tells of a fall as a negative change, and of nothing under the threshold or without data', () => {
    const fallen = { recent: at(5, 42_000), before: at(5, 50_000) };
    expect(marketPriceRisk({ today, state: null, national: fallen })?.values.change_percent).toBe(-16);
    const little = { recent: at(5, 57_000), before: at(5, 50_000) };
    expect(marketPriceRisk({ today, state: null, national: little })).toBeNull();
    expect(marketPriceRisk({ today, state: null, national: { recent: [], before: [] } })).toBeNull();
  });
});
