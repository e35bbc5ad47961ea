import { describe, expect, it } from 'vitest';
import { dayOf, hasPassed, shortRefundKobo, spacedCode } from './format';

describe('marketplace order words', () => {
  it('refunds the price of what was short in whole kobo, half up, and nothing when all came', () => {
    const order = { unit_price_kobo: 333, quantity: '2' };
    expect(shortRefundKobo(order, '1.5')).toBe(167);
    expect(shortRefundKobo(order, '1.999')).toBe(0);
    expect(shortRefundKobo({ unit_price_kobo: 2_500_000, quantity: '5' }, '4.5')).toBe(1_250_000);
    expect(shortRefundKobo(order, '2')).toBe(0);
    expect(shortRefundKobo(order, '3')).toBe(0);
    expect(shortRefundKobo(order, '0')).toBe(0);
    // Nothing while what is typed is not yet a quantity.
    expect(shortRefundKobo(order, '1.')).toBe(0);
    expect(shortRefundKobo(order, '1.2345')).toBe(0);
  });

  it("reads a day or a moment as Lagos's dd/mm/yyyy, and a day as passed only once it ends", () => {
    expect(dayOf('2026-11-28')).toBe('28/11/2026');
    expect(dayOf('2026-11-28T23:30:00.000Z')).toBe('29/11/2026');
    const evening = Date.parse('2026-11-28T22:00:00.000Z');
    expect(hasPassed('2026-11-28', evening)).toBe(false);
    expect(hasPassed('2026-11-28', Date.parse('2026-11-28T23:00:00.000Z'))).toBe(true);
    expect(hasPassed('2026-11-28T21:00:00.000Z', evening)).toBe(true);
  });

  it('spaces a delivery code in threes', () => {
    expect(spacedCode('123456')).toBe('123 456');
  });
});
