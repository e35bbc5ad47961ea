import { desc, sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  ACQUISITIONS,
  ADMINISTRATION_ROUTES,
  AGE_UNITS,
  EVENT_KINDS,
  HEALTH_RECORD_KINDS,
  LIVESTOCK_HOUSINGS,
  LIVESTOCK_KINDS,
  LIVESTOCK_PURPOSES,
  LIVESTOCK_SEXES,
  LIVESTOCK_SPECIES,
  LIVESTOCK_STATUSES,
  type Acquisition,
  type AdministrationRoute,
  type AgeUnit,
  type EventKind,
  type HealthRecordKind,
  type LivestockHousing,
  type LivestockKind,
  type LivestockPurpose,
  type LivestockSex,
  type LivestockSpecies,
  type LivestockStatus,
} from '@gona/shared/livestock';
import type { Unit } from '@gona/shared/units';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt, version } from './columns';
import { farms } from './farms';
import { supplies } from './inventory';

/** numeric(14,3): exact weights (kg to the gram), litres and amounts of a product or feed. */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
const farmId = () =>
  uuid('farm_id')
    .notNull()
    .references(() => farms.id, { onDelete: 'cascade' });
const animalId = () =>
  uuid('animal_id')
    .notNull()
    .references(() => livestock.id, { onDelete: 'cascade' });
/** Who recorded it; their account may be deleted later, the record stays (decision 029). */
const recordedBy = () => uuid('user_id').references(() => users.id, { onDelete: 'set null' });

/**
 * One animal (tag or name, sex, birth, parents) or a group (a flock, a pond batch, a herd) counted
 * by head. `head_count` changes only through `livestock_events`, under the row's lock, and never
 * below zero; an individual is one head. `withdrawal_until` is the latest end of a withdrawal
 * period its health records set (the answer shows it while it is in the future).
 */
export const livestock = pgTable(
  'livestock',
  {
    id: id(),
    farm_id: farmId(),
    kind: text('kind').$type<LivestockKind>().notNull(),
    species: text('species').$type<LivestockSpecies>().notNull(),
    breed: text('breed'),
    name: text('name'),
    tag: text('tag'),
    sex: text('sex').$type<LivestockSex>(),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    age_at_acquisition: integer('age_at_acquisition'),
    age_unit: text('age_unit').$type<AgeUnit>(),
    dam: text('dam'),
    sire: text('sire'),
    purpose: text('purpose').$type<LivestockPurpose>(),
    housing: text('housing').$type<LivestockHousing>(),
    location: text('location'),
    acquisition: text('acquisition').$type<Acquisition>().notNull(),
    acquired_on: date('acquired_on', { mode: 'string' }),
    price_kobo: integer('price_kobo'),
    seller: text('seller'),
    status: text('status').$type<LivestockStatus>().notNull().default('active'),
    head_count: integer('head_count').notNull().default(0),
    withdrawal_until: date('withdrawal_until', { mode: 'string' }),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('livestock_farm_id_created_at_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    // Heads by species on the summary, read from the index alone.
    index('livestock_farm_id_status_species_idx').on(t.farm_id, t.status, t.species, t.head_count),
    check('livestock_head_count_check', sql`${t.head_count} >= 0`),
    check('livestock_price_kobo_check', sql`${t.price_kobo} >= 0`),
    check('livestock_kind_check', sql`${t.kind} IN (${oneOf(LIVESTOCK_KINDS)})`),
    check('livestock_species_check', sql`${t.species} IN (${oneOf(LIVESTOCK_SPECIES)})`),
    check('livestock_sex_check', sql`${t.sex} IN (${oneOf(LIVESTOCK_SEXES)})`),
    check('livestock_age_unit_check', sql`${t.age_unit} IN (${oneOf(AGE_UNITS)})`),
    check('livestock_purpose_check', sql`${t.purpose} IN (${oneOf(LIVESTOCK_PURPOSES)})`),
    check('livestock_housing_check', sql`${t.housing} IN (${oneOf(LIVESTOCK_HOUSINGS)})`),
    check('livestock_acquisition_check', sql`${t.acquisition} IN (${oneOf(ACQUISITIONS)})`),
    check('livestock_status_check', sql`${t.status} IN (${oneOf(LIVESTOCK_STATUSES)})`),
  ],
);

/**
 * Vaccinations, treatments, dewormings, illnesses and check-ups. A product from the store names its
 * supply and the stock movement its use recorded (`movement_id`), once; its name and unit are kept
 * so the record still reads right after the supply is gone.
 */
export const livestock_health_records = pgTable(
  'livestock_health_records',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    animal_id: animalId(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<HealthRecordKind>().notNull(),
    condition: text('condition'),
    product_name: text('product_name'),
    supply_id: uuid('supply_id').references(() => supplies.id, { onDelete: 'set null' }),
    movement_id: uuid('movement_id'),
    quantity_used: quantity('quantity_used'),
    unit: text('unit').$type<Unit>(),
    dose: text('dose'),
    route: text('route').$type<AdministrationRoute>(),
    given_by: text('given_by'),
    vet: text('vet'),
    cost_kobo: integer('cost_kobo'),
    withdrawal_days: integer('withdrawal_days'),
    withdrawal_until: date('withdrawal_until', { mode: 'string' }),
    next_due_date: date('next_due_date', { mode: 'string' }),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('livestock_health_records_animal_date_idx').on(t.farm_id, t.animal_id, desc(t.date), desc(t.id)),
    index('livestock_health_records_supply_id_idx').on(t.supply_id),
    check('livestock_health_records_kind_check', sql`${t.kind} IN (${oneOf(HEALTH_RECORD_KINDS)})`),
    check('livestock_health_records_route_check', sql`${t.route} IN (${oneOf(ADMINISTRATION_ROUTES)})`),
    check('livestock_health_records_cost_kobo_check', sql`${t.cost_kobo} >= 0`),
    check('livestock_health_records_withdrawal_days_check', sql`${t.withdrawal_days} >= 0`),
    check('livestock_health_records_quantity_used_check', sql`${t.quantity_used} > 0`),
  ],
);

/** Weighings: one animal's weight, or a group's average weight and how many were weighed. */
export const livestock_growth_logs = pgTable(
  'livestock_growth_logs',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    animal_id: animalId(),
    date: date('date', { mode: 'string' }).notNull(),
    weight_kg: quantity('weight_kg').notNull(),
    count_weighed: integer('count_weighed'),
    body_condition_score: integer('body_condition_score'),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('livestock_growth_logs_animal_date_idx').on(t.farm_id, t.animal_id, desc(t.date), desc(t.id)),
    check('livestock_growth_logs_weight_kg_check', sql`${t.weight_kg} > 0`),
    check('livestock_growth_logs_count_weighed_check', sql`${t.count_weighed} > 0`),
    check('livestock_growth_logs_body_condition_score_check', sql`${t.body_condition_score} BETWEEN 1 AND 5`),
  ],
);

