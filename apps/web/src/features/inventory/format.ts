/** dd/mm/yyyy in the farm's timezone (Africa/Lagos unless the farm says otherwise). */
export function formatDate(iso: string, timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}
