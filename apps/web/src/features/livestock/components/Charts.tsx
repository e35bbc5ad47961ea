import { useTranslation } from 'react-i18next';
import type { GrowthLog, Production } from '@gona/shared/livestock';
import { dayMonthYear } from '../format';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

type Point = { date: string; value: number; label: string };

/** Weight over time: a line through each weighing, oldest on the left, with the numbers as a table. */
export function WeightChart({ logs }: { logs: readonly GrowthLog[] }) {
  const { t } = useTranslation('livestock');
  const points = [...logs]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((log) => ({
      date: log.date,
      value: Number(log.weight_kg),
      label: t('charts.kg', { value: log.weight_kg }),
    }));
  return <Chart title={t('charts.weight')} empty={t('charts.noWeights')} points={points} shape="line" />;
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
}: {
  title: string;
  empty: string;
  points: Point[];
  shape: 'line' | 'bars';
}) {
  const { t } = useTranslation('livestock');
  const max = Math.max(...points.map((p) => p.value), 0) || 1;
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
          <details className="mt-2 text-sm">
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-green-800">
              {t('charts.numbers')}
            </summary>
            <table className="w-full text-left">
              <thead>
                <tr className="text-stone-700">
                  <th className="py-1 font-medium">{t('charts.date')}</th>
                  <th className="py-1 text-right font-medium">{title}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p, i) => (
                  <tr key={p.date + i} className="border-t border-stone-100">
                    <td className="py-1">{dayMonthYear(p.date)}</td>
                    <td className="py-1 text-right tabular-nums">{p.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
