import { z } from 'zod';
import { calendarDateSchema, clientIdSchema, optionalTextSchema, VersionSchema } from '../fields/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { quantitySchema } from '../units/quantity-schema';
import {
  AGRO_ZONES,
  CROP_SEASONS,
  CROP_STATUSES,
  HARVEST_DESTINATIONS,
  HARVEST_UNITS,
  PREDICTION_FACTORS,
} from './constants';
import { KnowledgeSourceSchema } from '../livestock/care';

export const CROP_NOTES_MAX = 1000;
export const PLAN_ITEMS_MAX = 20;

const CropKeySchema = z
  .string({ error: 'Choose a crop from the list' })
  .regex(/^[a-z0-9_]{1,40}$/, 'Choose a crop from the list');
const VarietyKeySchema = z
  .string()
  .regex(/^[a-z0-9_]{1,40}$/, 'Choose a variety from the list')
  .nullish();
const SeasonSchema = z.enum(CROP_SEASONS, { error: 'Choose the season' });
const AreaSchema = quantitySchema({
  required: 'Enter the area planted in hectares',
  invalid: 'Enter the area in hectares, e.g. 1.5',
}).refine((area) => area !== '0', 'Enter an area of more than 0 hectares');
const PlantingDateSchema = calendarDateSchema('Choose the planting day');

const CropFieldsSchema = z.object({
  crop_key: CropKeySchema,
  variety_key: VarietyKeySchema,
  field_id: z.uuid('Choose a field from the list').nullish(),
  area_planted: AreaSchema,
  season: SeasonSchema,
  planting_date: PlantingDateSchema,
  notes: optionalTextSchema(CROP_NOTES_MAX),
});

/** A planting. Seed from the store (with how much) is recorded once as a stock use. */
export const CreateCropInputSchema = CropFieldsSchema.extend({
  id: clientIdSchema('A crop needs an id made by the app'),
  status: z.enum(CROP_STATUSES, { error: 'Choose where the crop is' }).optional(),
  seed_supply_id: z.uuid('Choose the seed from your store').nullish(),
  seed_quantity: quantitySchema({
    required: 'Enter how much seed was used',
    invalid: 'Enter a number, e.g. 25',
  }).nullish(),
}).superRefine((input, ctx) => {
  if (input.seed_supply_id && (input.seed_quantity == null || input.seed_quantity === '0'))
    ctx.addIssue({ code: 'custom', path: ['seed_quantity'], message: 'Enter how much seed was used' });
  if (!input.seed_supply_id && input.seed_quantity != null)
    ctx.addIssue({ code: 'custom', path: ['seed_supply_id'], message: 'Choose the seed from your store' });
});
export type CreateCropInput = z.input<typeof CreateCropInputSchema>;
export type CreateCrop = z.output<typeof CreateCropInputSchema>;

export const UpdateCropInputSchema = CropFieldsSchema.partial().extend({
  status: z.enum(CROP_STATUSES, { error: 'Choose where the crop is' }).optional(),
  version: VersionSchema,
});
export type UpdateCropInput = z.input<typeof UpdateCropInputSchema>;
export type UpdateCrop = z.output<typeof UpdateCropInputSchema>;

export const CropListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CROP_STATUSES, { error: 'Choose a status from the list' }).optional(),
  field_id: z.uuid('Choose a field from the list').optional(),
});
export type CropListQuery = z.output<typeof CropListQuerySchema>;

export const CurrentStageSchema = z.object({
  key: z.string(),
  name: z.string(),
  advice: z.string(),
  /** Days after planting today (negative before planting). */
  day: z.number().int(),
  /** Estimated from the days after planting, or recorded by the farmer. */
  recorded: z.boolean(),
});
export type CurrentStage = z.infer<typeof CurrentStageSchema>;

export const CropSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  crop_key: z.string(),
  crop_name: z.string(),
  variety_key: z.string().nullable(),
  variety_name: z.string().nullable(),
  field: z.object({ id: z.string(), name: z.string() }).nullable(),
  area_planted: z.string(),
  season: SeasonSchema,
  planting_date: z.string(),
  expected_harvest: z.string(),
  status: z.enum(CROP_STATUSES),
  current_stage: CurrentStageSchema.nullable(),
  seed_supply_id: z.string().nullable(),
  seed_quantity: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type Crop = z.infer<typeof CropSchema>;

