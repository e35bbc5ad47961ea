import { desc, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AGRO_ZONES,
  CROP_SEASONS,
  CROP_STATUSES,
  HARVEST_DESTINATIONS,
  HARVEST_UNITS,
  type AgroZone,
  type CropSeason,
  type CropStatus,
  type HarvestDestination,
  type HarvestUnit,
  type PredictionFactors,
} from '@gona/shared/crops';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
import { farms } from './farms';
import { fields } from './fields';
import { supplies } from './inventory';

const farmId = () =>
  uuid('farm_id')
    .notNull()
    .references(() => farms.id, { onDelete: 'cascade' });
const cropId = () =>
  uuid('crop_id')
    .notNull()
    .references(() => crops.id, { onDelete: 'cascade' });
const recordedBy = () => uuid('user_id').references(() => users.id, { onDelete: 'set null' });

/**
 * A planting: a crop (a knowledge-base key) and variety on a field, its area, season, planting day
 * and expected harvest (planting + the variety's days to maturity), and where it is in its life.
 * Seed taken from the store is recorded once as a stock use (`seed_movement_id`).
 */
export const crops = pgTable(
  'crops',
  {
    id: id(),
    farm_id: farmId(),
    crop_key: text('crop_key').notNull(),
    variety_key: text('variety_key'),
    field_id: uuid('field_id').references(() => fields.id, { onDelete: 'set null' }),
    area_planted: numeric('area_planted', { precision: 12, scale: 3 }).notNull().default('1'),
    season: text('season').$type<CropSeason>().notNull(),
    planting_date: date('planting_date', { mode: 'string' }).notNull(),
    expected_harvest: date('expected_harvest', { mode: 'string' }).notNull(),
    status: text('status').$type<CropStatus>().notNull().default('planned'),
    seed_supply_id: uuid('seed_supply_id').references(() => supplies.id, { onDelete: 'set null' }),
    seed_quantity: numeric('seed_quantity', { precision: 14, scale: 3 }),
    seed_movement_id: uuid('seed_movement_id'),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('crops_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    index('crops_field_id_idx')
      .on(t.field_id)
      .where(sql`${t.field_id} IS NOT NULL`),
    // The climate rules read a farm's growing plantings by crop and planting day on every look.
    index('crops_farm_id_growing_idx')
      .on(t.farm_id, t.crop_key, t.planting_date)
      .where(sql`${t.status} IN ('planted', 'growing')`),
    check('crops_season_check', sql`${t.season} IN (${oneOf(CROP_SEASONS)})`),
    check('crops_status_check', sql`${t.status} IN (${oneOf(CROP_STATUSES)})`),
    check('crops_area_planted_check', sql`${t.area_planted} > 0`),
  ],
);

/** A growth stage seen on the crop: which stage, from when, what was seen. */
export const crop_growth_stages = pgTable(
  'crop_growth_stages',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    crop_id: cropId(),
    stage_key: text('stage_key').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    observation: text('observation'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('crop_growth_stages_crop_id_start_date_idx').on(t.crop_id, t.start_date, t.id),
    index('crop_growth_stages_farm_id_start_date_idx').on(t.farm_id, t.start_date, t.id),
  ],
);

/** A yield prediction as it was made (history kept): tonnes for the planting, its range and why. */
export const crop_yield_predictions = pgTable(
  'crop_yield_predictions',
  {
    id: id(),
    farm_id: farmId(),
    crop_id: cropId(),
    prediction_date: date('prediction_date', { mode: 'string' }).notNull(),
    predicted_yield: doublePrecision('predicted_yield').notNull(),
    low: doublePrecision('low').notNull(),
    high: doublePrecision('high').notNull(),
    confidence_score: doublePrecision('confidence_score').notNull(),
    factors: jsonb('factors').$type<PredictionFactors>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('crop_yield_predictions_crop_id_date_idx').on(
      t.crop_id,
      desc(t.prediction_date),
      desc(t.created_at),
    ),
    index('crop_yield_predictions_farm_id_date_idx').on(
      t.farm_id,
      desc(t.prediction_date),
      desc(t.created_at),
    ),
  ],
);

/** When the farm should plant a crop in a season: the window from the knowledge base for its zone. */
export const planting_schedules = pgTable(
  'planting_schedules',
  {
    id: id(),
    farm_id: farmId(),
    crop_key: text('crop_key').notNull(),
    zone: text('zone').$type<AgroZone>().notNull(),
    season: text('season').$type<CropSeason>().notNull(),
    recommended_planting_date: date('recommended_planting_date', { mode: 'string' }).notNull(),
    window_from: date('window_from', { mode: 'string' }).notNull(),
    window_to: date('window_to', { mode: 'string' }).notNull(),
    /** The knowledge base's date, kept when the observed onset of the rains moved the recommendation. */
    calendar_date: date('calendar_date', { mode: 'string' }),
    /** The onset of the rains (Sivakumar) that moved it, and whether the 30 days after it confirm it. */
    onset_date: date('onset_date', { mode: 'string' }),
    onset_confirmed: boolean('onset_confirmed'),
    created_at: createdAt(),
  },
  (t) => [
    index('planting_schedules_farm_id_date_idx').on(t.farm_id, t.recommended_planting_date, t.id),
    check('planting_schedules_zone_check', sql`${t.zone} IN (${oneOf(AGRO_ZONES)})`),
    check('planting_schedules_season_check', sql`${t.season} IN (${oneOf(CROP_SEASONS)})`),
  ],
);

/** A harvest of a planting: how much, in what unit and kilograms, and where it went. */
export const crop_harvests = pgTable(
  'crop_harvests',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    crop_id: cropId(),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').$type<HarvestUnit>().notNull(),
    /** The weight: the unit's fixed size times the quantity, or what was weighed; null when unknown. */
    kg: numeric('kg', { precision: 14, scale: 3 }),
    grade: text('grade'),
    destination: text('destination').$type<HarvestDestination>().notNull(),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('crop_harvests_crop_id_date_idx').on(t.crop_id, desc(t.date), desc(t.id)),
    index('crop_harvests_farm_id_stored_idx')
      .on(t.farm_id)
      .where(sql`${t.destination} = 'stored'`),
    check('crop_harvests_unit_check', sql`${t.unit} IN (${oneOf(HARVEST_UNITS)})`),
    check('crop_harvests_destination_check', sql`${t.destination} IN (${oneOf(HARVEST_DESTINATIONS)})`),
    check('crop_harvests_quantity_check', sql`${t.quantity} > 0`),
  ],
);
