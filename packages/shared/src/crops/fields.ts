import { z } from 'zod';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { Int4KoboSchema } from '../money/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { quantitySchema } from '../units/quantity-schema';
import { AREA_SOURCES, IRRIGATIONS, LAND_TENURES, SOIL_TYPES } from './constants';

export const FIELD_NAME_MAX = 80;
export const BOUNDARY_POINTS_MAX = 500;

/** Roughly Nigeria and its borders: a boundary outside is a slip of the finger or of the map. */
const NIGERIA = { west: 2.5, east: 15, south: 4, north: 14 };

/** A field's outline as drawn on the map: [longitude, latitude] points (GeoJSON order), not closed. */
export const BoundarySchema = z
  .array(
    z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], {
      error: 'Draw the field again: a point of it is not on the map',
    }),
    { error: 'Draw the field again: a point of it is not on the map' },
  )
  .min(3, 'Draw at least three corners of the field')
  .max(BOUNDARY_POINTS_MAX, `Draw the field with at most ${BOUNDARY_POINTS_MAX} corners`)
  .refine(
    (ring) =>
      ring.every(
        ([lng, lat]) =>
          lng >= NIGERIA.west && lng <= NIGERIA.east && lat >= NIGERIA.south && lat <= NIGERIA.north,
      ),
    'Draw the field where it is, in Nigeria',
  );
export const FIELD_NOTES_MAX = 1000;

const FieldShape = {
  name: textSchema(FIELD_NAME_MAX).min(1, 'Give the field a name, e.g. River plot'),
  area_ha: quantitySchema({
    required: 'Enter the area in hectares',
    invalid: 'Enter the area in hectares, e.g. 1.5',
  })
    .refine((area) => area !== '0', 'Enter an area of more than 0 hectares')
    .nullish(),
  tenure: z.enum(LAND_TENURES, { error: 'Choose how the farm holds it' }).nullish(),
  rent_kobo: Int4KoboSchema.nullish(),
  irrigation: z.enum(IRRIGATIONS, { error: 'Choose how it is watered' }).nullish(),
  soil_type: z.enum(SOIL_TYPES, { error: 'Choose the soil type' }).nullish(),
  notes: optionalTextSchema(FIELD_NOTES_MAX),
  /** Drawn on the map: the area is then measured from it; null takes the drawing away. */
  boundary: BoundarySchema.nullish(),
};