export const CropPageSchema = pageSchema(CropSchema);

export const RecordStageInputSchema = z.object({
  id: clientIdSchema('A stage needs an id made by the app'),
  stage_key: z.string().regex(/^[a-z0-9_]{1,40}$/, 'Choose a stage from the list'),
  start_date: calendarDateSchema('Choose the day the stage began'),
  observation: optionalTextSchema(CROP_NOTES_MAX),
});
export type RecordStageInput = z.input<typeof RecordStageInputSchema>;
export type RecordStage = z.output<typeof RecordStageInputSchema>;

export const GrowthStageSchema = z.object({
  id: z.string(),
  crop_id: z.string(),
  stage_key: z.string(),
  stage_name: z.string(),
  start_date: z.string(),
  observation: z.string().nullable(),
  created_at: z.string(),
});
export type GrowthStage = z.infer<typeof GrowthStageSchema>;

export const RecordHarvestInputSchema = z.object({
  id: clientIdSchema('A harvest needs an id made by the app'),
  date: calendarDateSchema('Choose the harvest day'),
  quantity: quantitySchema({
    required: 'Enter how much was harvested',
    invalid: 'Enter a number, e.g. 12',
  }).refine((quantity) => quantity !== '0', 'Enter how much was harvested, more than 0'),
  unit: z.enum(HARVEST_UNITS, { error: 'Choose the unit' }),
  /** The weight in kg, for a unit without a fixed size (tubers, bunches, baskets, crates). */
  kg: quantitySchema({
    required: 'Enter the weight in kg',
    invalid: 'Enter the weight in kg, e.g. 350',
  }).nullish(),
  grade: optionalTextSchema(60),
  destination: z.enum(HARVEST_DESTINATIONS, { error: 'Choose where the harvest went' }),
  notes: optionalTextSchema(CROP_NOTES_MAX),
});
export type RecordHarvestInput = z.input<typeof RecordHarvestInputSchema>;
export type RecordHarvest = z.output<typeof RecordHarvestInputSchema>;

