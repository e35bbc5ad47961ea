import { desc, sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  AREA_SOURCES,
  IRRIGATIONS,
  LAND_TENURES,
  SOIL_TYPES,
  type AreaSource,
  type Irrigation,
  type LandTenure,
  type SoilType,
} from '@gona/shared/crops';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
import { farms } from './farms';

/** A ring of [longitude, latitude] points, GeoJSON order, first point repeated last. */
export type BoundaryRing = [number, number][];

/**
 * A field (plot) of the farm: its area in hectares, typed or computed from the boundary drawn on
 * the map (a GeoJSON polygon's rings, WGS 84), how the farm holds it, its water and its soil.
 */
export const fields = pgTable(
  'fields',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    area_ha: numeric('area_ha', { precision: 12, scale: 4 }),
    area_source: text('area_source').$type<AreaSource>().notNull().default('typed'),
    boundary: jsonb('boundary').$type<BoundaryRing[]>(),
    tenure: text('tenure').$type<LandTenure>(),
    /** Rent per season, for a rented field. */
    rent_kobo: integer('rent_kobo'),
    irrigation: text('irrigation').$type<Irrigation>(),
    soil_type: text('soil_type').$type<SoilType>(),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('fields_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    check('fields_area_source_check', sql`${t.area_source} IN (${oneOf(AREA_SOURCES)})`),
    check('fields_tenure_check', sql`${t.tenure} IN (${oneOf(LAND_TENURES)})`),
    check('fields_irrigation_check', sql`${t.irrigation} IN (${oneOf(IRRIGATIONS)})`),
    check('fields_soil_type_check', sql`${t.soil_type} IN (${oneOf(SOIL_TYPES)})`),
    check('fields_area_ha_check', sql`${t.area_ha} IS NULL OR ${t.area_ha} > 0`),
  ],
);
