import { describe, expect, it } from 'vitest';
import {
  convertibleUnits,
  convertMovement,
  convertQuantity,
  convertUnitCost,
  factorText,
  fromMilli,
  normalizeQuantity,
  toMilli,
  unitConversion,
  type UnitConversion,
} from './index';

function conversion(from: Parameters<typeof unitConversion>[0], to: Parameters<typeof unitConversion>[1]) {
  const found = unitConversion(from, to);
  if (!found) throw new Error(`no conversion ${from} → ${to}`);
  return found;
}

describe('quantities', () => {
  it('round-trips through milli-units without float drift', () => {
    expect(toMilli('0.1')).toBe(100);
    expect(fromMilli(toMilli('0.1')! + toMilli('0.2')!)).toBe('0.3');
    expect(fromMilli(-2500)).toBe('-2.5');
    expect(toMilli('1.2345')).toBeNull();
    expect(toMilli('-1')).toBeNull();
  });

  it('normalizes what the database returns', () => {
    expect(normalizeQuantity('12.500')).toBe('12.5');
    expect(normalizeQuantity('-3.000')).toBe('-3');
    expect(normalizeQuantity('0.000')).toBe('0');
  });
});

describe('unit conversions', () => {
  it('knows exact factors within mass and within volume, and none for counted units', () => {
    expect(convertibleUnits('kg')).toEqual(['g', 't', 'bag_25kg', 'bag_50kg', 'bag_100kg']);
    expect(convertibleUnits('litre')).toEqual(['ml']);
    for (const unit of ['crate_30', 'basket', 'mudu', 'piece', 'sachet', 'tuber'] as const) {
      expect(convertibleUnits(unit)).toEqual([]);
    }
    expect(unitConversion('kg', 'litre')).toBeNull();
    expect(unitConversion('bag_50kg', 'piece')).toBeNull();
    expect(factorText(conversion('bag_50kg', 'kg'))).toBe('50');
    expect(factorText(conversion('kg', 'bag_50kg'))).toBe('1/50');
    expect(factorText(conversion('bag_25kg', 'bag_100kg'))).toBe('1/4');
  });

  it('converts quantities exactly when three decimals hold the result', () => {
    expect(convertQuantity('13', conversion('kg', 'bag_50kg'))).toEqual({
      ok: true,
      value: '0.26',
      rounded: false,
    });
    expect(convertQuantity('0.26', conversion('bag_50kg', 'kg'))).toEqual({
      ok: true,
      value: '13',
      rounded: false,
    });
    expect(convertQuantity('2.5', conversion('litre', 'ml'))).toEqual({
      ok: true,
      value: '2500',
      rounded: false,
    });
    expect(convertQuantity('0.001', conversion('t', 'g'))).toEqual({
      ok: true,
      value: '1000',
      rounded: false,
    });
    expect(convertQuantity('0.1', conversion('kg', 'g'))).toEqual({ ok: true, value: '100', rounded: false });
  });

  it('rounds half up to three decimals and says so', () => {
    // 0.025 kg = 0.0005 bags of 50 kg → 0.001; 0.024 kg = 0.00048 → 0.
    expect(convertQuantity('0.025', conversion('kg', 'bag_50kg'))).toEqual({
      ok: true,
      value: '0.001',
      rounded: true,
    });
    expect(convertQuantity('0.024', conversion('kg', 'bag_50kg'))).toEqual({
      ok: true,
      value: '0',
      rounded: true,
    });
    expect(convertQuantity('1', conversion('g', 't'))).toEqual({ ok: true, value: '0', rounded: true });
    expect(convertQuantity('1500', conversion('g', 't'))).toEqual({
      ok: true,
      value: '0.002',
      rounded: true,
    });
  });

  it('refuses a result beyond the quantity column, and is exact at its edge', () => {
    expect(convertQuantity('99999999999.999', conversion('kg', 'g'))).toEqual({
      ok: false,
      reason: 'too_large',
    });
    expect(convertQuantity('99999999.999', conversion('kg', 'g'))).toEqual({
      ok: true,
      value: '99999999999',
      rounded: false,
    });
    expect(convertQuantity('99999999999.999', conversion('g', 'kg'))).toEqual({
      ok: true,
      value: '100000000',
      rounded: true,
    });
  });

  it('prices the new unit to the kobo and refuses a cost the column cannot hold', () => {
    const perBag: UnitConversion = conversion('kg', 'bag_50kg');
    expect(convertUnitCost(50_050, perBag)).toEqual({ ok: true, value: 2_502_500, rounded: false });
    expect(convertUnitCost(2_502_501, conversion('bag_50kg', 'kg'))).toEqual({
      ok: true,
      value: 50_050,
      rounded: true,
    });
    expect(convertUnitCost(3, conversion('bag_100kg', 'bag_50kg'))).toEqual({
      ok: true,
      value: 2,
      rounded: true,
    });
    expect(convertUnitCost(5_000, conversion('g', 't'))).toEqual({ ok: false, reason: 'too_large' });
  });

  it('keeps a converted history adding up even where rounding was needed', () => {
    const toBags = conversion('kg', 'bag_50kg');
    const history = [
      { quantity: '0.03', quantity_after: '0.03' },
      { quantity: '0.03', quantity_after: '0.06' },
      { quantity: '-0.01', quantity_after: '0.05' },
    ];
    const converted = history.map((row) => convertMovement(row, toBags));
    expect(converted).toEqual([
      { ok: true, value: { quantity: '0.001', quantity_after: '0.001' }, rounded: true },
      { ok: true, value: { quantity: '0', quantity_after: '0.001' }, rounded: true },
      { ok: true, value: { quantity: '0', quantity_after: '0.001' }, rounded: true },
    ]);
    expect(convertMovement({ quantity: '-2', quantity_after: '11' }, toBags)).toEqual({
      ok: true,
      value: { quantity: '-0.04', quantity_after: '0.22' },
      rounded: false,
    });
  });
});
