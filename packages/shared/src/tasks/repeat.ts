/**
 * Repeat rules as a person chooses them on the task form, written as RFC 5545 RRULE text and read
 * back. Only this small, farm-shaped subset is written or accepted: every day / every N days, weekly
 * on chosen days, monthly on a day of the month; ending never, after a count, or on a date. The
 * server computes the dates (rrule-temporal); this module only writes and reads the text, so the
 * web needs no recurrence library.
 */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

export type Repeat = {
  freq: RepeatFrequency;
  /** Every `interval` days, weeks or months (1 = every). */
  interval: number;
  /** Weekly: the days (at least one). */
  days?: Weekday[];
  /** Monthly: the day of the month (1–31); in a month without it, its last day. */
  monthDay?: number;
  /** Ends after this many times, or on this date (yyyy-mm-dd, inclusive); neither: never. */
  count?: number;
  until?: string;
};

export const REPEAT_INTERVAL_MAX = 366;
export const REPEAT_COUNT_MAX = 1000;

/** The RRULE value (without DTSTART) for a repeat choice. */
export function toRrule(repeat: Repeat): string {
  const parts = [`FREQ=${repeat.freq.toUpperCase()}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.freq === 'weekly' && repeat.days?.length) {
    const days = WEEKDAYS.filter((day) => repeat.days!.includes(day));
    parts.push(`BYDAY=${days.join(',')}`);
  }
  if (repeat.freq === 'monthly' && repeat.monthDay) {
    // The 29th–31st fall back to the month's last day where the month is shorter: the first of
    // (that day, the last day) that exists. RFC 5545 alone would skip those months.
    parts.push(
      repeat.monthDay > 28 ? `BYMONTHDAY=${repeat.monthDay},-1;BYSETPOS=1` : `BYMONTHDAY=${repeat.monthDay}`,
    );
  }
  if (repeat.count) parts.push(`COUNT=${repeat.count}`);
  else if (repeat.until) parts.push(`UNTIL=${repeat.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/**
 * Reads RRULE text written by `toRrule` (or by hand in the same subset) back into a choice; null
 * for anything outside the subset, with the reason in `repeatProblem`.
 */
export function parseRrule(text: string): Repeat | null {
  return readRrule(text).repeat;
}

/** Why RRULE text is outside what Gona repeats by; null when it is fine. */
export function repeatProblem(text: string): string | null {
  return readRrule(text).problem;
}

const UNSUPPORTED = 'Choose every day, every week on some days, or every month';

function readRrule(text: string): { repeat: Repeat | null; problem: string | null } {
  const fail = (problem: string) => ({ repeat: null, problem });
  const parts = new Map<string, string>();
  for (const part of text
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || parts.has(key.toUpperCase()))
      return fail(UNSUPPORTED);
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ')?.toLowerCase();
  if (!freq || !(REPEAT_FREQUENCIES as readonly string[]).includes(freq)) return fail(UNSUPPORTED);
  const repeat: Repeat = { freq: freq as RepeatFrequency, interval: 1 };
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL': {
        const interval = wholeNumber(value);
        if (interval === null || interval < 1 || interval > REPEAT_INTERVAL_MAX)
          return fail(`Repeat every 1 to ${REPEAT_INTERVAL_MAX}`);
        repeat.interval = interval;
        break;
      }
      case 'BYDAY': {
        const days = value.split(',');
        if (repeat.freq !== 'weekly' || !days.every((day) => (WEEKDAYS as readonly string[]).includes(day)))
          return fail(UNSUPPORTED);
        repeat.days = WEEKDAYS.filter((day) => days.includes(day));
        break;
      }
      case 'BYMONTHDAY': {
        const [first, second] = value.split(',');
        const day = wholeNumber(first ?? '');
        if (repeat.freq !== 'monthly' || day === null || day < 1 || day > 31) return fail(UNSUPPORTED);
        if (second !== undefined && (second !== '-1' || day <= 28)) return fail(UNSUPPORTED);
        if (day > 28 && (second !== '-1' || parts.get('BYSETPOS') !== '1')) return fail(UNSUPPORTED);
        repeat.monthDay = day;
        break;
      }
      case 'BYSETPOS':
        if (value !== '1' || !parts.get('BYMONTHDAY')?.includes(',')) return fail(UNSUPPORTED);
        break;
      case 'COUNT': {
        const count = wholeNumber(value);
        if (count === null || count < 1 || count > REPEAT_COUNT_MAX)
          return fail(`Repeat 1 to ${REPEAT_COUNT_MAX} times`);
        repeat.count = count;
        break;
      }
      case 'UNTIL': {
        const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
        if (!match) return fail('Choose the last day as a date');
        repeat.until = `${match[1]}-${match[2]}-${match[3]}`;
        break;
      }
      default:
        return fail(UNSUPPORTED);
    }
  }
  if (repeat.count && repeat.until) return fail('End after a number of times or on a date, not both');
  if (repeat.freq === 'weekly' && !repeat.days?.length) return fail('Choose the days of the week');
  return { repeat, problem: null };
}

function wholeNumber(text: string): number | null {
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}
