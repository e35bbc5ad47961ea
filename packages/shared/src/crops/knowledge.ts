import { z } from 'zod';
import { KnowledgeSourceSchema } from '../livestock/care';
import { AGRO_ZONES, CROP_CATEGORIES, CROP_SEASONS, HARVEST_UNITS } from './constants';

/**
 * The crop knowledge the API answers with: each crop with its local names, stages, practices and
 * typical yields, its varieties and its planting calendar by zone, every row with its source.
 */
export const CropStageSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The stage starts this many days after planting (or transplanting). */
  from_day: z.number().int(),
  /** What to do in this stage, in a sentence or two. */
  advice: z.string(),
});
export type CropStage = z.infer<typeof CropStageSchema>;

export const FertilizerStepSchema = z.object({
  /** Days after planting (0: at planting). */
  day: z.number().int(),
  product: z.string(),
  /** Rate per hectare in words, e.g. "4 bags of NPK 15-15-15 (200 kg)". */
  rate: z.string(),
});

export const CropPracticeSchema = z.object({
  spacing: z.string(),
  seed_rate: z.string(),
  fertilizer: z.array(FertilizerStepSchema),
  /** Days after planting when weeding is due. */
  weeding_days: z.array(z.number().int()),
  notes: z.string().nullable(),
});
export type CropPractice = z.infer<typeof CropPracticeSchema>;

export const CropVarietySchema = z.object({
  key: z.string(),
  name: z.string(),
  maturity_days: z.number().int(),
  notes: z.string().nullable(),
  source: KnowledgeSourceSchema,
});
export type CropVariety = z.infer<typeof CropVarietySchema>;

export const CropCalendarSchema = z.object({
  zone: z.enum(AGRO_ZONES),
  season: z.enum(CROP_SEASONS),
  /** Planting window, month-day (MM-DD) to month-day, in any year. */
  plant_from: z.string(),
  plant_to: z.string(),
  source: KnowledgeSourceSchema,
});
export type CropCalendar = z.infer<typeof CropCalendarSchema>;

export const KnowledgeCropSchema = z.object({
  key: z.string(),
  name: z.string(),
  local_names: z.object({
    hausa: z.string().nullable(),
    yoruba: z.string().nullable(),
    igbo: z.string().nullable(),
  }),
  category: z.enum(CROP_CATEGORIES),
  /** Days from planting to harvest, shortest and longest among common varieties. */
  maturity_days: z.object({ min: z.number().int(), max: z.number().int() }),
  harvest_unit: z.enum(HARVEST_UNITS),
  stages: z.array(CropStageSchema),
  practice: CropPracticeSchema,
  /** Tonnes per hectare: the national average and what improved practice reaches. */
  yield_t_ha: z.object({ national: z.number(), improved: z.number() }),
  source: KnowledgeSourceSchema,
});
export type KnowledgeCrop = z.infer<typeof KnowledgeCropSchema>;

export const KnowledgeCropDetailSchema = KnowledgeCropSchema.extend({
  varieties: z.array(CropVarietySchema),
  calendars: z.array(CropCalendarSchema),
});
export type KnowledgeCropDetail = z.infer<typeof KnowledgeCropDetailSchema>;
