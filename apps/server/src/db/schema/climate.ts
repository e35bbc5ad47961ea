import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CellWeather, RiskRule, RiskSeverity } from '@gona/shared/climate';
import { createdAt, id, timestampMs, updatedAt } from './columns';
import { farms } from './farms';

/**
 * The weather of one 0.1° cell (about 11 km), shared by every farm in it: the forecast as the
 * weather service last answered (past 90 days, next 16, hours around now), refreshed every 3 hours
 * by the weather-refresh job. A failed refresh keeps the last forecast and says why.
 */
export const weather_cells = pgTable('weather_cells', {
  /** "lat,lng" of the cell's centre, one decimal each. */
  key: text('key').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  weather: jsonb('weather').$type<CellWeather>(),
  fetched_at: timestampMs('fetched_at'),
  tried_at: timestampMs('tried_at').notNull().defaultNow(),
  last_error: text('last_error'),
  /**
   * The cell's normal rain, mm a day for each month (January first; null where unknown), from
   * NASA POWER's climatology: asked once, then again after a year.
   */
  rain_normals: jsonb('rain_normals').$type<(number | null)[]>(),
  normals_fetched_at: timestampMs('normals_fetched_at'),
});

/**
 * The warnings a farm was sent: one open alert per rule, crop and period. A later forecast that
 * moves or lengthens the period updates it instead of sending again; one that turns it serious
 * sends once more; it is resolved when its last day has passed. Market-price moves are kept here
 * too, by the crop's key (`product_key`).
 */
export const climate_alerts = pgTable(
  'climate_alerts',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<RiskRule>().notNull(),
    /** The crop it concerns (its id), when it concerns one. */
    about: uuid('about'),
    /** The marketplace product a market-price alert is about (a knowledge-base crop key). */
    product_key: text('product_key'),
    severity: text('severity').$type<RiskSeverity>().notNull(),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('climate_alerts_farm_id_open_idx')
      .on(t.farm_id, t.rule)
      .where(sql`${t.status} = 'open'`),
    check('climate_alerts_status_check', sql`${t.status} IN ('open', 'resolved')`),
  ],
);
