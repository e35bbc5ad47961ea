import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors/index';
import {
  CreateExpenseInputSchema,
  percentToBasisPoints,
  splitKobo,
  SPLIT_MIXED,
  SPLIT_NOT_100,
  SPLIT_TWICE,
} from './index';

describe('splitKobo', () => {
  it('gives the kobo left after rounding down to the largest remainders, earlier parts first on a tie', () => {
    expect(splitKobo(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitKobo(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(splitKobo(1, [50, 50])).toEqual([1, 0]);
    expect(splitKobo(0, [1, 2])).toEqual([0, 0]);
    expect(splitKobo(1_000, [0, 1])).toEqual([0, 1_000]);
  });

  it('never loses or makes a kobo, and no part is a kobo away from its exact share', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 2_000; run += 1) {
      const total = Math.floor(random() * 100_000_000_000);
      const weights = Array.from({ length: 1 + Math.floor(random() * 9) }, () =>
        Math.floor(random() * 10_000),
      );
      if (weights.reduce((a, b) => a + b, 0) === 0) weights[0] = 1;
      const parts = splitKobo(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((part, index) => {
        const exact = (total * (weights[index] ?? 0)) / sum;
        expect(Math.abs(part - exact)).toBeLessThan(1.000001);
      });
    }
  });

  it('refuses weights that share nothing out', () => {
    expect(() => splitKobo(100, [])).toThrow(RangeError);
    expect(() => splitKobo(100, [0, 0])).toThrow(RangeError);
    expect(() => splitKobo(10.5, [1])).toThrow(RangeError);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(33.33)).toBe(3333);
  });
});

describe('an expense split', () => {
  const expense = (allocations: unknown) =>
    CreateExpenseInputSchema.safeParse({
      date: '2026-05-01',
      category: 'feed',
      amount_kobo: 10_000,
      allocations,
    });
  const crop = '01935f4e-8a3c-7b1d-9e2f-0123456789ab';

  it('takes percentages adding up to 100 and amounts adding up to the whole', () => {
    expect(expense([{ crop_id: crop, percent: 62.5 }, { percent: 37.5 }]).success).toBe(true);
    expect(expense([{ crop_id: crop, amount_kobo: 4_000 }, { amount_kobo: 6_000 }]).success).toBe(true);
    expect(expense([{ crop_id: crop }]).success).toBe(true);
  });

  it('says what is wrong with one that is not', () => {
    expect(fieldErrors(expense([{ crop_id: crop, percent: 60 }, { percent: 30 }]).error!)).toEqual({
      allocations: SPLIT_NOT_100,
    });
    expect(fieldErrors(expense([{ crop_id: crop, percent: 60 }, { amount_kobo: 4_000 }]).error!)).toEqual({
      allocations: SPLIT_MIXED,
    });
    expect(
      fieldErrors(
        expense([
          { crop_id: crop, percent: 50 },
          { crop_id: crop, percent: 50 },
        ]).error!,
      ),
    ).toEqual({
      'allocations.1': SPLIT_TWICE,
    });
    expect(fieldErrors(expense([{ percent: 12.345 }]).error!)).toMatchObject({
      'allocations.0.percent': 'Use at most two decimals',
    });
  });
});
