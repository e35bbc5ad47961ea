/** dd/mm/yyyy of an instant on the farm's clock (Africa/Lagos unless the farm says otherwise). */
export function formatDay(iso: string, timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** A commission in basis points as people read it: 500 → "5%", 250 → "2.5%". */
export function percentOfBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/**
 * The last day of a period that ends at `iso` (the server's ends are exclusive: Pro granted to
 * 31/01 ends at 01/02 00:00), dd/mm/yyyy on the farm's clock, as receipts and messages say it.
 */
export function lastDay(iso: string, timeZone?: string): string {
  return formatDay(new Date(Date.parse(iso) - 1).toISOString(), timeZone);
}
