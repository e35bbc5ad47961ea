import { describe, expect, it } from 'vitest';
import {
  applyMovement,
  CreateSupplyInputSchema,
  EXPENSE_CATEGORY_OF_SUPPLY,
  isLowStock,
  receiptAmountKobo,
  RecordMovementInputSchema,
  SupplyListQuerySchema,
  UpdateSupplierInputSchema,
} from './index';
import { fieldErrors } from '../errors/index';

const ID = '01936f3e-8f5a-7cc1-9d7e-0c6d8f0a1b2c';

describe('applyMovement', () => {
  it('adds received stock and takes away used, sold, lost and expired stock', () => {
    expect(applyMovement('10', { kind: 'received', quantity: '2.5' })).toEqual({
      ok: true,
      quantityAfter: '12.5',
      delta: '2.5',
    });
    for (const kind of ['used', 'sold', 'lost', 'expired'] as const) {
      expect(applyMovement('10', { kind, quantity: '0.75' })).toEqual({
        ok: true,
        quantityAfter: '9.25',
        delta: '-0.75',
      });
    }
  });

  it('sets the counted quantity on an adjustment', () => {
    expect(applyMovement('10', { kind: 'adjusted', quantity: '7' })).toEqual({
      ok: true,
      quantityAfter: '7',
      delta: '-3',
    });
    expect(applyMovement('10', { kind: 'adjusted', quantity: '10' })).toEqual({
      ok: true,
      quantityAfter: '10',
      delta: '0',
    });
  });

  it('lets stock reach exactly zero but refuses to go below it', () => {
    expect(applyMovement('1', { kind: 'used', quantity: '1' })).toEqual({
      ok: true,
      quantityAfter: '0',
      delta: '-1',
    });
    expect(applyMovement('1', { kind: 'used', quantity: '1.001' })).toEqual({
      ok: false,
      reason: 'below_zero',
      available: '1',
    });
  });
});

describe('isLowStock', () => {
  it('is true at or below the threshold', () => {
    expect(isLowStock('5', '5')).toBe(true);
    expect(isLowStock('4.999', '5')).toBe(true);
    expect(isLowStock('5.001', '5')).toBe(false);
  });
});

describe('supply input', () => {
  it('accepts quantities as strings or numbers and stores the canonical string', () => {
    const parsed = CreateSupplyInputSchema.parse({
      category: 'fertilizer',
      name: ' NPK 15:15:15 ',
      quantity: 12,
      unit: 'bag_50kg',
      low_threshold: '2.50',
      storage_location: '',
    });
    expect(parsed).toMatchObject({
      name: 'NPK 15:15:15',
      quantity: '12',
      low_threshold: '2.5',
      storage_location: null,
    });
  });

  it('names every field that needs attention', () => {
    const result = CreateSupplyInputSchema.safeParse({
      category: 'gold',
      name: '',
      quantity: -1,
      unit: 'bag',
      expiry_date: '31/12/2025',
    });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual([
      'category',
      'expiry_date',
      'name',
      'quantity',
      'unit',
    ]);
  });

  it('refuses more than three decimals instead of rounding', () => {
    const result = CreateSupplyInputSchema.safeParse({
      category: 'fuel',
      name: 'Diesel',
      quantity: 1.2345,
      unit: 'litre',
    });
    expect(fieldErrors(result.error!)).toEqual({ quantity: 'Use at most 3 decimals, e.g. 2.125' });
  });

  it('gives the advice that fits each refused quantity', () => {
    const adviceFor = (quantity: unknown) => {
      const result = CreateSupplyInputSchema.safeParse({
        category: 'fuel',
        name: 'Diesel',
        quantity,
        unit: 'litre',
      });
      return result.success ? undefined : fieldErrors(result.error).quantity;
    };
    expect(adviceFor('-2')).toBe('Enter 0 or more');
    expect(adviceFor(-2)).toBe('Enter 0 or more');
    expect(adviceFor('123456789012')).toBe('Enter less than 100,000,000,000');
    expect(adviceFor(1e15)).toBe('Enter less than 100,000,000,000');
    expect(adviceFor('2.1255')).toBe('Use at most 3 decimals, e.g. 2.125');
    expect(adviceFor('two')).toBe('Enter a number, e.g. 12 or 2.5');
    expect(adviceFor('1.2.3')).toBe('Enter a number, e.g. 12 or 2.5');
    expect(adviceFor('99999999999.999')).toBeUndefined();
  });
});