const rentOnlyWhenRented = (
  input: { tenure?: string | null; rent_kobo?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (input.rent_kobo != null && input.tenure !== 'rented')
    ctx.addIssue({ code: 'custom', path: ['rent_kobo'], message: 'Only a rented field has rent' });
};

export const CreateFieldInputSchema = z
  .object({ id: clientIdSchema('A field needs an id made by the app'), ...FieldShape })
  .superRefine(rentOnlyWhenRented);
export type CreateFieldInput = z.input<typeof CreateFieldInputSchema>;
export type CreateField = z.output<typeof CreateFieldInputSchema>;

export const UpdateFieldInputSchema = z
  .object({ ...FieldShape, name: FieldShape.name.optional(), version: VersionSchema })
  .superRefine(rentOnlyWhenRented);
export type UpdateFieldInput = z.input<typeof UpdateFieldInputSchema>;
export type UpdateField = z.output<typeof UpdateFieldInputSchema>;

export const FieldSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  name: z.string(),
  area_ha: z.string().nullable(),
  area_source: z.enum(AREA_SOURCES),
  tenure: z.enum(LAND_TENURES).nullable(),
  /** Absent for roles that may not see money (workers). */
  rent_kobo: z.number().nullable().optional(),
  irrigation: z.enum(IRRIGATIONS).nullable(),
  soil_type: z.enum(SOIL_TYPES).nullable(),
  notes: z.string().nullable(),
  boundary: z.array(z.tuple([z.number(), z.number()])).nullable(),
  /** The latest soil test's pH, for the list and the yield prediction. */
  latest_ph: z.number().nullable(),
  /** Each measure's latest value over the field's soil tests, for colouring the map by it. */
  latest_soil: z.object({
    organic_carbon_percent: z.number().nullable(),
    phosphorus_mg_kg: z.number().nullable(),
    potassium_cmol_kg: z.number().nullable(),
    ec_ds_m: z.number().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type Field = z.infer<typeof FieldSchema>;
export const FieldPageSchema = pageSchema(FieldSchema);
export const FieldListQuerySchema = PageQuerySchema;

const measure = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number` })
    .min(0, `Enter 0 or more for the ${label}`)
    .max(max, `Enter at most ${max} for the ${label}`)
    .nullish();

/** A soil test of a field: what the lab (or a test kit) found. */
export const CreateSoilRecordInputSchema = z
  .object({
    id: clientIdSchema('A soil test needs an id made by the app'),
    sample_date: calendarDateSchema('Choose the day the sample was taken'),
    ph: z
      .number({ error: 'Enter the pH as a number, e.g. 6.2' })
      .min(0, 'Enter a pH from 0 to 14')
      .max(14, 'Enter a pH from 0 to 14')
      .nullish(),
    organic_carbon_percent: measure('organic carbon', 100),
    nitrogen_percent: measure('nitrogen', 100),
    phosphorus_mg_kg: measure('phosphorus', 10_000),
    potassium_cmol_kg: measure('potassium', 1_000),
    ec_ds_m: measure('salinity (EC)', 100),
    texture: z.enum(SOIL_TYPES, { error: 'Choose the texture' }).nullish(),
    lab: optionalTextSchema(FIELD_NAME_MAX),
    notes: optionalTextSchema(FIELD_NOTES_MAX),
  })
  .refine(
    (input) =>
      [
        input.ph,
        input.organic_carbon_percent,
        input.nitrogen_percent,
        input.phosphorus_mg_kg,
        input.potassium_cmol_kg,
        input.ec_ds_m,
      ].some((value) => value != null),
    { path: ['ph'], message: 'Enter at least one result, e.g. the pH' },
  );
export type CreateSoilRecordInput = z.input<typeof CreateSoilRecordInputSchema>;
export type CreateSoilRecord = z.output<typeof CreateSoilRecordInputSchema>;

export const SoilAdviceSchema = z.object({ key: z.string(), severity: z.enum(['info', 'warning']) });
export type SoilAdvice = z.infer<typeof SoilAdviceSchema>;

export const SoilRecordSchema = z.object({
  id: z.string(),
  field_id: z.string(),
  sample_date: z.string(),
  ph: z.number().nullable(),
  organic_carbon_percent: z.number().nullable(),
  nitrogen_percent: z.number().nullable(),
  phosphorus_mg_kg: z.number().nullable(),
  potassium_cmol_kg: z.number().nullable(),
  ec_ds_m: z.number().nullable(),
  texture: z.enum(SOIL_TYPES).nullable(),
  lab: z.string().nullable(),
  notes: z.string().nullable(),
  advice: z.array(SoilAdviceSchema),
  created_at: z.string(),
});
export type SoilRecord = z.infer<typeof SoilRecordSchema>;

export const PH_BANDS = ['very_acid', 'acid', 'good', 'alkaline', 'untested'] as const;
export type PhBand = (typeof PH_BANDS)[number];

/** Where a pH sits for most crops: below 5 very acid, below 5.5 acid, above 7.5 alkaline. */
export function phBand(ph: number | null | undefined): PhBand {
  if (ph == null) return 'untested';
  if (ph < 5) return 'very_acid';
  if (ph < 5.5) return 'acid';
  return ph > 7.5 ? 'alkaline' : 'good';
}

/** Below these, a measure is low for most crops on tropical soils (EC: above it, the soil is saline). */
export const SOIL_LOW = { organic_carbon_percent: 1, phosphorus_mg_kg: 10, potassium_cmol_kg: 0.2 } as const;
export const SALINE_EC_DS_M = 4;

/** What the fields map can colour by: pH, or one of the measures a soil test carries. */
export const SOIL_MAP_MEASURES = [
  'ph',
  'organic_carbon_percent',
  'phosphorus_mg_kg',
  'potassium_cmol_kg',
  'ec_ds_m',
] as const;
export type SoilMapMeasure = (typeof SOIL_MAP_MEASURES)[number];
export type NutrientBand = 'low' | 'enough' | 'untested';
export type SalinityBand = 'saline' | 'not_saline' | 'untested';
export type SoilMapBand = PhBand | NutrientBand | SalinityBand;

/** The bands of each measure, in the legend's order. */
export const SOIL_MAP_BANDS: Record<SoilMapMeasure, readonly SoilMapBand[]> = {
  ph: PH_BANDS,
  organic_carbon_percent: ['low', 'enough', 'untested'],
  phosphorus_mg_kg: ['low', 'enough', 'untested'],
  potassium_cmol_kg: ['low', 'enough', 'untested'],
  ec_ds_m: ['saline', 'not_saline', 'untested'],
};

/** The band a field falls in for the chosen measure, from its latest values. */
export function soilMapBand(
  measure: SoilMapMeasure,
  field: Pick<Field, 'latest_ph' | 'latest_soil'>,
): SoilMapBand {
  if (measure === 'ph') return phBand(field.latest_ph);
  const value = field.latest_soil[measure];
  if (value == null) return 'untested';
  if (measure === 'ec_ds_m') return value > SALINE_EC_DS_M ? 'saline' : 'not_saline';
  return value < SOIL_LOW[measure] ? 'low' : 'enough';
}

/**
 * What a soil test says to do, as catalogue keys (the screen words them). Thresholds are the common
 * ones for tropical soils: pH below 5.5 is acid (lime), above 7.5 alkaline; organic carbon under 1 %
 * is low (manure, compost, residues); phosphorus under 10 mg/kg (Bray) is low; potassium under
 * 0.2 cmol/kg is low; EC above 4 dS/m is saline.
 */
export function soilAdvice(
  record: Pick<
    SoilRecord,
    'ph' | 'organic_carbon_percent' | 'phosphorus_mg_kg' | 'potassium_cmol_kg' | 'ec_ds_m'
  >,
): SoilAdvice[] {
  const advice: SoilAdvice[] = [];
  const band = phBand(record.ph);
  if (band === 'good') advice.push({ key: 'ph_good', severity: 'info' });
  else if (band !== 'untested') advice.push({ key: band, severity: 'warning' });
  if (
    record.organic_carbon_percent != null &&
    record.organic_carbon_percent < SOIL_LOW.organic_carbon_percent
  )
    advice.push({ key: 'low_carbon', severity: 'warning' });
  if (record.phosphorus_mg_kg != null && record.phosphorus_mg_kg < SOIL_LOW.phosphorus_mg_kg)
    advice.push({ key: 'low_phosphorus', severity: 'warning' });
  if (record.potassium_cmol_kg != null && record.potassium_cmol_kg < SOIL_LOW.potassium_cmol_kg)
    advice.push({ key: 'low_potassium', severity: 'warning' });
  if (record.ec_ds_m != null && record.ec_ds_m > SALINE_EC_DS_M)
    advice.push({ key: 'saline', severity: 'warning' });
  return advice;
}
