import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors/index';
import {
  addDays,
  applyHeadCountEvent,
  averageDailyGainGrams,
  CreateHealthRecordInputSchema,
  CreateLivestockInputSchema,
  eggsAsCrates,
  feedConversionRatio,
  groupGainKg,
  henDayPercent,
  isUnderWithdrawal,
  mortalityPercent,
  RecordEventInputSchema,
  RecordProductionInputSchema,
  withdrawalEndDate,
  withdrawalNotice,
} from './index';

const ID = '01936f3e-8f5a-7cc1-9d7e-0c6d8f0a1b2c';

describe('applyHeadCountEvent', () => {
  it('adds births, purchases and transfers in, and takes away every other event', () => {
    for (const kind of ['birth', 'purchase', 'transfer_in'] as const)
      expect(applyHeadCountEvent(10, { kind, count: 3 })).toEqual({ ok: true, after: 13, change: 3 });
    for (const kind of ['mortality', 'sale', 'slaughter', 'cull', 'transfer_out'] as const)
      expect(applyHeadCountEvent(10, { kind, count: 3 })).toEqual({ ok: true, after: 7, change: -3 });
  });

  it('lets a count reach zero but never go below it', () => {
    expect(applyHeadCountEvent(3, { kind: 'mortality', count: 3 })).toEqual({
      ok: true,
      after: 0,
      change: -3,
    });
    expect(applyHeadCountEvent(3, { kind: 'mortality', count: 4 })).toEqual({
      ok: false,
      reason: 'below_zero',
      available: 3,
    });
  });
});

describe('eggs', () => {
  it('gives the hen-day rate with one decimal', () => {
    expect(henDayPercent(412, 497)).toBe(82.9);
    expect(henDayPercent(450, 500)).toBe(90);
    expect(henDayPercent(1, 3)).toBe(33.3);
    expect(henDayPercent(10, 0)).toBeNull();
  });

  it('counts eggs in crates of 30 and the eggs left over', () => {
    expect(eggsAsCrates(412)).toEqual({ crates: 13, remainder: 22 });
    expect(eggsAsCrates(30)).toEqual({ crates: 1, remainder: 0 });
    expect(eggsAsCrates(29)).toEqual({ crates: 0, remainder: 29 });
  });
});

describe('growth', () => {
  it('gives the average daily gain in grams from exact weights', () => {
    expect(
      averageDailyGainGrams(
        { date: '2025-05-01', weight_kg: '0.045' },
        { date: '2025-06-12', weight_kg: '2.4' },
      ),
    ).toBe(56);
    expect(
      averageDailyGainGrams(
        { date: '2025-05-01', weight_kg: '30' },
        { date: '2025-05-11', weight_kg: '28.5' },
      ),
    ).toBe(-150);
    expect(
      averageDailyGainGrams({ date: '2025-05-01', weight_kg: '1' }, { date: '2025-05-01', weight_kg: '2' }),
    ).toBeNull();
  });

  it('gives the feed conversion ratio to two decimals', () => {
    expect(feedConversionRatio('1750', '1000')).toBe(1.75);
    expect(feedConversionRatio('0.1', '0.3')).toBe(0.33);
    expect(feedConversionRatio('10', '0')).toBeNull();
  });

  it("gives a group's gain from its average weights and counts", () => {
    expect(groupGainKg({ weight_kg: '0.045', count: 100 }, { weight_kg: '2.1', count: 98 })).toBe('201.3');
    expect(groupGainKg({ weight_kg: '2', count: 10 }, { weight_kg: '1', count: 10 })).toBe('0');
  });
});

describe('withdrawal', () => {
  it('ends the given number of days after the date, across months and leap years', () => {
    expect(withdrawalEndDate('2025-05-28', 7)).toBe('2025-06-04');
    expect(withdrawalEndDate('2024-02-25', 5)).toBe('2024-03-01');
    expect(withdrawalEndDate('2025-12-30', 3)).toBe('2026-01-02');
    expect(withdrawalEndDate('2025-05-28', 0)).toBeNull();
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
  });

  it('holds the animal back until the end date, and says so with a dd/mm/yyyy date', () => {
    expect(isUnderWithdrawal('2025-06-04', '2025-06-03')).toBe(true);
    expect(isUnderWithdrawal('2025-06-04', '2025-06-04')).toBe(false);
    expect(isUnderWithdrawal(null, '2025-06-04')).toBe(false);
    expect(withdrawalNotice('2025-06-04')).toBe('Not for sale or eating until 04/06/2025');
  });
});

