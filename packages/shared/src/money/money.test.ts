import { describe, expect, it } from 'vitest';
import { formatNaira, kobo, nairaToKobo } from './index';

describe('money', () => {
  it('parses naira typed by people into kobo without float drift', () => {
    expect(nairaToKobo('1,250.50')).toBe(125050);
    expect(nairaToKobo('0.1')).toBe(10);
    expect(nairaToKobo('₦19.99')).toBe(1999);
    expect(() => nairaToKobo('12.345')).toThrow(RangeError);
    expect(() => nairaToKobo('abc')).toThrow(RangeError);
  });

  it('formats naira with kobo only when non-zero', () => {
    expect(formatNaira(kobo(125_000_000))).toBe('₦1,250,000');
    expect(formatNaira(kobo(125_050))).toBe('₦1,250.50');
    expect(formatNaira(kobo(-500))).toBe('-₦5');
  });

  it('refuses fractional kobo', () => {
    expect(() => kobo(1.5)).toThrow(RangeError);
  });
});
