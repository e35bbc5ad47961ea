import { barChart, CHART_COLOURS } from '@gona/shared/reports';

type Props = {
  /** What the chart shows, for people who cannot see it (its numbers are in the table below it). */
  title: string;
  /** One label under each group of bars. */
  labels: readonly string[];
  /** The series' names, for the legend (one colour each). */
  series: readonly string[];
  /** values[label][series]. */
  values: readonly (readonly number[])[];
  /** A tick's value as people read it (₦, kg …). */
  format: (value: number) => string;
};

const WIDTH = 320;
const HEIGHT = 150;

/**
 * A small bar chart in SVG, drawn from the geometry the PDF draws too (`barChart` in shared). It
 * scales to its box, so a 320 px phone and a desktop show the same chart; all zeros draw nothing.
 */
export function BarChart({ title, labels, series, values, format }: Props) {
  // Nothing to draw: the figures and the table say it.
  if (values.every((group) => group.every((value) => value === 0))) return null;
  const chart = barChart(values, WIDTH, HEIGHT);
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <figure className="flex flex-col gap-2">
      {series.length > 1 && (
        <figcaption className="flex flex-wrap gap-3 text-sm text-stone-700">
          {series.map((name, index) => (
            <span key={name} className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: CHART_COLOURS[index % CHART_COLOURS.length] }}
              />
              {name}
            </span>
          ))}
        </figcaption>
      )}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        className="h-auto w-full max-w-xl text-stone-600"
      >
        {chart.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={44} x2={WIDTH - 4} y1={tick.y} y2={tick.y} stroke="#e7e5e4" strokeWidth={1} />
            <text x={40} y={tick.y + 3} textAnchor="end" fontSize={9} fill="currentColor">
              {format(tick.value)}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect
            key={`${bar.label}-${bar.series}`}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={Math.max(bar.height, bar.value === 0 ? 0 : 1)}
            fill={CHART_COLOURS[bar.series % CHART_COLOURS.length]}
          />
        ))}
        <line x1={44} x2={WIDTH - 4} y1={chart.zero} y2={chart.zero} stroke="#78716c" strokeWidth={1} />
        {chart.labels.map(({ index, x }) =>
          index % every === 0 ? (
            <text key={index} x={x} y={HEIGHT - 5} textAnchor="middle" fontSize={9} fill="currentColor">
              {(labels[index] ?? '').slice(0, 12)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
