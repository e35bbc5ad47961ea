import { describe, expect, it } from 'vitest';
import { barChart, niceTicks } from './chart';
import { monthsOf, periodDays, presetPeriod, previousPeriod } from './periods';
import { csvCell, tableCsv } from './tables';

describe('report periods', () => {
  it('names the month, quarter, season and year around the farm’s today', () => {
    expect(presetPeriod('month', '2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('last_month', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('quarter', '2026-11-28')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetPeriod('season', '2026-07-10')).toEqual({ from: '2026-04-01', to: '2026-10-31' });
    // The dry season runs across the new year.
    expect(presetPeriod('season', '2026-11-28')).toEqual({ from: '2026-11-01', to: '2027-03-31' });
    expect(presetPeriod('season', '2027-02-01')).toEqual({ from: '2026-11-01', to: '2027-03-31' });
    expect(presetPeriod('year', '2026-11-28')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetPeriod('last_year', '2026-11-28')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('sets the same months before a whole-month period, and as many days before any other', () => {
    expect(previousPeriod({ from: '2026-04-01', to: '2026-10-31' })).toEqual({
      from: '2025-09-01',
      to: '2026-03-31',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-19' })).toEqual({
      from: '2026-02-28',
      to: '2026-03-09',
    });
    expect(periodDays({ from: '2026-03-10', to: '2026-03-19' })).toBe(10);
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});

describe('report charts', () => {
  it('puts round ticks from zero past the largest value, and below zero for a loss', () => {
    expect(niceTicks(0, 430)).toEqual([0, 200, 400, 600]);
    expect(niceTicks(0, 400)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(-2_734_617, 3_000_000)).toEqual([-4_000_000, -2_000_000, 0, 2_000_000, 4_000_000]);
    expect(niceTicks(0, 0)).toEqual([0]);
  });

  it('stands each label’s bars side by side on one scale, a negative one hanging from the zero line', () => {
    const chart = barChart(
      [
        [100, 50],
        [-50, 0],
      ],
      320,
      150,
    );
    const [a, b, c] = chart.bars;
    expect(a!.height).toBeCloseTo(b!.height * 2);
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
    expect(a!.y + a!.height).toBeCloseTo(chart.zero);
    expect(c!.y).toBeCloseTo(chart.zero);
    expect(chart.labels.map((l) => l.index)).toEqual([0, 1]);
  });
});

describe('report CSV cells', () => {
  it('writes naira plainly, quotes commas and keeps text from running as a formula', () => {
    expect(csvCell(-273_461_7, 'naira')).toBe('-27346.17');
    expect(csvCell(5, 'naira')).toBe('0.05');
    expect(csvCell('Kajin ƙwai, layers', 'text')).toBe('"Kajin ƙwai, layers"');
    expect(csvCell('=SUM(A1)', 'text')).toBe("'=SUM(A1)");
    expect(csvCell(null, 'count')).toBe('');
    expect(tableCsv(['Name', 'Heads'], [['A', '1']])).toBe('\uFEFFName,Heads\r\nA,1\r\n');
  });
});