export const HarvestSchema = z.object({
  id: z.string(),
  crop_id: z.string(),
  date: z.string(),
  quantity: z.string(),
  unit: z.enum(HARVEST_UNITS),
  kg: z.string().nullable(),
  grade: z.string().nullable(),
  destination: z.enum(HARVEST_DESTINATIONS),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type Harvest = z.infer<typeof HarvestSchema>;

/** Why a factor is what it is, for the words the farmer reads. */
export const FACTOR_BASES = [
  /** Predictions made before the weather was read: it was left out. */
  'no_climate_data',
  // The weather factor: the season's rain against the normal, or exactly what is missing.
  'rain_on_track',
  'rain_short',
  'rain_very_short',
  'rain_excess',
  'dry_season',
  'no_rain_normals',
  'season_too_short',
  'not_planted_yet',
  'weather_not_fetched',
  'no_farm_location',
  'weather_not_configured',
  'no_soil_record',
  'soil_in_range',
  'soil_acid',
  'soil_alkaline',
  'no_past_harvests',
  'past_harvests',
] as const;
export type FactorBasis = (typeof FACTOR_BASES)[number];

/** The season's rain a weather factor was worked out from: the days since planting the weather service has. */
export const SeasonRainSchema = z.object({
  /** First and last day counted (the planting day, or the oldest day the weather service keeps; yesterday). */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  mm: z.number(),
  /** The normal rain of those days (NASA POWER's monthly means), null when it is not known. */
  normal_mm: z.number().nullable(),
});
export type SeasonRain = z.infer<typeof SeasonRainSchema>;

export const FactorSchema = z.object({
  known: z.boolean(),
  /** The multiplier (1: no effect). */
  value: z.number(),
  basis: z.enum(FACTOR_BASES),
  /** e.g. the soil's pH, the number of past harvests, the season's rain in percent of normal. */
  detail: z.number().nullable(),
  /** The weather factor's rain, when it was read (absent from older predictions and other factors). */
  rain: SeasonRainSchema.nullable().optional(),
});
export type Factor = z.infer<typeof FactorSchema>;
export const PredictionFactorsSchema = z.object(
  Object.fromEntries(PREDICTION_FACTORS.map((factor) => [factor, FactorSchema])) as Record<
    (typeof PREDICTION_FACTORS)[number],
    typeof FactorSchema
  >,
);
export type PredictionFactors = z.infer<typeof PredictionFactorsSchema>;

export const PredictionSchema = z.object({
  id: z.string(),
  crop_id: z.string(),
  prediction_date: z.string(),
  /** Tonnes for the whole planting. */
  predicted_yield: z.number(),
  low: z.number(),
  high: z.number(),
  confidence_score: z.number(),
  /** Tonnes a hectare the prediction started from (the crop's national average, or the spec's default). */
  typical_t_ha: z.number(),
  /** Where typical_t_ha comes from: the knowledge base's source for the crop; null for the default. */
  source: KnowledgeSourceSchema.nullable(),
  factors: PredictionFactorsSchema,
  created_at: z.string(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

/** How a stage's recorded start compares with the one expected from the planting day. */
export const STAGE_TIMINGS = ['on_time', 'early', 'late', 'not_recorded', 'upcoming'] as const;
export type StageTiming = (typeof STAGE_TIMINGS)[number];

/** One row of a planting's dated stages: each stage of the crop, then the harvest. */
export const StageDateSchema = z.object({
  /** The stage's key in the knowledge base, or `harvest`. */
  key: z.string(),
  name: z.string(),
  /** The planting day plus the stage's day in the knowledge base (the harvest: expected_harvest). */
  expected_date: z.string(),
  /** The first day the farm recorded for it (a growth-stage record, or the first harvest); null if none. */
  actual_date: z.string().nullable(),
  /** actual − expected in days (positive: late); null when not recorded. */
  days_late: z.number().int().nullable(),
  timing: z.enum(STAGE_TIMINGS),
});
export type StageDate = z.infer<typeof StageDateSchema>;

/** The crop's planting windows for the farm's zone, as dates of the coming year. */
export const PlantingWindowsSchema = z.object({
  zone: z.enum(AGRO_ZONES).nullable(),
  windows: z.array(
    z.object({
      season: SeasonSchema,
      from: z.string(),
      to: z.string(),
      /** The middle of the window. */
      recommended: z.string(),
      source: KnowledgeSourceSchema,
    }),
  ),
});
export type PlantingWindows = z.infer<typeof PlantingWindowsSchema>;

export const PlanningScheduleSchema = z.object({
  id: z.string(),
  crop_key: z.string(),
  crop_name: z.string(),
  zone: z.enum(AGRO_ZONES),
  season: SeasonSchema,
  recommended_planting_date: z.string(),
  window_from: z.string(),
  window_to: z.string(),
  /** The knowledge base's date, when the observed onset of the rains moved the recommendation. */
  calendar_date: z.string().nullable(),
  /** The onset that moved it, and whether the 30 days after it confirm it (else it is likely). */
  onset_date: z.string().nullable(),
  onset_confirmed: z.boolean().nullable(),
});
export type PlanningSchedule = z.infer<typeof PlanningScheduleSchema>;

/** A season planned at once: each crop on its field and day becomes a planting with its tasks. */
export const PlanSeasonInputSchema = z.object({
  season: SeasonSchema,
  items: z
    .array(
      z.object({
        id: clientIdSchema('A crop needs an id made by the app'),
        crop_key: CropKeySchema,
        variety_key: VarietyKeySchema,
        field_id: z.uuid('Choose a field from the list').nullish(),
        area_planted: AreaSchema,
        planting_date: PlantingDateSchema,
      }),
    )
    .min(1, 'Choose at least one crop')
    .max(PLAN_ITEMS_MAX, `Plan at most ${PLAN_ITEMS_MAX} crops at once`),
});
export type PlanSeasonInput = z.input<typeof PlanSeasonInputSchema>;
export type PlanSeason = z.output<typeof PlanSeasonInputSchema>;

export const PlanSeasonResultSchema = z.object({
  crops: z.array(CropSchema),
  tasks_created: z.number().int(),
});
export type PlanSeasonResult = z.infer<typeof PlanSeasonResultSchema>;
