import { describe, expect, it } from 'vitest';
import { STAFF_JOBS } from '@gona/shared/staff';
import catalogue from '@/i18n/en/money.json';
import staffCatalogue from '@/i18n/en/staff.json';
import { addDays, defaultPayPeriod } from './wages-dates';

describe('wages dates', () => {
  it('moves a day across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('pays the month just ended up to the 5th, and this month so far after', () => {
    expect(defaultPayPeriod('2026-12-05')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(defaultPayPeriod('2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(defaultPayPeriod('2028-03-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(defaultPayPeriod('2026-12-06')).toEqual({ from: '2026-12-01', to: '2026-12-06' });
    expect(defaultPayPeriod('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('names every job as the staff screen does', () => {
    expect(Object.keys(catalogue.wages.jobs)).toEqual([...STAFF_JOBS]);
    expect(catalogue.wages.jobs).toEqual(staffCatalogue.jobs);
  });
});
