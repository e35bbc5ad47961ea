/**
 * Quiet hours: a stretch of local time (it may cross midnight, 21:00 to 06:00) in which push and
 * SMS wait. Times are minutes after local midnight; the wire and the form say "21:00".
 */
export type QuietHours = { start: number; end: number };

const MINUTES_PER_DAY = 24 * 60;

/**
 * When `at` falls inside the quiet hours in `timeZone`, the instant they end; otherwise null.
 * The end is found in the zone's own calendar, so it stays right across a daylight-saving change.
 */
export function quietHoursEnd(at: Date, quiet: QuietHours, timeZone: string): Date | null {
  const local = localTime(at, timeZone);
  const minute = local.hour * 60 + local.minute;
  const inside =
    quiet.start < quiet.end
      ? minute >= quiet.start && minute < quiet.end
      : minute >= quiet.start || minute < quiet.end;
  if (!inside) return null;
  const day = minute < quiet.end ? local.day : local.day + 1;
  return zonedInstant(local.year, local.month, day, quiet.end, timeZone);
}

/** The hour (0–23) that `at` is in `timeZone`. */
export function localHour(at: Date, timeZone: string): number {
  return localTime(at, timeZone).hour;
}

/** "21:00" → 1260; null for anything that is not a time of day. */
export function minutesOfClock(clock: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 1260 → "21:00". */
export function clockOfMinutes(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number };

function localTime(at: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The instant the wall clock in `timeZone` shows `minutes` on that calendar day (day may overflow). */
function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // The zone's offset at the guess, then again at the corrected guess (they differ only near a change).
  let instant = wall - offsetAt(new Date(wall), timeZone);
  instant = wall - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const local = localTime(at, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** Until a person chooses: push and SMS wait from 21:00 to 06:00 in the farm's time zone. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: 21 * 60, end: 6 * 60 };

/** Until a person chooses, the daily digest (when turned on) goes at 07:00. */
export const DEFAULT_DIGEST_HOUR = 7;
