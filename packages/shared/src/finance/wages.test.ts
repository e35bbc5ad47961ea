import { describe, expect, it } from 'vitest';
import { daysBetween, payFor } from './wages';

const month = { rate_kobo: 3_100_000, pay_period: 'month' as const, present: 0, half: 0, absent: 0 };

describe('payFor', () => {
  it('pays a monthly rate by the share of each calendar month a period takes', () => {
    // 17 of January's 31 days and 14 of February's 28: ₦31,000 × (17/31 + 14/28) = ₦32,500.
    expect(payFor({ ...month, employed: { from: '2026-01-15', to: '2026-02-14' } })).toBe(3_250_000);
    expect(payFor({ ...month, employed: { from: '2026-02-01', to: '2026-02-28' } })).toBe(3_100_000);
  });

  it('takes a 26th of a monthly rate for each absent day and half of that for a half day, never below ₦0', () => {
    const rate = { ...month, rate_kobo: 2_600_000, employed: { from: '2026-11-01', to: '2026-11-30' } };
    expect(payFor({ ...rate, absent: 2, half: 1 })).toBe(2_600_000 - 200_000 - 50_000);
    expect(payFor({ ...rate, absent: 40 })).toBe(0);
  });

  it('pays a daily rate only for days marked, and nothing to someone not employed in the period', () => {
    const daily = {
      rate_kobo: 250_001,
      pay_period: 'day' as const,
      present: 2,
      half: 1,
      absent: 4,
      employed: null,
    };
    // 2 × 250,001 + 125,000.5 = 625,002.5 → 625,003 kobo.
    expect(payFor(daily)).toBe(625_003);
    expect(payFor({ ...month, employed: null })).toBe(0);
  });

  it('counts both ends of a period', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-12-31', '2026-12-31')).toBe(1);
  });
});
