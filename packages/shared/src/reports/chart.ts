/**
 * The geometry of the reports' small bar charts, worked out once here so the screen (SVG) and the
 * PDF (pdfmake's canvas) draw the same chart: bars in one or more series per label, on an axis whose
 * ticks are round numbers.
 */

/** Round steps for an axis from 0 (and below, when values are negative) to at least `max`. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high === low) return [0];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.floor(low / step) * step; v < high + step; v += step) {
    ticks.push(Math.round(v * 1e9) / 1e9);
    if (v >= high) break;
  }
  return ticks;
}

export type Bar = {
  /** The label's index, and the series' within it. */
  label: number;
  series: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type BarChart = {
  width: number;
  height: number;
  bars: Bar[];
  /** Each tick's value and the y of its line. */
  ticks: { value: number; y: number }[];
  /** The x of each label's middle, for the label under it. */
  labels: { index: number; x: number }[];
  /** The y of the zero line. */
  zero: number;
};

/** The plot's margins: room on the left for tick values and below for labels. */
export const CHART_MARGIN = { left: 44, right: 4, top: 6, bottom: 18 } as const;

/**
 * Bars for `values[label][series]` in a width × height box (the margins inside it). Each label's
 * series stand side by side; a negative value hangs below the zero line.
 */
export function barChart(values: readonly (readonly number[])[], width: number, height: number): BarChart {
  const flat = values.flat();
  const ticks = niceTicks(Math.min(0, ...flat), Math.max(0, ...flat));
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 0;
  const plotTop = CHART_MARGIN.top;
  const plotHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const plotWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
  const yOf = (v: number) =>
    high === low ? plotTop + plotHeight : plotTop + ((high - v) / (high - low)) * plotHeight;
  const zero = yOf(0);
  const slot = values.length === 0 ? plotWidth : plotWidth / values.length;
  const bars: Bar[] = [];
  values.forEach((series, label) => {
    const inner = slot * 0.8;
    const barWidth = series.length === 0 ? 0 : inner / series.length;
    series.forEach((value, index) => {
      const y = yOf(value);
      bars.push({
        label,
        series: index,
        value,
        x: CHART_MARGIN.left + label * slot + slot * 0.1 + index * barWidth,
        y: Math.min(y, zero),
        width: Math.max(barWidth - 1, 1),
        height: Math.abs(zero - y),
      });
    });
  });
  return {
    width,
    height,
    bars,
    ticks: ticks.map((value) => ({ value, y: yOf(value) })),
    labels: values.map((_, index) => ({ index, x: CHART_MARGIN.left + index * slot + slot / 2 })),
    zero,
  };
}

/** Colour-blind safe series colours (Okabe–Ito): green-blue, orange, sky blue. */
export const CHART_COLOURS = ['#009E73', '#E69F00', '#56B4E9'] as const;
