import { describe, expect, it } from 'vitest';
import { saleStockRules, stockQuantityOf } from './stock';

describe('stockQuantityOf', () => {
  it('turns units of a fixed size into kg or eggs, exact to the gram', () => {
    expect(stockQuantityOf('harvest', 'bag_50kg', '3')).toBe('150');
    expect(stockQuantityOf('harvest', 'bag_100kg', '0.333')).toBe('33.3');
    expect(stockQuantityOf('harvest', 'tonne', '1.001')).toBe('1001');
    expect(stockQuantityOf('harvest', 'kg', '0.3')).toBe('0.3');
    expect(stockQuantityOf('eggs', 'crate', '2.5')).toBe('75');
    expect(stockQuantityOf('eggs', 'piece', '7')).toBe('7');
  });

  it('has no answer for units without a fixed size', () => {
    expect(stockQuantityOf('harvest', 'basket', '3')).toBeNull();
    expect(stockQuantityOf('harvest', 'crate', '3')).toBeNull();
    expect(stockQuantityOf('eggs', 'kg', '3')).toBeNull();
  });
});

describe('saleStockRules', () => {
  it('takes the kg from the quantity, or as typed for a unit without a fixed size', () => {
    expect(
      saleStockRules({ quantity: '4', unit: 'bag_100kg', stock_kind: 'harvest', stock_crop_key: 'maize' }),
    ).toEqual({ issues: [], take: { kind: 'harvest', crop_key: 'maize', quantity: '400' } });
    expect(
      saleStockRules({
        quantity: '2',
        unit: 'basket',
        stock_kind: 'harvest',
        stock_crop_key: 'maize',
        stock_quantity: '45.5',
      }).take,
    ).toEqual({ kind: 'harvest', crop_key: 'maize', quantity: '45.5' });
    expect(
      saleStockRules({ quantity: '2', unit: 'crate', stock_kind: 'eggs', stock_crop_key: 'maize' }).take,
    ).toEqual({ kind: 'eggs', crop_key: null, quantity: '60' });
    expect(saleStockRules({ quantity: '2', unit: 'crate' })).toEqual({ issues: [], take: null });
  });

  it('says which field to fix', () => {
    const messages = (input: Parameters<typeof saleStockRules>[0]) =>
      saleStockRules(input).issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ quantity: '2', unit: 'basket', stock_kind: 'harvest' })).toEqual([
      ['stock_crop_key', 'Choose the crop it was taken from'],
      ['stock_quantity', 'Enter how many kg it took from store'],
    ]);
    expect(messages({ quantity: '0.05', unit: 'crate', stock_kind: 'eggs' })).toEqual([
      ['quantity', 'Eggs are sold whole: 0.05 crates is 1.5 eggs'],
    ]);
    expect(messages({ quantity: '1', unit: 'basket', stock_kind: 'eggs', stock_quantity: '1.5' })).toEqual([
      ['stock_quantity', 'Enter a whole number of eggs'],
    ]);
    expect(messages({ quantity: '2.5', unit: 'head', take_off_count: true })).toEqual([
      ['animal_id', 'Choose the group the animals were sold from'],
      ['quantity', 'Enter a whole number of head'],
    ]);
    expect(messages({ quantity: '2', unit: 'kg', animal_id: 'a', take_off_count: true })).toEqual([
      ['unit', 'Animals taken off a count are sold by the head'],
    ]);
  });
});
