export * from './series';
export * from './rules';
export * from './market-rules';
export * from './farm-risks';
export * from './schemas';
export * from './places';

/** Weather is asked per cell of 0.1° (about 11 km): farms in one cell share one forecast. */
export const WEATHER_CELLS_PER_DEGREE = 10;

/** The cell a point falls in: its centre, rounded to the cell size, and a key to store it under. */
export function weatherCell(lat: number, lng: number): { lat: number; lng: number; key: string } {
  const snap = (value: number) => Math.round(value * WEATHER_CELLS_PER_DEGREE) / WEATHER_CELLS_PER_DEGREE;
  const cell = { lat: snap(lat), lng: snap(lng) };
  return { ...cell, key: `${cell.lat.toFixed(1)},${cell.lng.toFixed(1)}` };
}
