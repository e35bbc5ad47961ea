import { describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '../farms/index';
import {
  cropHeatStress,
  drySpells,
  fallArmyworm,
  farmRisks,
  fungalRisk,
  heavyRain,
  lateBlight,
  plusDays,
  poultryHeatStress,
  rainOnset,
  seasonOnset,
  sprayWindows,
  STATE_CAPITALS,
  weatherCell,
  weatherPlace,
  type DailyWeather,
  type HourlyWeather,
} from './index';

/** Days from `start`, one a value: rain in mm (or null for a gap). */
function rainDays(start: string, rain: (number | null)[]): DailyWeather[] {
  return rain.map((mm, i) => ({ date: plusDays(start, i), rain_mm: mm, tmax_c: 30, tmin_c: 22 }));
}

function hotDays(start: string, tmax: number[]): DailyWeather[] {
  return tmax.map((t, i) => ({ date: plusDays(start, i), rain_mm: 0, tmax_c: t, tmin_c: 22 }));
}

/** 24 hours a day for `days` days, each hour made by `hour(day, h)`. */
function hours(start: string, days: number, hour: (day: number, h: number) => Partial<HourlyWeather>) {
  const all: HourlyWeather[] = [];
  for (let d = 0; d < days; d += 1)
    for (let h = 0; h < 24; h += 1)
      all.push({
        time: `${plusDays(start, d)}T${String(h).padStart(2, '0')}:00`,
        temp_c: 22,
        rh_percent: 60,
        rain_mm: 0,
        wind_kmh: 5,
        ...hour(d, h),
      });
  return all;
}

const same = (n: number, mm: number) => Array.from({ length: n }, () => mm);
const wet = (n: number) => same(n, 5);

describe('onset of the rains (Sivakumar)', () => {
  it('is the first day from 1 May whose 3 days bring 20 mm with no spell over 7 dry days after', () => {
    // April rain does not count; 1–3 May bring 19.9 mm (short); 4 May makes 3 days of 20 mm.
    const series = rainDays('2026-04-28', [30, 0, 0, 9.9, 5, 5, 10, ...wet(30)]);
    expect(rainOnset(series)).toEqual({ date: '2026-05-04', confirmed: true });
  });

  it('refuses a start followed by 8 dry days, accepts one followed by 7', () => {
    const eight = rainDays('2026-05-01', [10, 10, 10, ...same(8, 0), ...wet(19)]);
    expect(rainOnset(eight)?.date).not.toBe('2026-05-03');
    const seven = rainDays('2026-05-01', [10, 10, 10, ...same(7, 0), ...wet(23)]);
    expect(rainOnset(seven)).toEqual({ date: '2026-05-03', confirmed: true });
  });

  it('is only likely while the 30 days after are not all known, and waits out gaps', () => {
    expect(rainOnset(rainDays('2026-05-01', [10, 10, 10, ...wet(10)]))).toEqual({
      date: '2026-05-03',
      confirmed: false,
    });
    expect(rainOnset(rainDays('2026-05-01', [10, null, 10, 10, ...wet(30)]))?.date).toBe('2026-05-05');
    expect(rainOnset(rainDays('2026-03-01', [10, 10, 10, ...wet(30)]), '03-01')?.date).toBe('2026-03-03');
  });
});

describe('this season’s onset', () => {
  it('is looked for from the zone’s day only when the days reach back to it', () => {
    // 90 days from 1 March: 10 mm on 21–23 March (20 mm over 3 days by the 22nd), 7 dry days, then
    // 8 mm a day. Searched from 1 April, the March rain does not count.
    const days = rainDays('2026-03-01', [...same(20, 0), 10, 10, 10, ...same(7, 0), ...same(60, 8)]);
    expect(seasonOnset(days, '03-15')).toEqual({ date: '2026-03-22', confirmed: true });
    expect(seasonOnset(days, '04-01')).toEqual({ date: '2026-04-02', confirmed: true });
    // The series begins after the search day: the start of the rains is out of sight.
    expect(seasonOnset(rainDays('2026-04-10', same(60, 10)), '04-01')).toBeNull();
    // Late-season rain (August to November) is never taken for the start of the rains.
    expect(seasonOnset(rainDays('2026-08-27', same(106, 10)), '05-15')).toBeNull();
    // Before this year's search day, last year's is out of reach too.
    expect(seasonOnset(rainDays('2026-01-01', same(50, 10)), '03-01')).toBeNull();
  });

  it('is news on the climate screen for two weeks, as good to know', () => {
    const daily = rainDays('2026-05-01', [10, 10, 10, ...wet(30)]);
    const input = { daily, hourly: [], crops: [], keepsPoultry: false };
    const onset = { date: '2026-05-03', confirmed: true };
    expect(farmRisks({ ...input, today: '2026-05-10', onset })).toContainEqual({
      rule: 'rain_onset',
      severity: 'info',
      from: '2026-05-03',
      to: '2026-05-17',
      values: { confirmed: 1 },
    });
    expect(farmRisks({ ...input, today: '2026-05-18', onset }).map((f) => f.rule)).not.toContain(
      'rain_onset',
    );
  });
});

describe('where a farm’s weather comes from', () => {
  it('is its own point, else its state’s capital, else nowhere', () => {
    expect(weatherPlace({ lat: 10.51, lng: 7.42, state: 'Kano' })).toEqual({
      source: 'farm',
      lat: 10.51,
      lng: 7.42,
      town: null,
    });
    expect(weatherPlace({ lat: null, lng: null, state: 'Kano' })).toEqual({
      source: 'state',
      lat: 12.0,
      lng: 8.52,
      town: 'Kano',
    });
    expect(weatherPlace({ lat: 10.51, lng: null, state: null })).toBeNull();
    expect(weatherPlace({ lat: null, lng: null, state: 'Atlantis' })).toBeNull();
  });

  it('has a capital inside Nigeria for each of the 36 states and the FCT', () => {
    expect(Object.keys(STATE_CAPITALS).sort()).toEqual([...NIGERIAN_STATES].sort());
    for (const { lat, lng } of Object.values(STATE_CAPITALS)) {
      expect(lat).toBeGreaterThan(4.2);
      expect(lat).toBeLessThan(13.9);
      expect(lng).toBeGreaterThan(2.6);
      expect(lng).toBeLessThan(14.7);
    }
  });
});

describe('dry spells after sowing', () => {
  it('is a false start when 7 dry days come within 30 days of sowing, severe from 10', () => {
    const six = rainDays('2026-06-01', [5, ...same(6, 1), 5]);
    expect(drySpells(six, '2026-06-01')).toEqual([]);
    const seven = rainDays('2026-06-01', [5, ...same(7, 1), 5]);
    expect(drySpells(seven, '2026-06-01', 'crop-1')).toEqual([
      {
        rule: 'false_start',
        severity: 'warning',
        from: '2026-06-02',
        to: '2026-06-08',
        about: 'crop-1',
        values: { days: 7 },
      },
    ]);
    const ten = rainDays('2026-06-01', [5, ...same(10, 0.5)]);
    expect(drySpells(ten, '2026-06-01')[0]).toMatchObject({ severity: 'severe', values: { days: 10 } });
  });

  it('is a dry spell after the first 30 days; a gap breaks a spell; days before sowing do not count', () => {
    const later = rainDays('2026-06-01', [...wet(31), ...same(8, 0)]);
    expect(drySpells(later, '2026-06-01')[0]).toMatchObject({ rule: 'dry_spell', from: '2026-07-02' });
    expect(drySpells(rainDays('2026-06-01', [0, 0, 0, null, 0, 0, 0, 0]), '2026-06-01')).toEqual([]);
    expect(drySpells(rainDays('2026-06-01', same(12, 0)), '2026-06-05')[0]).toMatchObject({
      from: '2026-06-05',
      values: { days: 8 },
    });
  });
});

describe('heavy rain', () => {
  it('warns at 50 mm a day, is severe at 100 mm or 100 mm over 3 days, one finding a wet period', () => {
    expect(heavyRain(rainDays('2026-08-01', [49.9, 10, 0]))).toEqual([]);
    expect(heavyRain(rainDays('2026-08-01', [0, 50, 0]))).toEqual([
      {
        rule: 'heavy_rain',
        severity: 'warning',
        from: '2026-08-02',
        to: '2026-08-02',
        values: { max_day_mm: 50, max_3day_mm: 50 },
      },
    ]);
    expect(heavyRain(rainDays('2026-08-01', [0, 100, 0]))[0]?.severity).toBe('severe');
    const soaked = heavyRain(rainDays('2026-08-01', [0, 40, 30, 30, 0, 0]));
    expect(soaked).toEqual([
      {
        rule: 'heavy_rain',
        severity: 'severe',
        from: '2026-08-02',
        to: '2026-08-04',
        values: { max_day_mm: 40, max_3day_mm: 100 },
      },
    ]);
    expect(heavyRain(rainDays('2026-08-01', [0, 40, 30, 29.9, 0]))).toEqual([]);
  });
});

describe('heat', () => {
  it('warns a crop at 35 °C in its flowering days only, severe at 40', () => {
    const days = hotDays('2026-07-01', [36, 34.9, 35, 40, 38]);
    expect(cropHeatStress(days, { from: '2026-07-02', to: '2026-07-04' }, 'crop-9')).toEqual([
      {
        rule: 'crop_heat',
        severity: 'severe',
        from: '2026-07-03',
        to: '2026-07-04',
        about: 'crop-9',
        values: { tmax_c: 40 },
      },
    ]);
    expect(cropHeatStress(hotDays('2026-07-01', [34.9]), { from: '2026-07-01', to: '2026-07-01' })).toEqual(
      [],
    );
  });

  it('warns poultry keepers at 32 °C, severe at 34', () => {
    expect(poultryHeatStress(hotDays('2026-03-01', [31.9]))).toEqual([]);
    expect(poultryHeatStress(hotDays('2026-03-01', [32, 33]))[0]).toMatchObject({
      severity: 'warning',
      from: '2026-03-01',
      to: '2026-03-02',
      values: { tmax_c: 33 },
    });
    expect(poultryHeatStress(hotDays('2026-03-01', [34]))[0]?.severity).toBe('severe');
  });
});

describe('late blight (Hutton Criteria)', () => {
  const humid = (hoursHumid: number, tmin: number) => (_day: number, h: number) => ({
    rh_percent: h < hoursHumid ? 90 : 70,
    temp_c: h === 3 ? tmin : 18,
  });

  it('needs two days in a row of 10 °C minimum and 6 humid hours', () => {
    expect(lateBlight(hours('2026-07-10', 2, humid(6, 10)))).toEqual([
      {
        rule: 'late_blight',
        severity: 'warning',
        from: '2026-07-10',
        to: '2026-07-11',
        values: { days: 2, humid_hours: 6 },
      },
    ]);
    expect(lateBlight(hours('2026-07-10', 2, humid(5, 10)))).toEqual([]);
    expect(lateBlight(hours('2026-07-10', 2, humid(6, 9.9)))).toEqual([]);
    expect(lateBlight(hours('2026-07-10', 1, humid(12, 15)))).toEqual([]);
  });

  it('does not judge a day with fewer than 20 hours known', () => {
    const gappy = hours('2026-07-10', 2, (day, h) => ({
      rh_percent: 95,
      temp_c: day === 1 && h < 5 ? null : 15,
    }));
    expect(lateBlight(gappy)).toEqual([]);
  });
});

describe('fungal risk', () => {
  it('flags two days in a row of wet leaves or 10 warm humid hours', () => {
    const days = rainDays('2026-07-01', [5, 5, 5]).map((day, i) => ({
      ...day,
      leaf_wetness_percent: i < 2 ? 51 : 50,
    }));
    expect(fungalRisk(days, [])).toEqual([
      { rule: 'fungal', severity: 'warning', from: '2026-07-01', to: '2026-07-02', values: { days: 2 } },
    ]);
    const humidHours = hours('2026-07-01', 3, (day, h) => ({
      rh_percent: h < (day === 2 ? 9 : 10) ? 92 : 60,
      temp_c: 24,
    }));
    expect(fungalRisk(rainDays('2026-07-01', [1, 1, 1]), humidHours)[0]).toMatchObject({ to: '2026-07-02' });
    const cold = hours('2026-07-01', 2, () => ({ rh_percent: 95, temp_c: 19 }));
    expect(fungalRisk(rainDays('2026-07-01', [1, 1]), cold)).toEqual([]);
  });
});

describe('fall armyworm', () => {
  it('asks for scouting when young maize has 3 days between 18 and 33 °C', () => {
    const warm = hotDays('2026-06-10', [30, 30, 30]).map((day) => ({ ...day, tmin_c: 20 }));
    expect(fallArmyworm(warm, { from: '2026-06-10', to: '2026-07-20' }, 'crop-2')).toEqual([
      {
        rule: 'fall_armyworm',
        severity: 'info',
        from: '2026-06-10',
        to: '2026-06-12',
        about: 'crop-2',
        values: { days: 3 },
      },
    ]);
    expect(fallArmyworm(warm.slice(0, 2), { from: '2026-06-10', to: '2026-07-20' })).toEqual([]);
    const hot = hotDays('2026-06-10', [40, 40, 40]).map((day) => ({ ...day, tmin_c: 28 }));
    expect(fallArmyworm(hot, { from: '2026-06-10', to: '2026-07-20' })).toEqual([]);
  });
});

describe('spray window', () => {
  it('is the first hour from 06:00 with wind under 15 km/h and 6 dry hours', () => {
    // Day 1: rain at 09:00 spoils 06:00–09:00; 10:00 starts 6 dry hours. Day 2: windy all day.
    const series = hours('2026-07-01', 2, (day, h) => ({
      rain_mm: day === 0 && h === 9 ? 0.2 : 0,
      wind_kmh: day === 1 ? 15 : 5,
    }));
    expect(sprayWindows(series)).toEqual([
      { rule: 'spray_window', severity: 'info', from: '2026-07-01', to: '2026-07-01', values: { hour: 10 } },
    ]);
  });
});

describe('weather cells', () => {
  it('rounds a point to 0.1°, so farms within a few km share one forecast', () => {
    expect(weatherCell(10.5105, 7.4165)).toEqual({ lat: 10.5, lng: 7.4, key: '10.5,7.4' });
    expect(weatherCell(10.46, 7.36).key).toBe('10.5,7.4');
    expect(weatherCell(6.4541, 3.3947).key).toBe('6.5,3.4');
  });
});

describe("a farm's risks", () => {
  const maize = (id: string, planted: string) => ({
    id,
    crop_key: 'maize',
    planting_date: planted,
    stages: [
      { key: 'emergence', from_day: 0 },
      { key: 'vegetative', from_day: 8 },
      { key: 'tasselling', from_day: 50 },
      { key: 'grain_fill', from_day: 65 },
    ],
  });

  it('says a dry spell once for every crop it concerns, and armyworm scouting once for all young maize', () => {
    // Two plantings sown on 1 June, rain on the 1st, then 8 dry days to the end of the series.
    const daily = rainDays('2026-06-01', [10, ...same(8, 0)]).map((day) => ({ ...day, tmin_c: 20 }));
    const risks = farmRisks({
      today: '2026-06-05',
      daily,
      hourly: [],
      crops: [maize('a', '2026-06-01'), maize('b', '2026-06-01')],
      keepsPoultry: false,
    });
    const spells = risks.filter((risk) => risk.rule === 'false_start');
    expect(spells).toEqual([
      {
        rule: 'false_start',
        severity: 'warning',
        from: '2026-06-02',
        to: '2026-06-09',
        values: { days: 8, crops: 2 },
      },
    ]);
    expect(risks.filter((risk) => risk.rule === 'fall_armyworm')).toEqual([
      expect.objectContaining({ from: '2026-06-05', to: '2026-06-09', values: { days: 5 } }),
    ]);
    expect(risks.every((risk) => risk.about === undefined)).toBe(true);
  });

  it('names the crop when only one is concerned, and leaves out what ended before today', () => {
    const daily = rainDays('2026-06-01', [10, ...same(8, 0), 10]);
    const one = farmRisks({
      today: '2026-06-05',
      daily,
      hourly: [],
      crops: [maize('a', '2026-06-01')],
      keepsPoultry: false,
    });
    expect(one.find((risk) => risk.rule === 'false_start')?.about).toBe('a');
    const later = farmRisks({
      today: '2026-06-10',
      daily,
      hourly: [],
      crops: [maize('a', '2026-06-01')],
      keepsPoultry: false,
    });
    expect(later.find((risk) => risk.rule === 'false_start')).toBeUndefined();
  });
});
