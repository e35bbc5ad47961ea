import { describe, expect, it } from 'vitest';
import { stageTimeline, weatherFactor } from './index';

const today = '2026-08-31';
/** Days before today with this much rain each and this normal (mm a day). */
const days = (count: number, rain: number | null, normal: number | null) =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2026, 7, 31 - count + i)).toISOString().slice(0, 10),
    rain_mm: rain,
    normal_mm: normal,
  }));

describe('the weather factor', () => {
  const planted = '2026-07-02'; // 60 days before today
  const at = (rain: number) => weatherFactor(planted, today, { status: 'ready', days: days(90, rain, 5) });

  it('grades the rain since planting by percent of normal, at the bands’ edges', () => {
    expect(at(2.95)).toMatchObject({ basis: 'rain_very_short', value: 0.8, detail: 59 });
    expect(at(3)).toMatchObject({ basis: 'rain_short', value: 0.9, detail: 60 });
    expect(at(4)).toMatchObject({ basis: 'rain_on_track', value: 1, detail: 80 });
    expect(at(3.95)).toMatchObject({ basis: 'rain_short', value: 0.9, detail: 79 });
    expect(at(6.5)).toMatchObject({ basis: 'rain_on_track', detail: 130 });
    expect(at(6.55)).toMatchObject({ basis: 'rain_excess', value: 0.95, detail: 131 });
    expect(at(5).rain).toEqual({ from: planted, to: '2026-08-30', days: 60, mm: 300, normal_mm: 300 });
  });

  it('skips days without a reading, and leaves rain out of a season whose normal is nearly dry', () => {
    const gappy = [
      ...days(90, 5, 5).slice(0, 80),
      ...days(10, null, 5).map((d, i) => ({ ...d, date: `2026-08-${21 + i}` })),
    ];
    expect(weatherFactor(planted, today, { status: 'ready', days: gappy }).rain?.days).toBe(50);
    expect(weatherFactor(planted, today, { status: 'ready', days: days(90, 0, 0.3) })).toMatchObject({
      known: true,
      value: 1,
      basis: 'dry_season',
      detail: 18,
    });
  });

  it('names what is missing', () => {
    expect(weatherFactor(planted, today, { status: 'not_configured' }).basis).toBe('weather_not_configured');
    expect(weatherFactor(planted, today, { status: 'no_location' }).basis).toBe('no_farm_location');
    expect(weatherFactor(planted, today, { status: 'waiting' }).basis).toBe('weather_not_fetched');
    expect(weatherFactor(today, today, { status: 'ready', days: days(90, 5, 5) }).basis).toBe(
      'not_planted_yet',
    );
    expect(weatherFactor('2026-08-18', today, { status: 'ready', days: days(90, 5, 5) })).toMatchObject({
      known: false,
      basis: 'season_too_short',
      detail: 13,
    });
    expect(weatherFactor(planted, today, { status: 'ready', days: days(90, 5, null) })).toMatchObject({
      known: false,
      basis: 'no_rain_normals',
      detail: 300,
    });
  });
});

describe('the stage timeline', () => {
  it('marks a stage late or early only beyond 7 days, and keeps the first record of a stage', () => {
    const rows = stageTimeline({
      stages: [
        { key: 'a', name: 'A', from_day: 0, advice: '' },
        { key: 'b', name: 'B', from_day: 10, advice: '' },
        { key: 'c', name: 'C', from_day: 20, advice: '' },
        { key: 'd', name: 'D', from_day: 40, advice: '' },
      ],
      plantingDate: '2026-08-01',
      expectedHarvest: '2026-10-01',
      recorded: [
        { stage_key: 'b', start_date: '2026-08-20' },
        { stage_key: 'a', start_date: '2026-08-08' },
        { stage_key: 'b', start_date: '2026-08-19' },
        { stage_key: 'c', start_date: '2026-08-12' },
      ],
      firstHarvest: null,
      harvestName: 'Harvest',
      today: '2026-09-15',
    });
    expect(rows.map((row) => [row.key, row.actual_date, row.days_late, row.timing])).toEqual([
      ['a', '2026-08-08', 7, 'on_time'],
      ['b', '2026-08-19', 8, 'late'],
      ['c', '2026-08-12', -9, 'early'],
      ['d', null, null, 'not_recorded'],
      ['harvest', null, null, 'upcoming'],
    ]);
  });
});
