import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import '@/i18n';
import { groupDigits, useQuantityText } from './quantity-text';

describe('quantity text', () => {
  it('groups thousands without touching the decimals', () => {
    expect(groupDigits('12500.125')).toBe('12,500.125');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('7')).toBe('7');
  });

  it('always carries the unit, singular or plural', () => {
    const { result } = renderHook(() => useQuantityText());
    expect(result.current('12', 'bag_50kg')).toBe('12 bags (50 kg)');
    expect(result.current('1', 'crate_30')).toBe('1 crate (30)');
    expect(result.current('2.5', 'litre')).toBe('2.5 litres');
  });
});
