import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors/index';
import { formatNaira, kobo, NairaInputSchema, nairaToKobo } from './index';

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

  it('reads a naira form input as kobo within an int4 column, blank as none, with advice', () => {
    const read = (text: string) => {
      const parsed = NairaInputSchema.safeParse(text);
      return parsed.success ? parsed.data : fieldErrors(parsed.error)[''];
    };
    expect(['1,500', '1500.50', ' ₦19.9 ', '0', '', '  ', '21474836.47'].map(read)).toEqual([
      150_000,
      150_050,
      1990,
      0,
      null,
      null,
      2_147_483_647,
    ]);
    expect(['abc', '12.345', '-5', '1.2.3'].map(read)).toEqual(
      Array(4).fill('Enter an amount in naira, like 1250 or 1250.50'),
    );
    expect(['21474836.48', '9'.repeat(400)].map(read)).toEqual(Array(2).fill('Enter at most ₦21,474,836.47'));
  });
});
