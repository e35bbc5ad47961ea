import { describe, expect, it } from 'vitest';
import { toRrule } from '@gona/shared/tasks';
import { hasDayAfter, occurrences } from './recurrence';

const year = { from: '2026-01-01', to: '2027-12-31' };

describe('repeating task days', () => {
  it('keeps the 31st where a month has it and takes the last day where it does not', () => {
    const rule = toRrule({ freq: 'monthly', interval: 1, monthDay: 31, count: 6 });
    expect(occurrences(rule, '2026-01-31', year)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    // A leap year's February has its 29th.
    expect(
      occurrences(toRrule({ freq: 'monthly', interval: 1, monthDay: 30 }), '2028-01-30', {
        from: '2028-01-01',
        to: '2028-03-31',
      }),
    ).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
  });

  it('runs weekly on chosen days until a last day, inclusive', () => {
    const rule = toRrule({ freq: 'weekly', interval: 1, days: ['MO', 'TH'], until: '2026-12-10' });
    expect(occurrences(rule, '2026-11-24', year)).toEqual([
      '2026-11-26',
      '2026-11-30',
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
    ]);
  });

  it('counts from the first day, every N days, and stops at the count', () => {
    const rule = toRrule({ freq: 'daily', interval: 3, count: 4 });
    expect(occurrences(rule, '2026-12-30', year)).toEqual([
      '2026-12-30',
      '2027-01-02',
      '2027-01-05',
      '2027-01-08',
    ]);
    expect(hasDayAfter(rule, '2026-12-30', '2027-01-05')).toBe(true);
    expect(hasDayAfter(rule, '2026-12-30', '2027-01-08')).toBe(false);
  });

  it('answers only the days in the window, and stays on calendar days whatever the clock', () => {
    const rule = toRrule({ freq: 'daily', interval: 1 });
    expect(occurrences(rule, '2026-03-27', { from: '2026-03-28', to: '2026-03-31' })).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
  });

  it('never writes out more than the cap for a rule with no end', () => {
    const days = occurrences('FREQ=DAILY', '2026-01-01', { from: '2026-01-01', to: '2200-01-01' });
    expect(days).toHaveLength(1000);
  });
});
