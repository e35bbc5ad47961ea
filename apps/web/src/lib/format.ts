/** dd/mm/yyyy HH:mm in the given timezone (farm timezone, Africa/Lagos by default). */
export function formatDateTime(iso: string, timeZone = 'Africa/Lagos'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A same-site path to return to after sign-in, or null when the value is missing or points elsewhere. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** A calendar date as stored (yyyy-mm-dd) as people read it: dd/mm/yyyy. */
export function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** Today's date (yyyy-mm-dd) on the farm's clock, for a form's default. */
export function todayOnFarm(timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}
