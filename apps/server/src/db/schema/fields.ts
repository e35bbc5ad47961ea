import { desc, sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
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
import { users } from './auth';
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

/** A soil test of a field (a lab's results or a test kit's), with a photo of the report if kept. */
export const soil_records = pgTable(
  'soil_records',
  {
    id: uuid('id').primaryKey(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    field_id: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    sample_date: date('sample_date', { mode: 'string' }).notNull(),
    ph: doublePrecision('ph'),
    organic_carbon_percent: doublePrecision('organic_carbon_percent'),
    nitrogen_percent: doublePrecision('nitrogen_percent'),
    phosphorus_mg_kg: doublePrecision('phosphorus_mg_kg'),
    potassium_cmol_kg: doublePrecision('potassium_cmol_kg'),
    ec_ds_m: doublePrecision('ec_ds_m'),
    texture: text('texture').$type<SoilType>(),
    lab: text('lab'),
    notes: text('notes'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('soil_records_field_id_date_idx').on(t.field_id, desc(t.sample_date), desc(t.id)),
    check('soil_records_texture_check', sql`${t.texture} IN (${oneOf(SOIL_TYPES)})`),
  ],
);
