import { eq } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { isTimeZone } from '@gona/shared/fields';
import type { Db, Tx } from '../db/client';
import { farms } from '../db/schema/index';

/** A farm's time zone (Africa/Lagos unless it says otherwise; an unknown stored zone falls back too). */
export async function farmTimeZone(db: Db | Tx, farmId: string): Promise<string> {
  const [farm] = await db.select({ timezone: farms.timezone }).from(farms).where(eq(farms.id, farmId));
  return zoneOrDefault(farm?.timezone);
}

export function zoneOrDefault(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/** The calendar date (yyyy-mm-dd) at `at` in `timeZone`. */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The time of day (hh:mm, 24-hour) at `at` in `timeZone`. */
export function timeIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Today on the farm. */
export async function farmToday(db: Db | Tx, farmId: string, at: Date = new Date()): Promise<string> {
  return dateIn(await farmTimeZone(db, farmId), at);
}

/** yyyy-mm-dd plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
