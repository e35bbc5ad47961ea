import { describe, expect, it } from 'vitest';
import { formatNigerianPhone, normalizeNigerianPhone, phoneSearchDigits } from './index';

describe('normalizeNigerianPhone', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 0803 123 4567', '+2348031234567'],
    ['(0703) 123 4567', '+2347031234567'],
    ['09151234567', '+2349151234567'],
    ['8131234567', '+2348131234567'],
  ])('reads %s as %s', (typed, stored) => {
    expect(normalizeNigerianPhone(typed)).toBe(stored);
  });

  it.each([
    '0803123456', // a digit short
    '080312345678', // a digit too many
    '06031234567', // not a mobile prefix
    '08231234567', // 82 is not a mobile prefix
    '+2358031234567', // another country
    '+8031234567',
    'call me',
    '',
  ])('refuses %j', (typed) => {
    expect(normalizeNigerianPhone(typed)).toBeNull();
  });
});

describe('formatNigerianPhone', () => {
  it('shows a stored number the way it is read out, and anything else as it is', () => {
    expect(formatNigerianPhone('+2348031234567')).toBe('0803 123 4567');
    expect(formatNigerianPhone('0803 123 4567')).toBe('0803 123 4567');
  });
});

describe('phoneSearchDigits', () => {
  it('finds the stored digits of a number typed any usual way, and none in a name', () => {
    expect(phoneSearchDigits('0803 12')).toBe('80312');
    expect(phoneSearchDigits('+234 803')).toBe('234803');
    expect(phoneSearchDigits('4567')).toBe('4567');
    expect(phoneSearchDigits('08')).toBeNull();
    expect(phoneSearchDigits('Musa')).toBeNull();
    expect(phoneSearchDigits('Musa 0803')).toBeNull();
  });
});