describe('movement input', () => {
  it('needs more than zero for every kind but a counted adjustment', () => {
    const used = RecordMovementInputSchema.safeParse({ id: ID, kind: 'used', quantity: '0' });
    expect(fieldErrors(used.error!)).toEqual({ quantity: 'Enter a quantity more than 0' });
    expect(
      RecordMovementInputSchema.safeParse({ id: ID, kind: 'adjusted', quantity: '0', reason: 'Stock take' })
        .success,
    ).toBe(true);
  });

  it('needs a reason for an adjustment', () => {
    const result = RecordMovementInputSchema.safeParse({
      id: ID,
      kind: 'adjusted',
      quantity: '4',
      reason: '  ',
    });
    expect(fieldErrors(result.error!)).toEqual({ reason: 'Say why the count changed, e.g. stock take' });
  });

  it('allows a unit cost only on received stock', () => {
    const result = RecordMovementInputSchema.safeParse({
      id: ID,
      kind: 'used',
      quantity: '1',
      unit_cost_kobo: 500,
    });
    expect(fieldErrors(result.error!)).toEqual({ unit_cost_kobo: 'Only received stock has a unit cost' });
  });

  it('needs a client-made id', () => {
    const result = RecordMovementInputSchema.safeParse({ kind: 'used', quantity: '1' });
    expect(Object.keys(fieldErrors(result.error!))).toEqual(['id']);
  });
});

describe('list query', () => {
  it('reads the low-stock flag from the query string', () => {
    expect(SupplyListQuerySchema.parse({ low_stock: 'true' }).low_stock).toBe(true);
    expect(SupplyListQuerySchema.parse({ low_stock: 'false' }).low_stock).toBe(false);
    expect(SupplyListQuerySchema.parse({ search: '  ' }).search).toBeUndefined();
    expect(SupplyListQuerySchema.safeParse({ low_stock: 'yes' }).success).toBe(false);
  });
});

describe('supplier input', () => {
  it('treats blank contact fields as not given and checks the email', () => {
    expect(UpdateSupplierInputSchema.parse({ version: 1, phone: '', email: '' })).toMatchObject({
      phone: null,
      email: null,
    });
    const bad = UpdateSupplierInputSchema.safeParse({ version: 1, email: 'not-an-email' });
    expect(Object.keys(fieldErrors(bad.error!))).toEqual(['email']);
  });
});

describe('a store receipt as an expense', () => {
  it('costs its quantity times its unit cost, in whole kobo rounded half up', () => {
    expect(receiptAmountKobo('4', 1_900_000)).toBe(7_600_000);
    // 2.5 bags at ₦18,500.50: 4,625,125 kobo exactly.
    expect(receiptAmountKobo('2.5', 1_850_050)).toBe(4_625_125);
    // 0.333 × 100 kobo = 33.3 → 33; 0.335 × 100 = 33.5 → 34; a history row's sign is ignored.
    expect(receiptAmountKobo('0.333', 100)).toBe(33);
    expect(receiptAmountKobo('-0.335', 100)).toBe(34);
    // Past what a float multiplies exactly: 46.565 × ₦21,474,836.47 is 99,997,576,022.555 kobo.
    expect(receiptAmountKobo('46.565', 2_147_483_647)).toBe(99_997_576_023);
  });

  it('offers nothing for a receipt that cost nothing or more than one expense may be', () => {
    expect(receiptAmountKobo('4', 0)).toBeNull();
    expect(receiptAmountKobo('0.001', 1)).toBeNull();
    expect(receiptAmountKobo('47', 2_147_483_647)).toBeNull();
    expect(receiptAmountKobo('lots', 100)).toBeNull();
  });

  it('is paid under the expense category its supply belongs to', () => {
    expect(EXPENSE_CATEGORY_OF_SUPPLY).toEqual({
      seeds_seedlings: 'seeds',
      fertilizer: 'fertilizer',
      agrochemicals: 'agrochemicals',
      animal_feed: 'feed',
      veterinary: 'veterinary',
      fuel: 'fuel',
      tools_equipment: 'equipment',
      packaging: 'other',
      other: 'other',
    });
  });
});
