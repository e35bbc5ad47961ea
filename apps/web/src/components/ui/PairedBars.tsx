type Row = { key: string; label: string; first: number; second: number };

type Props = {
  rows: readonly Row[];
  /** The two series' names, for the legend. */
  firstLabel: string;
  secondLabel: string;
  /** What the chart shows, for people who cannot see it (the numbers are also in a table). */
  title: string;
};

/**
 * Two values side by side for each row (income and costs of an enterprise, money in and out of a
 * month) as horizontal SVG bars on one scale: narrow screens keep long labels on their own line.
 * Negative values draw as nothing; the caller shows every number in a table too.
 */
export function PairedBars({ rows, firstLabel, secondLabel, title }: Props) {
  const max = Math.max(1, ...rows.flatMap((r) => [r.first, r.second]));
  const width = (value: number) => `${(Math.max(0, value) / max) * 100}%`;
  return (
    <figure className="flex flex-col gap-3" aria-label={title}>
      <figcaption className="flex gap-4 text-sm text-stone-700">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-green-700" />
          {firstLabel}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-amber-500" />
          {secondLabel}
        </span>
      </figcaption>
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-col gap-1">
            <span className="text-sm break-words text-stone-800">{row.label}</span>
            <svg className="h-3 w-full" role="presentation">
              <rect x="0" y="0" height="12" width={width(row.first)} rx="2" className="fill-green-700" />
            </svg>
            <svg className="h-3 w-full" role="presentation">
              <rect x="0" y="0" height="12" width={width(row.second)} rx="2" className="fill-amber-500" />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  );
}
