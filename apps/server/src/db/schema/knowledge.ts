import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AGRO_ZONES,
  CROP_CATEGORIES,
  CROP_SEASONS,
  type AgroZone,
  type CropCategory,
  type CropPractice,
  type CropSeason,
  type CropStage,
  type HarvestUnit,
  type KnowledgeCrop,
} from '@gona/shared/crops';
import {
  CARE_ANCHORS,
  CARE_STEP_KINDS,
  LIVESTOCK_SPECIES,
  type CareAnchor,
  type CareStep,
  type CareStepKind,
  type GrowthPoint,
  type LivestockSpecies,
} from '@gona/shared/livestock';
import { users } from './auth';
import { oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';

/**
 * The agronomy and husbandry knowledge base: rows loaded from the versioned data files in
 * features/knowledge/data on every start (a file whose text changed replaces its rows). Every
 * fact names its source. Farms never write these tables; a farm's own copy lives beside them.
 */
export const knowledge_datasets = pgTable('knowledge_datasets', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  /** SHA-256 of the file loaded, so an edited file is loaded again. */
  checksum: text('checksum').notNull(),
  loaded_at: timestampMs('loaded_at').notNull().defaultNow(),
});

export const knowledge_sources = pgTable('knowledge_sources', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  organisation: text('organisation').notNull(),
  year: integer('year'),
  url: text('url'),
});

/** A care programme (vaccinations, dewormings, checks by age) for some species. */
export const care_programmes = pgTable(
  'care_programmes',
  {
    key: text('key').primaryKey(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    species: text('species').array().$type<LivestockSpecies[]>().notNull(),
    counts_from: text('counts_from').$type<CareAnchor>().notNull(),
    note: text('note').notNull(),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [check('care_programmes_counts_from_check', sql`${t.counts_from} IN (${oneOf(CARE_ANCHORS)})`)],
);

export const care_programme_steps = pgTable(
  'care_programme_steps',
  {
    programme_key: text('programme_key')
      .notNull()
      .references(() => care_programmes.key, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    offset_days: integer('offset_days').notNull(),
    kind: text('kind').$type<CareStepKind>().notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    rrule: text('rrule'),
  },
  (t) => [
    primaryKey({ columns: [t.programme_key, t.key] }),
    check('care_programme_steps_kind_check', sql`${t.kind} IN (${oneOf(CARE_STEP_KINDS)})`),
  ],
);

/** A farm's own steps for a programme, replacing the built-in ones on that farm. */
export const farm_care_programmes = pgTable(
  'farm_care_programmes',
  {
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    programme_key: text('programme_key').notNull(),
    steps: jsonb('steps').$type<CareStep[]>().notNull(),
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.farm_id, t.programme_key] })],
);