describe('mortalityPercent', () => {
  it('counts deaths against those alive and those that died', () => {
    expect(mortalityPercent(3, 497)).toBe(0.6);
    expect(mortalityPercent(0, 0)).toBeNull();
  });
});

describe('livestock input', () => {
  it('needs a name for a group and a head count; a tag or a name for one animal', () => {
    const group = CreateLivestockInputSchema.safeParse({
      kind: 'group',
      species: 'chicken_layer',
      acquisition: 'bought',
    });
    expect(fieldErrors(group.error!)).toEqual({
      name: 'Name the group, e.g. Layers House A',
      head_count: 'Enter how many there are',
    });
    const animal = CreateLivestockInputSchema.safeParse({
      kind: 'individual',
      species: 'goat',
      acquisition: 'born_on_farm',
    });
    expect(fieldErrors(animal.error!)).toEqual({ tag: 'Enter a tag number or a name' });
    expect(
      CreateLivestockInputSchema.parse({
        kind: 'group',
        species: 'chicken_layer',
        name: ' Layers House A ',
        head_count: 500,
        acquisition: 'bought',
        breed: '',
      }),
    ).toMatchObject({ name: 'Layers House A', breed: null, status: 'active', head_count: 500 });
  });

  it('names every field that needs attention at once', () => {
    const result = CreateLivestockInputSchema.safeParse({
      kind: 'herd',
      species: 'zebra',
      acquisition: 'stolen',
      head_count: -1,
      age_at_acquisition: 3,
    });
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual([
      'acquisition',
      'age_unit',
      'head_count',
      'kind',
      'species',
    ]);
  });
});

describe('record inputs', () => {
  it('needs the amount used with a product from the store, and the product with an amount', () => {
    const base = { id: ID, date: '2025-05-28', kind: 'treatment' };
    expect(fieldErrors(CreateHealthRecordInputSchema.safeParse({ ...base, supply_id: ID }).error!)).toEqual({
      quantity_used: 'Enter how much of the product was used',
    });
    expect(
      fieldErrors(CreateHealthRecordInputSchema.safeParse({ ...base, quantity_used: '2' }).error!),
    ).toEqual({
      supply_id: 'Choose the product from your store, or leave the amount empty',
    });
    expect(
      fieldErrors(CreateHealthRecordInputSchema.safeParse({ ...base, withdrawal_days: 1.5 }).error!),
    ).toEqual({ withdrawal_days: 'Enter the days as a whole number' });
  });

  it('gives a cause only to deaths and a price only to sales and purchases', () => {
    const result = RecordEventInputSchema.safeParse({
      id: ID,
      date: '2025-05-28',
      kind: 'birth',
      count: 2,
      cause: 'Heat',
      price_kobo: 100,
    });
    expect(fieldErrors(result.error!)).toEqual({
      cause: 'Only a death has a cause',
      price_kobo: 'Only a sale or a purchase has a price',
    });
    expect(
      fieldErrors(
        RecordEventInputSchema.safeParse({ id: ID, date: '2025-05-28', kind: 'mortality', count: 0 }).error!,
      ),
    ).toEqual({ count: 'Enter 1 or more' });
  });

  it('needs something measured in a production record, and cracked eggs among those collected', () => {
    expect(fieldErrors(RecordProductionInputSchema.safeParse({ id: ID, date: '2025-05-28' }).error!)).toEqual(
      { eggs_collected: 'Enter the eggs, milk, fish or feed of the day' },
    );
    expect(
      fieldErrors(
        RecordProductionInputSchema.safeParse({
          id: ID,
          date: '2025-05-28',
          eggs_collected: 10,
          eggs_cracked: 11,
        }).error!,
      ),
    ).toEqual({ eggs_cracked: 'Cracked eggs are counted among those collected' });
  });
});
