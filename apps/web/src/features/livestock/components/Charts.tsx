import { useTranslation } from 'react-i18next';
import {
  dailyGain,
  daysBetween,
  growthVerdict,
  targetAt,
  type AnimalGrowthTarget,
  type GrowthLog,
  type GrowthPoint,
  type Production,
  type WeightRange,
} from '@gona/shared/livestock';
import { dayMonthYear } from '../format';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;
/** The band under a single weighing is drawn this wide. */
const BAND_WIDTH = 8;

type Band = { low: number; high: number; label: string };
type Point = { date: string; value: number; label: string; band?: Band | null };
/** A target curve laid on an animal's age: its points count days from `from`. */
type Curve = { from: string; points: GrowthPoint[] };

/**
 * Weight over time: a line through each weighing, oldest on the left, over a light band of the
 * species' target at each weighing's age (where the knowledge base has a curve and the record says
 * when it was born or hatched). Under it the daily gain and the latest weighing against its target;
 * the numbers as a table.
 */
export function WeightChart({
  logs,
  target,
  group,
}: {
  logs: readonly GrowthLog[];
  target: AnimalGrowthTarget | null;
  /** A group's weighings are its average weights. */
  group: boolean;
}) {
  const { t } = useTranslation('livestock');
  const rangeText = useRangeText();
  const growthLines = useGrowthLines();
  const growthTarget = target?.growth_target ?? null;
  const curve: Curve | null =
    target?.anchor_date && growthTarget ? { from: target.anchor_date, points: growthTarget.points } : null;
  const sorted = [...logs].sort((a, b) => a.date.localeCompare(b.date));
  const points = sorted.map((log) => {
    const range = curve && rangeOn(curve, log.date);
    return {
      date: log.date,
      value: Number(log.weight_kg),
      label: t('charts.kg', { value: log.weight_kg }),
      band: range && { low: range.low_kg, high: range.high_kg, label: rangeText(range) },
    };
  });
  const banded = growthTarget && points.some((point) => point.band) ? growthTarget : null;
  return (
    <Chart
      title={t('charts.weight')}
      empty={t('charts.noWeights')}
      points={points}
      shape="line"
      lines={growthLines(sorted, curve, group)}
      band={
        banded && {
          title: t('charts.target'),
          source: t('growth.source', { source: banded.source.title }),
          note: banded.note,
        }
      }
    />
  );
}

/** Eggs collected each day, the last 30 days recorded, as bars, with the numbers as a table. */
export function EggsChart({ days }: { days: readonly Production[] }) {
  const { t } = useTranslation('livestock');
  const points = days
    .filter((day) => day.eggs_collected !== null)
    .slice(0, 30)
    .reverse()
    .map((day) => ({
      date: day.date,
      value: day.eggs_collected ?? 0,
      label: t('charts.eggs', { count: day.eggs_collected ?? 0 }),
    }));
  return <Chart title={t('charts.eggsPerDay')} empty={t('charts.noEggs')} points={points} shape="bars" />;
}