/** A species' target weights by age (days from birth or hatching), as ranges in order of age. */
export const growth_targets = pgTable(
  'growth_targets',
  {
    species: text('species').$type<LivestockSpecies>().primaryKey(),
    note: text('note').notNull(),
    points: jsonb('points').$type<GrowthPoint[]>().notNull(),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [check('growth_targets_species_check', sql`${t.species} IN (${oneOf(LIVESTOCK_SPECIES)})`)],
);

/** The agro-ecological zone most of a state lies in. */
export const knowledge_zones = pgTable(
  'knowledge_zones',
  {
    state: text('state').primaryKey(),
    zone: text('zone').$type<AgroZone>().notNull(),
    note: text('note'),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [check('knowledge_zones_zone_check', sql`${t.zone} IN (${oneOf(AGRO_ZONES)})`)],
);

/** A crop: its names, stages, practice and typical yields (the fields' shapes: @gona/shared/crops). */
export const knowledge_crops = pgTable(
  'knowledge_crops',
  {
    key: text('key').primaryKey(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    local_names: jsonb('local_names').$type<KnowledgeCrop['local_names']>().notNull(),
    category: text('category').$type<CropCategory>().notNull(),
    maturity_min: integer('maturity_min').notNull(),
    maturity_max: integer('maturity_max').notNull(),
    harvest_unit: text('harvest_unit').$type<HarvestUnit>().notNull(),
    stages: jsonb('stages').$type<CropStage[]>().notNull(),
    practice: jsonb('practice').$type<CropPractice>().notNull(),
    yield_national_t_ha: doublePrecision('yield_national_t_ha').notNull(),
    yield_improved_t_ha: doublePrecision('yield_improved_t_ha').notNull(),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [check('knowledge_crops_category_check', sql`${t.category} IN (${oneOf(CROP_CATEGORIES)})`)],
);

export const knowledge_crop_varieties = pgTable(
  'knowledge_crop_varieties',
  {
    crop_key: text('crop_key')
      .notNull()
      .references(() => knowledge_crops.key, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    maturity_days: integer('maturity_days').notNull(),
    notes: text('notes'),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [primaryKey({ columns: [t.crop_key, t.key] })],
);

/** When a crop is planted in a zone and season: a window of month-days (MM-DD). */
export const knowledge_crop_calendars = pgTable(
  'knowledge_crop_calendars',
  {
    crop_key: text('crop_key')
      .notNull()
      .references(() => knowledge_crops.key, { onDelete: 'cascade' }),
    zone: text('zone').$type<AgroZone>().notNull(),
    season: text('season').$type<CropSeason>().notNull(),
    plant_from: text('plant_from').notNull(),
    plant_to: text('plant_to').notNull(),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
  },
  (t) => [
    primaryKey({ columns: [t.crop_key, t.zone, t.season] }),
    check('knowledge_crop_calendars_zone_check', sql`${t.zone} IN (${oneOf(AGRO_ZONES)})`),
    check('knowledge_crop_calendars_season_check', sql`${t.season} IN (${oneOf(CROP_SEASONS)})`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** What a pest row is: an insect or other animal pest of crops, a crop disease, a weed, an animal disease. */
export const PEST_KINDS = ['pest', 'disease', 'weed', 'animal_disease'] as const;
export type PestKind = (typeof PEST_KINDS)[number];

/** A chemical control: the active ingredient (never a brand), when to use it, and its interval. */
export type ChemicalControl = {
  active_ingredient: string;
  use: string;
  /** Days from the last spray to harvest; null where the label decides (most of them). */
  pre_harvest_interval_days: number | null;
  /** For animal medicines: how long meat, milk or eggs are kept off the market, in words. */
  withdrawal: string | null;
};
export type PestControl = { cultural: string[]; biological: string[]; chemical: ChemicalControl[] };

/** What an advice note is about. */
export const ADVICE_TOPICS = [
  'planting',
  'seed',
  'fertilizer',
  'weeding',
  'pests',
  'storage',
  'poultry',
  'fish',
  'livestock',
  'soil',
  'selling',
  'gona',
] as const;
export type AdviceTopic = (typeof ADVICE_TOPICS)[number];

/**
 * A crop pest, disease or weed, or an animal disease: its names, signs, what favours it and how it is
 * controlled. `notifiable` marks diseases the law requires reporting to the state veterinary office
 * (`notifiable_source` names that law). `search` is filled when the row is loaded, weighted A (names),
 * B (signs) and C (the rest), and `names` holds the names for misspelling matches (pg_trgm).
 */
export const knowledge_pests = pgTable(
  'knowledge_pests',
  {
    key: text('key').primaryKey(),
    position: integer('position').notNull(),
    kind: text('kind').$type<PestKind>().notNull(),
    name: text('name').notNull(),
    other_names: text('other_names').array().notNull(),
    crop_keys: text('crop_keys').array().notNull(),
    species: text('species').array().$type<LivestockSpecies[]>().notNull(),
    symptoms: text('symptoms').notNull(),
    favoured_by: text('favoured_by'),
    control: jsonb('control').$type<PestControl>().notNull(),
    notifiable: boolean('notifiable').notNull(),
    notifiable_source_key: text('notifiable_source_key').references(() => knowledge_sources.key),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
    names: text('names').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    check('knowledge_pests_kind_check', sql`${t.kind} IN (${oneOf(PEST_KINDS)})`),
    check(
      'knowledge_pests_notifiable_check',
      sql`${t.notifiable} = (${t.notifiable_source_key} IS NOT NULL)`,
    ),
    index('knowledge_pests_search_idx').using('gin', t.search),
    index('knowledge_pests_names_trgm_idx').using('gin', t.names.op('gin_trgm_ops')),
  ],
);

/**
 * A short vetted note answering a question farmers ask often, with the ways they ask it. `search`
 * is filled when the row is loaded: the title weighs A, the questions B, the text and tags C.
 */
export const knowledge_advice = pgTable(
  'knowledge_advice',
  {
    key: text('key').primaryKey(),
    position: integer('position').notNull(),
    topic: text('topic').$type<AdviceTopic>().notNull(),
    questions: text('questions').array().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    crop_keys: text('crop_keys').array().notNull(),
    species: text('species').array().$type<LivestockSpecies[]>().notNull(),
    source_key: text('source_key')
      .notNull()
      .references(() => knowledge_sources.key),
    search: tsvector('search').notNull(),
  },
  (t) => [
    check('knowledge_advice_topic_check', sql`${t.topic} IN (${oneOf(ADVICE_TOPICS)})`),
    index('knowledge_advice_search_idx').using('gin', t.search),
    index('knowledge_advice_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);
