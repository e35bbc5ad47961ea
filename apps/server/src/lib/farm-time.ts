import { eq } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { isTimeZone } from '@gona/shared/fields';
import type { Db, Tx } from '../db/client';
import { farms } from '../db/schema/index';

/**
 * Farms' zones and points as read in the last minute: nearly every farm read asks for "today"
 * (and the climate screen for the farm's point), and they almost never change. A change reaches
 * this process at once (forgetFarmTimeZone, on saving the farm) and another server running beside
 * it within PLACE_TTL_MS.
 */
const places = new Map<string, FarmPlace & { until: number }>();
const PLACE_TTL_MS = 60_000;
const PLACES_MAX = 10_000;

export type FarmPlace = { timeZone: string; lat: number | null; lng: number | null; state: string | null };

/** A farm's time zone, GPS point and state (the zone falls back to Africa/Lagos; a missing farm too). */
export async function farmPlace(db: Db | Tx, farmId: string): Promise<FarmPlace> {
  const now = Date.now();
  const known = places.get(farmId);
  if (known && known.until > now) return known;
  const [farm] = await db
    .select({ timezone: farms.timezone, lat: farms.latitude, lng: farms.longitude, state: farms.state })
    .from(farms)
    .where(eq(farms.id, farmId));
  const place = {
    timeZone: zoneOrDefault(farm?.timezone),
    lat: farm?.lat ?? null,
    lng: farm?.lng ?? null,
    state: farm?.state ?? null,
  };
  if (places.size >= PLACES_MAX) places.clear();
  if (farm) places.set(farmId, { ...place, until: now + PLACE_TTL_MS });
  return place;
}

/** A farm's time zone (Africa/Lagos unless it says otherwise; an unknown stored zone falls back too). */
export async function farmTimeZone(db: Db | Tx, farmId: string): Promise<string> {
  return (await farmPlace(db, farmId)).timeZone;
}

/** After a farm is saved or deleted: its next "today" (and point) reads the database. */
export function forgetFarmTimeZone(farmId: string): void {
  places.delete(farmId);
}

export function zoneOrDefault(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIMEZONE;
  return dateFormats.has(timeZone) || isTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/**
 * Formatters by time zone, made once: building an Intl.DateTimeFormat loads the zone's rules and
 * cost more than the rest of a farm list's work. Only zones that exist are kept, so the maps stay
 * as small as the world's zones.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = make(timeZone);
    cache.set(timeZone, format);
  }
  return format;
}

/** The calendar date (yyyy-mm-dd) at `at` in `timeZone`. */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  return formatter(
    dateFormats,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(at);
}

/** The time of day (hh:mm, 24-hour) at `at` in `timeZone`. */
export function timeIn(timeZone: string, at: Date = new Date()): string {
  return formatter(
    timeFormats,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).format(at);
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
