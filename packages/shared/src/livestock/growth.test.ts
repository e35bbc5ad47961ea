import { describe, expect, it } from 'vitest';
import { dailyGain, growthVerdict, targetAt, type GrowthPoint } from './index';

const BROILER: GrowthPoint[] = [
  { age_days: 0, low_kg: 0.035, high_kg: 0.045 },
  { age_days: 7, low_kg: 0.14, high_kg: 0.19 },
  { age_days: 35, low_kg: 1.6, high_kg: 2.0 },
  { age_days: 42, low_kg: 2.0, high_kg: 2.5 },
];

const weighing = (date: string, weight_kg: string) => ({ date, weight_kg });

describe('targetAt', () => {
  it('gives a point’s own range at its age', () => {
    expect(targetAt(BROILER, 0)).toEqual({ low_kg: 0.035, high_kg: 0.045 });
    expect(targetAt(BROILER, 42)).toEqual({ low_kg: 2.0, high_kg: 2.5 });
  });

  it('reads a straight line between the points around an age, to the gram', () => {
    expect(targetAt(BROILER, 38)).toEqual({ low_kg: 1.771, high_kg: 2.214 });
    expect(targetAt(BROILER, 21)).toEqual({ low_kg: 0.87, high_kg: 1.095 });
    expect(targetAt(BROILER, 1)).toEqual({ low_kg: 0.05, high_kg: 0.066 });
  });

  it('says nothing before the first point or after the last', () => {
    expect(targetAt(BROILER, -1)).toBeNull();
    expect(targetAt(BROILER, 43)).toBeNull();
    expect(targetAt([], 10)).toBeNull();
    expect(targetAt(BROILER.slice(1), 3)).toBeNull();
  });
});

describe('dailyGain', () => {
  it('gives the gain from the first weighing to the last and over the last interval, in any order', () => {
    expect(
      dailyGain([
        weighing('2025-06-12', '2.4'),
        weighing('2025-05-01', '0.045'),
        weighing('2025-06-05', '2.0'),
      ]),
    ).toEqual({ average_g_per_day: 56, last_g_per_day: 57 });
  });

  it('leaves out the last interval when it is the only one', () => {
    expect(dailyGain([weighing('2025-05-01', '0.045'), weighing('2025-06-12', '2.4')])).toEqual({
      average_g_per_day: 56,
      last_g_per_day: null,
    });
  });

  it('counts the last interval from the latest weighing on an earlier day', () => {
    expect(
      dailyGain([
        weighing('2025-05-01', '10'),
        weighing('2025-05-11', '11'),
        weighing('2025-05-21', '12.5'),
        weighing('2025-05-21', '12.5'),
      ]),
    ).toEqual({ average_g_per_day: 125, last_g_per_day: 150 });
  });

  it('gives a loss as a negative gain', () => {
    expect(dailyGain([weighing('2025-05-01', '30'), weighing('2025-05-11', '28.5')])).toEqual({
      average_g_per_day: -150,
      last_g_per_day: null,
    });
  });

  it('is null with one weighing, none, or all on one day', () => {
    expect(dailyGain([weighing('2025-05-01', '1.2')])).toBeNull();
    expect(dailyGain([])).toBeNull();
    expect(dailyGain([weighing('2025-05-01', '1.2'), weighing('2025-05-01', '1.4')])).toBeNull();
  });
});

describe('growthVerdict', () => {
  const target = { low_kg: 2.0, high_kg: 2.5 };

  it('is behind below the range, ahead above it, and on target inside it, its ends included', () => {
    expect(growthVerdict(1.8, target)).toBe('behind');
    expect(growthVerdict(1.999, target)).toBe('behind');
    expect(growthVerdict(2.0, target)).toBe('on_target');
    expect(growthVerdict(2.3, target)).toBe('on_target');
    expect(growthVerdict(2.5, target)).toBe('on_target');
    expect(growthVerdict(2.501, target)).toBe('ahead');
  });
});