/**
 * Every change to a head count: `change` is signed (-3 for three deaths), `head_count_after` the
 * count it left. A move between groups is two rows, one on each group, naming the other.
 */
export const livestock_events = pgTable(
  'livestock_events',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    animal_id: animalId(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<EventKind>().notNull(),
    change: integer('change').notNull(),
    head_count_after: integer('head_count_after').notNull(),
    cause: text('cause'),
    other_animal_id: uuid('other_animal_id').references(() => livestock.id, { onDelete: 'set null' }),
    other_animal_name: text('other_animal_name'),
    price_kobo: integer('price_kobo'),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('livestock_events_animal_date_idx').on(t.farm_id, t.animal_id, desc(t.date), desc(t.id)),
    // Deaths this month on the summary, summed from the index alone.
    index('livestock_events_farm_kind_date_idx').on(t.farm_id, t.kind, t.date, t.change),
    check('livestock_events_kind_check', sql`${t.kind} IN (${oneOf(EVENT_KINDS)})`),
    check('livestock_events_head_count_after_check', sql`${t.head_count_after} >= 0`),
    check('livestock_events_price_kobo_check', sql`${t.price_kobo} >= 0`),
  ],
);

/**
 * A day's production of one animal or group: eggs (collected, of which cracked), milk, fish
 * harvested, and feed given from a feed supply (its use recorded in the store once, `movement_id`).
 */
export const livestock_production = pgTable(
  'livestock_production',
  {
    id: uuid('id').primaryKey(),
    farm_id: farmId(),
    animal_id: animalId(),
    date: date('date', { mode: 'string' }).notNull(),
    eggs_collected: integer('eggs_collected'),
    eggs_cracked: integer('eggs_cracked'),
    milk_litres: quantity('milk_litres'),
    fish_count: integer('fish_count'),
    fish_kg: quantity('fish_kg'),
    feed_supply_id: uuid('feed_supply_id').references(() => supplies.id, { onDelete: 'set null' }),
    feed_name: text('feed_name'),
    feed_quantity: quantity('feed_quantity'),
    feed_unit: text('feed_unit').$type<Unit>(),
    movement_id: uuid('movement_id'),
    notes: text('notes'),
    user_id: recordedBy(),
    created_at: createdAt(),
  },
  (t) => [
    index('livestock_production_animal_date_idx').on(t.farm_id, t.animal_id, desc(t.date), desc(t.id)),
    // Eggs today on the summary, summed from the index alone.
    index('livestock_production_farm_date_idx').on(t.farm_id, t.date, t.eggs_collected),
    index('livestock_production_feed_supply_id_idx').on(t.feed_supply_id),
    check('livestock_production_eggs_check', sql`${t.eggs_cracked} <= ${t.eggs_collected}`),
    check('livestock_production_eggs_collected_check', sql`${t.eggs_collected} >= 0`),
    check('livestock_production_fish_count_check', sql`${t.fish_count} >= 0`),
  ],
);
