import { z } from 'zod';
import { textSchema, TimeZoneSchema, VersionSchema } from '../fields/index';
import { PageQuerySchema } from '../pagination/index';
import { FARM_ROLES } from '../permissions/index';

export const FARM_TYPES = ['crop', 'livestock', 'poultry', 'fish', 'mixed', 'horticulture', 'other'] as const;
export type FarmType = (typeof FARM_TYPES)[number];

export const FARM_SIZE_UNITS = ['hectare', 'acre', 'plot'] as const;

/** The 36 states and the FCT. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const DEFAULT_TIMEZONE = 'Africa/Lagos';

/** A latitude or longitude: one message for anything that is not a number in range. */
const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);

export const CreateFarmInputSchema = z.object({
  name: textSchema(120).min(2, 'Enter the farm name (at least 2 characters)'),
  location: textSchema(200).min(2, 'Enter where the farm is, e.g. a village or town'),
  farm_type: z.enum(FARM_TYPES, { error: 'Choose the kind of farm' }),
  state: z.enum(NIGERIAN_STATES, { error: 'Choose a state' }).nullish(),
  lga: textSchema(120).nullish(),
  latitude: coordinate(90, 'Enter the latitude as a number from -90 to 90, e.g. 9.0765').nullish(),
  longitude: coordinate(180, 'Enter the longitude as a number from -180 to 180, e.g. 7.3986').nullish(),
  size: z
    .number({ error: 'Enter the size as a number, e.g. 2.5' })
    .positive('Size must be more than 0')
    .max(1_000_000, 'Size must be at most 1,000,000')
    .nullish(),
  size_unit: z.enum(FARM_SIZE_UNITS).nullish(),
  timezone: TimeZoneSchema.default(DEFAULT_TIMEZONE),
});
export type CreateFarmInput = z.input<typeof CreateFarmInputSchema>;

/** Only the fields sent change; timezone loses its default here so a partial update never resets it. */
export const UpdateFarmInputSchema = CreateFarmInputSchema.extend({ timezone: TimeZoneSchema })
  .partial()
  .extend({ version: VersionSchema });
export type UpdateFarmInput = z.input<typeof UpdateFarmInputSchema>;

export const FarmSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string(),
  farm_type: z.enum(FARM_TYPES),
  owner_id: z.string(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  size: z.number().nullable(),
  size_unit: z.enum(FARM_SIZE_UNITS).nullable(),
  timezone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /** The signed-in user's role on this farm. */
  role: z.enum(FARM_ROLES),
});
export type Farm = z.infer<typeof FarmSchema>;

/**
 * The farm list's fallback answer (GET /api/farms?fields=basic): only what a farm picker shows,
 * plus the user's role, which the app needs to decide what the user may do.
 */
export const FarmSummarySchema = FarmSchema.pick({
  id: true,
  name: true,
  location: true,
  farm_type: true,
  role: true,
});
export type FarmSummary = z.infer<typeof FarmSummarySchema>;

/** ?fields=basic asks for the summaries instead of the full farms; plus the page. */
export const FarmListQuerySchema = PageQuerySchema.extend({
  fields: z.enum(['basic'], { error: 'Use fields=basic or leave it out' }).optional(),
});
export type FarmListQuery = z.output<typeof FarmListQuerySchema>;
