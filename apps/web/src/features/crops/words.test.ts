import { describe, expect, it } from 'vitest';
import { FACTOR_BASES, PREDICTION_FACTORS, STAGE_TIMINGS } from '@gona/shared/crops';
import catalogue from '@/i18n/en/crops.json';

/** Every reason a prediction's factor can give, and every stage timing, has its words on screen. */
describe('crop words', () => {
  it('say every basis of a prediction factor, and name every factor', () => {
    expect(Object.keys(catalogue.prediction.bases).sort()).toEqual([...FACTOR_BASES].sort());
    expect(Object.keys(catalogue.prediction.factors).sort()).toEqual([...PREDICTION_FACTORS].sort());
  });

  it('name every timing of a stage against its expected day', () => {
    const words = Object.keys(catalogue.timeline.timing).map((key) => key.replace(/_(one|other)$/, ''));
    expect([...new Set(words)].sort()).toEqual([...STAGE_TIMINGS].sort());
  });
});