function Chart({
  title,
  empty,
  points,
  shape,
  lines = [],
  band = null,
}: {
  title: string;
  empty: string;
  points: Point[];
  shape: 'line' | 'bars';
  /** Short sentences under the chart. */
  lines?: string[];
  /** The points' bands are drawn, with their column in the table, their source and their note. */
  band?: { title: string; source: string; note: string } | null;
}) {
  const { t } = useTranslation('livestock');
  const max = Math.max(...points.flatMap((p) => [p.value, p.band?.high ?? 0]), 0) || 1;
  const x = (i: number) =>
    points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (value: number) => HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD);
  const barWidth = Math.max(2, (WIDTH - 2 * PAD) / Math.max(points.length, 1) - 2);
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold text-stone-900">{title}</figcaption>
      {points.length === 0 ? (
        <p className="text-sm text-stone-700">{empty}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-32 w-full"
            role="img"
            aria-label={t('charts.summary', {
              title,
              first: points[0]!.label,
              last: points.at(-1)!.label,
              count: points.length,
            })}
            preserveAspectRatio="none"
          >
            <line
              x1={PAD}
              x2={WIDTH - PAD}
              y1={HEIGHT - PAD}
              y2={HEIGHT - PAD}
              className="stroke-stone-300"
            />
            {band && <BandShapes points={points} x={x} y={y} />}
            {shape === 'line' ? (
              <>
                <polyline
                  fill="none"
                  className="stroke-green-700"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                  points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
                />
                {points.map((p, i) => (
                  <circle key={p.date + i} cx={x(i)} cy={y(p.value)} r={3} className="fill-green-700" />
                ))}
              </>
            ) : (
              points.map((p, i) => (
                <rect
                  key={p.date + i}
                  x={PAD + i * (barWidth + 2)}
                  y={y(p.value)}
                  width={barWidth}
                  height={HEIGHT - PAD - y(p.value)}
                  className="fill-green-700"
                />
              ))
            )}
          </svg>
          {lines.map((line) => (
            <p key={line} className="mt-2 text-sm text-stone-800">
              {line}
            </p>
          ))}
          {band && <p className="mt-1 text-xs text-stone-700">{band.source}</p>}
          <details className="mt-2 text-sm">
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-green-800">
              {t('charts.numbers')}
            </summary>
            <table className="w-full text-left">
              <thead>
                <tr className="text-stone-700">
                  <th className="py-1 font-medium">{t('charts.date')}</th>
                  <th className="py-1 text-right font-medium">{title}</th>
                  {band && <th className="py-1 pl-2 text-right font-medium">{band.title}</th>}
                </tr>
              </thead>
              <tbody>
                {points.map((p, i) => (
                  <tr key={p.date + i} className="border-t border-stone-100">
                    <td className="py-1">{dayMonthYear(p.date)}</td>
                    <td className="py-1 text-right tabular-nums">{p.label}</td>
                    {band && (
                      <td className="py-1 pl-2 text-right tabular-nums">
                        {p.band?.label ?? t('detail.none')}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {band && <p className="mt-2 text-stone-700">{band.note}</p>}
          </details>
        </>
      )}
    </figure>
  );
}

/**
 * The band behind the weighings: for each run of neighbouring weighings with a target, its high
 * ends joined left to right and its low ends back (a single weighing gets a short bar).
 */
function BandShapes({
  points,
  x,
  y,
}: {
  points: Point[];
  x: (index: number) => number;
  y: (value: number) => number;
}) {
  return runsWithBand(points).map((run) => {
    const bands = run.map((i) => points[i]!.band!);
    if (run.length === 1)
      return (
        <rect
          key={run[0]}
          x={x(run[0]!) - BAND_WIDTH / 2}
          y={y(bands[0]!.high)}
          width={BAND_WIDTH}
          height={y(bands[0]!.low) - y(bands[0]!.high)}
          className="fill-green-100"
        />
      );
    const upper = run.map((i, k) => `${x(i)},${y(bands[k]!.high)}`);
    const lower = run.map((i, k) => `${x(i)},${y(bands[k]!.low)}`).reverse();
    return <polygon key={run[0]} points={[...upper, ...lower].join(' ')} className="fill-green-100" />;
  });
}

/** The indexes of the points with a band, in runs of neighbours. */
function runsWithBand(points: Point[]): number[][] {
  const runs: number[][] = [];
  points.forEach((point, i) => {
    if (!point.band) return;
    const run = runs.at(-1);
    if (run && run.at(-1) === i - 1) run.push(i);
    else runs.push([i]);
  });
  return runs;
}

/**
 * "Gaining 48 g a day (last weighing: 55 g a day)" and "At 42 days the target is 2.0–2.5 kg: this
 * group weighs 1.8 kg on average, behind.", each when there is something to say.
 */
function useGrowthLines() {
  const { t } = useTranslation('livestock');
  const rangeText = useRangeText();
  const gainText = (grams: number, last: boolean) =>
    grams < 0
      ? t(last ? 'growth.lastLoss' : 'growth.losing', { value: -grams })
      : t(last ? 'growth.lastGain' : 'growth.gaining', { value: grams });
  return (sorted: readonly GrowthLog[], curve: Curve | null, group: boolean): string[] => {
    const lines: string[] = [];
    const gain = dailyGain(sorted);
    if (gain)
      lines.push(
        gain.last_g_per_day === null
          ? gainText(gain.average_g_per_day, false)
          : t('growth.withLast', {
              gain: gainText(gain.average_g_per_day, false),
              last: gainText(gain.last_g_per_day, true),
            }),
      );
    const latest = sorted.at(-1);
    const range = curve && latest ? rangeOn(curve, latest.date) : null;
    if (curve && latest && range)
      lines.push(
        t(group ? 'growth.targetGroup' : 'growth.targetOne', {
          count: daysBetween(curve.from, latest.date),
          range: rangeText(range),
          weight: t('charts.kg', { value: latest.weight_kg }),
          verdict: t(`growth.verdicts.${growthVerdict(Number(latest.weight_kg), range)}`),
        }),
      );
    return lines;
  };
}

function rangeOn(curve: Curve, date: string): WeightRange | null {
  return targetAt(curve.points, daysBetween(curve.from, date));
}

/** "2.0–2.5 kg", "0.14–0.19 kg", "65–95 kg": as precise as a range of weights deserves. */
function useRangeText() {
  const { t } = useTranslation('livestock');
  return (range: WeightRange) =>
    t('growth.range', { low: kgNumber(range.low_kg), high: kgNumber(range.high_kg) });
}

function kgNumber(kg: number): string {
  const digits = kg >= 10 ? 0 : kg >= 1 ? 1 : 3;
  return kg.toLocaleString('en-NG', {
    minimumFractionDigits: digits === 1 ? 1 : 0,
    maximumFractionDigits: digits,
  });
}
