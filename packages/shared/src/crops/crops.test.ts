import { describe, expect, it } from 'vitest';
import {
  checkHarvest,
  historyFactor,
  phBand,
  predictYield,
  ringAreaHa,
  soilAdvice,
  soilFactor,
  soilMapBand,
  WEATHER_UNKNOWN,
} from './index';

describe('yield prediction', () => {
  it("uses the spec's 2.5 per hectare and 0.85 confidence when all is known and neutral", () => {
    const result = predictYield({
      area_ha: 2,
      typical_t_ha: null,
      factors: {
        weather: { known: true, value: 1, basis: 'rain_on_track', detail: null },
        soil_quality: soilFactor(6.5),
        historical_data: historyFactor([2.5], 2.5),
      },
    });
    expect(result).toMatchObject({ predicted_yield: 5, confidence_score: 0.85, low: 4.25, high: 5.75 });
  });

  it('multiplies each factor in, and loses 0.1 confidence for each one unknown', () => {
    const noneKnown = predictYield({
      area_ha: 1.5,
      typical_t_ha: 1.8,
      factors: {
        weather: WEATHER_UNKNOWN,
        soil_quality: soilFactor(null),
        historical_data: historyFactor([], 1.8),
      },
    });
    expect(noneKnown).toMatchObject({
      predicted_yield: 2.7,
      confidence_score: 0.55,
      low: 1.485,
      high: 3.915,
    });
    const acid = predictYield({
      area_ha: 1.5,
      typical_t_ha: 1.8,
      factors: {
        weather: WEATHER_UNKNOWN,
        soil_quality: soilFactor(4.8),
        historical_data: historyFactor([], 1.8),
      },
    });
    expect(acid.predicted_yield).toBe(2.16);
    expect(acid.confidence_score).toBe(0.65);
  });

  it('holds the history factor between 0.5 and 1.5, and grades the soil by its pH', () => {
    expect(historyFactor([9, 9], 1.8).value).toBe(1.5);
    expect(historyFactor([0.2], 1.8).value).toBe(0.5);
    expect(historyFactor([1.2, 1.5], 1.8)).toMatchObject({ value: 0.75, detail: 2 });
    expect(soilFactor(5.2)).toMatchObject({ value: 0.9, basis: 'soil_acid' });
    expect(soilFactor(8.4)).toMatchObject({ value: 0.8, basis: 'soil_alkaline' });
  });
});

describe('harvest against its prediction', () => {
  const early = { low: 2, high: 3, predicted_yield: 2.5, prediction_date: '2026-05-01' };
  const late = { low: 4, high: 6, predicted_yield: 5, prediction_date: '2026-09-20' };

  it('waits for both a prediction and a harvest', () => {
    expect(checkHarvest([], [{ date: '2026-09-01', kg: '100' }])).toBeNull();
    expect(checkHarvest([early], [])).toBeNull();
  });

  it('sets the harvest beside the prediction made before it began, in tonnes', () => {
    const check = checkHarvest(
      [late, early],
      [
        { date: '2026-09-10', kg: '1500' },
        { date: '2026-09-25', kg: '500' },
      ],
    );
    expect(check).toEqual({
      harvested_t: 2,
      unweighed: 0,
      prediction: early,
      outcome: 'within',
      difference_percent: -20,
    });
  });

  it('says below or above the range, and counts the harvests without a weight', () => {
    const below = checkHarvest(
      [early],
      [
        { date: '2026-09-10', kg: '1200' },
        { date: '2026-09-11', kg: null },
      ],
    );
    expect(below).toMatchObject({
      harvested_t: 1.2,
      unweighed: 1,
      outcome: 'below',
      difference_percent: -52,
    });
    const above = checkHarvest([early], [{ date: '2026-09-10', kg: '3100.5' }]);
    expect(above).toMatchObject({ harvested_t: 3.101, outcome: 'above', difference_percent: 24 });
  });

  it('uses the first prediction when every one came after the harvest began', () => {
    expect(checkHarvest([late], [{ date: '2026-09-10', kg: '5000' }])?.prediction).toBe(late);
  });
});

describe('field area', () => {
  it('measures a 100 m square near Kano as one hectare, closed or not, in either direction', () => {
    // 100 m of latitude is 100 / 111,195 degrees; of longitude at 12° N, that over cos 12°.
    const dLat = 100 / ((Math.PI / 180) * 6_371_008.8);
    const dLng = dLat / Math.cos((12 * Math.PI) / 180);
    const square: [number, number][] = [
      [8.5, 12],
      [8.5 + dLng, 12],
      [8.5 + dLng, 12 + dLat],
      [8.5, 12 + dLat],
    ];
    expect(ringAreaHa(square)).toBeCloseTo(1, 3);
    expect(ringAreaHa([...square, square[0]!])).toBeCloseTo(1, 3);
    expect(ringAreaHa([...square].reverse())).toBeCloseTo(1, 3);
  });

  it('measures a right triangle of 200 m legs as 2 ha, and a line as nothing', () => {
    const d = 200 / ((Math.PI / 180) * 6_371_008.8);
    expect(
      ringAreaHa([
        [7, 0],
        [7 + d, 0],
        [7, d],
      ]),
    ).toBeCloseTo(2, 3);
    expect(
      ringAreaHa([
        [7, 9],
        [7.001, 9],
      ]),
    ).toBe(0);
  });
});

describe('soil pH on the map and in the advice', () => {
  it('bands a pH at the same edges the advice uses: below 5, below 5.5, above 7.5', () => {
    expect([null, 4.9, 5, 5.4, 5.5, 7.5, 7.6].map(phBand)).toEqual([
      'untested',
      'very_acid',
      'acid',
      'acid',
      'good',
      'good',
      'alkaline',
    ]);
    expect(
      soilAdvice({
        ph: 5.2,
        organic_carbon_percent: null,
        phosphorus_mg_kg: null,
        potassium_cmol_kg: null,
        ec_ds_m: null,
      }),
    ).toEqual([{ key: 'acid', severity: 'warning' }]);
    expect(
      soilAdvice({
        ph: 6.5,
        organic_carbon_percent: null,
        phosphorus_mg_kg: null,
        potassium_cmol_kg: null,
        ec_ds_m: null,
      }),
    ).toEqual([{ key: 'ph_good', severity: 'info' }]);
  });

  it('bands the other measures at the advice’s edges: low below them, saline above 4 dS/m', () => {
    const field = (soil: Partial<Record<string, number | null>>) => ({
      latest_ph: null,
      latest_soil: {
        organic_carbon_percent: null,
        phosphorus_mg_kg: null,
        potassium_cmol_kg: null,
        ec_ds_m: null,
        ...soil,
      },
    });
    expect(soilMapBand('ph', { ...field({}), latest_ph: 5.2 })).toBe('acid');
    expect(soilMapBand('organic_carbon_percent', field({ organic_carbon_percent: 0.99 }))).toBe('low');
    expect(soilMapBand('organic_carbon_percent', field({ organic_carbon_percent: 1 }))).toBe('enough');
    expect(soilMapBand('phosphorus_mg_kg', field({ phosphorus_mg_kg: 9 }))).toBe('low');
    expect(soilMapBand('potassium_cmol_kg', field({ potassium_cmol_kg: 0.25 }))).toBe('enough');
    expect(soilMapBand('potassium_cmol_kg', field({}))).toBe('untested');
    expect(soilMapBand('ec_ds_m', field({ ec_ds_m: 4 }))).toBe('not_saline');
    expect(soilMapBand('ec_ds_m', field({ ec_ds_m: 4.1 }))).toBe('saline');
  });
});
