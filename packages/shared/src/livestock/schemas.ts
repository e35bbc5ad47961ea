import { z } from 'zod';
import { KnowledgeSourceSchema, UpcomingCareSchema } from './care';
import {
  calendarDateSchema,
  clientIdSchema,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { Int4KoboSchema, NairaInputSchema } from '../money/index';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { UNITS } from '../units/units';
import { quantitySchema } from '../units/quantity-schema';
import {
  ACQUISITIONS,
  ADMINISTRATION_ROUTES,
  AGE_UNITS,
  BODY_CONDITION_MAX,
  BODY_CONDITION_MIN,
  EVENT_KINDS,
  HEAD_COUNT_MAX,
  HEALTH_RECORD_KINDS,
  LIVESTOCK_HOUSINGS,
  LIVESTOCK_KINDS,
  LIVESTOCK_NAME_MAX,
  LIVESTOCK_NOTES_MAX,
  LIVESTOCK_PHOTOS_MAX,
  LIVESTOCK_PURPOSES,
  LIVESTOCK_SEARCH_MAX,
  LIVESTOCK_SEXES,
  LIVESTOCK_SPECIES,
  LIVESTOCK_STATUSES,
  LIVESTOCK_TEXT_MAX,
  RECORDED_EVENT_KINDS,
  WITHDRAWAL_DAYS_MAX,
} from './constants';

const SpeciesSchema = z.enum(LIVESTOCK_SPECIES, { error: 'Choose the kind of animal' });
const KindSchema = z.enum(LIVESTOCK_KINDS, { error: 'Choose one animal or a group' });
const SexSchema = z.enum(LIVESTOCK_SEXES, { error: 'Choose female, male or not known' });
const PurposeSchema = z.enum(LIVESTOCK_PURPOSES, { error: 'Choose what it is kept for' });
const HousingSchema = z.enum(LIVESTOCK_HOUSINGS, { error: 'Choose where it is kept' });
const AcquisitionSchema = z.enum(ACQUISITIONS, { error: 'Choose born on the farm or bought' });
const AgeUnitSchema = z.enum(AGE_UNITS, { error: 'Choose days, weeks, months or years' });
const StatusSchema = z.enum(LIVESTOCK_STATUSES, { error: 'Choose a status' });
const HealthKindSchema = z.enum(HEALTH_RECORD_KINDS, { error: 'Choose what kind of care it was' });
const RouteSchema = z.enum(ADMINISTRATION_ROUTES, { error: 'Choose how it was given' });
const DateSchema = (message = 'Enter the date as a calendar date') => calendarDateSchema(message);

/** A whole number of heads, eggs or fish. */
function countSchema(messages: { required: string; min: number; minMessage: string }) {
  return z
    .number({ error: messages.required })
    .int('Enter a whole number')
    .min(messages.min, messages.minMessage)
    .max(HEAD_COUNT_MAX, `Enter at most ${HEAD_COUNT_MAX.toLocaleString('en-NG')}`);
}

const WeightSchema = quantitySchema({
  required: 'Enter the weight in kg',
  invalid: 'Enter a weight, e.g. 2.35',
});
const AmountSchema = quantitySchema({
  required: 'Enter the amount',
  invalid: 'Enter a number, e.g. 12 or 2.5',
});

const LivestockFieldsSchema = z.object({
  species: SpeciesSchema,
  breed: optionalTextSchema(LIVESTOCK_TEXT_MAX),
  /** A group's name (Layers House A) or an animal's name; an animal needs a tag or a name. */
  name: optionalTextSchema(LIVESTOCK_NAME_MAX),
  tag: optionalTextSchema(60),
  sex: SexSchema.nullish(),
  date_of_birth: DateSchema('Enter the date of birth as a calendar date').nullish(),
  age_at_acquisition: z
    .number({ error: 'Enter the age as a whole number' })
    .int('Enter the age as a whole number')
    .min(0, 'Enter 0 or more')
    .max(10_000, 'Enter a smaller age')
    .nullish(),
  age_unit: AgeUnitSchema.nullish(),
  dam: optionalTextSchema(LIVESTOCK_TEXT_MAX),
  sire: optionalTextSchema(LIVESTOCK_TEXT_MAX),
  purpose: PurposeSchema.nullish(),
  housing: HousingSchema.nullish(),
  location: optionalTextSchema(LIVESTOCK_TEXT_MAX),
  acquisition: AcquisitionSchema,
  acquired_on: DateSchema('Enter the date it came as a calendar date').nullish(),
  /** Money: only roles that may read money send or see it (the server refuses it from others). */
  price_kobo: Int4KoboSchema.nullish(),
  seller: optionalTextSchema(LIVESTOCK_TEXT_MAX),
  status: StatusSchema,
  notes: optionalTextSchema(LIVESTOCK_NOTES_MAX),
  photo_ids: fileIdsSchema(LIVESTOCK_PHOTOS_MAX).optional(),
});

export const NAME_OR_TAG_NEEDED = 'Enter a tag number or a name';
export const GROUP_NAME_NEEDED = 'Name the group, e.g. Layers House A';
export const AGE_UNIT_NEEDED = 'Choose days, weeks, months or years';

/**
 * A new animal or group. The id may be made by the client (UUID v7) so that one added offline keeps
 * its identity and a replay records it once. A group's starting head count becomes its first event
 * (a purchase, or a birth when born on the farm), so the history always explains the count; an
 * individual is one head.
 */
export const CreateLivestockInputSchema = LivestockFieldsSchema.extend({
  id: clientIdSchema().optional(),
  kind: KindSchema,
  head_count: countSchema({
    required: 'Enter how many there are',
    min: 1,
    minMessage: 'Enter 1 or more',
  }).optional(),
  status: StatusSchema.default('active'),
}).superRefine(
  (input, ctx) => {
    for (const issue of livestockRuleIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
    if (input.kind === 'group' && input.head_count == null)
      ctx.addIssue({ code: 'custom', path: ['head_count'], message: 'Enter how many there are' });
    if (input.kind === 'individual' && input.head_count != null && input.head_count !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['head_count'],
        message: 'One animal is one head: add a group instead',
      });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type CreateLivestockInput = z.input<typeof CreateLivestockInputSchema>;
export type CreateLivestock = z.output<typeof CreateLivestockInputSchema>;

/**
 * A change to an animal or group; `version` is the one the editor saw (a stale one gets 409). The
 * head count is not edited here: it changes through events, so the history stays true.
 */
export const UpdateLivestockInputSchema = LivestockFieldsSchema.partial().extend({ version: VersionSchema });
export type UpdateLivestockInput = z.input<typeof UpdateLivestockInputSchema>;
export type UpdateLivestock = z.output<typeof UpdateLivestockInputSchema>;

/** The rules between fields, on a whole record (a new one, or a stored one with a change laid over it). */
export function livestockRuleIssues(record: {
  kind?: string | null | undefined;
  name?: string | null | undefined;
  tag?: string | null | undefined;
  age_at_acquisition?: number | null | undefined;
  age_unit?: string | null | undefined;
}): { path: [string]; message: string }[] {
  const issues: { path: [string]; message: string }[] = [];
  if (record.kind === 'group' && !record.name) issues.push({ path: ['name'], message: GROUP_NAME_NEEDED });
  if (record.kind === 'individual' && !record.name && !record.tag)
    issues.push({ path: ['tag'], message: NAME_OR_TAG_NEEDED });
  if (record.age_at_acquisition != null && !record.age_unit)
    issues.push({ path: ['age_unit'], message: AGE_UNIT_NEEDED });
  return issues;
}

export const LivestockSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  kind: KindSchema,
  species: SpeciesSchema,
  breed: z.string().nullable(),
  name: z.string().nullable(),
  tag: z.string().nullable(),
  sex: SexSchema.nullable(),
  date_of_birth: z.string().nullable(),
  age_at_acquisition: z.number().int().nullable(),
  age_unit: AgeUnitSchema.nullable(),
  dam: z.string().nullable(),
  sire: z.string().nullable(),
  purpose: PurposeSchema.nullable(),
  housing: HousingSchema.nullable(),
  location: z.string().nullable(),
  acquisition: AcquisitionSchema,
  acquired_on: z.string().nullable(),
  /** Absent for roles that may not see money (workers). */
  price_kobo: z.number().int().nullable().optional(),
  seller: z.string().nullable(),
  status: StatusSchema,
  head_count: z.number().int().nonnegative(),
  /** The end of the latest withdrawal period still running (yyyy-mm-dd), or null: safe to sell. */
  withdrawal_until: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Livestock = z.infer<typeof LivestockSchema>;
/** One animal or group on its own screen: with its photos (lists leave them out). */
export const LivestockWithPhotosSchema = LivestockSchema.extend({ photos: z.array(FileSchema) });
export type LivestockWithPhotos = z.infer<typeof LivestockWithPhotosSchema>;
export const LivestockPageSchema = pageSchema(LivestockSchema);

/** ?search= (name, tag or breed) &species= &status= plus the page; newest first. */
export const LivestockListQuerySchema = PageQuerySchema.extend({
  search: textSchema(LIVESTOCK_SEARCH_MAX)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  species: SpeciesSchema.optional(),
  status: StatusSchema.optional(),
});
export type LivestockListQuery = z.output<typeof LivestockListQuerySchema>;

/** The purchase price as the form takes it: naira typed by a person, blank for none. */
export const PriceFormSchema = z.object({ price_kobo: NairaInputSchema });
export const CostFormSchema = z.object({ cost_kobo: NairaInputSchema });

/* Health records */

export const PRODUCT_QUANTITY_NEEDED = 'Enter how much of the product was used';
export const PRODUCT_NEEDED = 'Choose the product from your store, or leave the amount empty';

/**
 * One health record (a vaccination, a treatment, a deworming, an illness, a check-up). `id` is made
 * by the client and is the idempotency key. A product picked from the store (`supply_id`) with the
 * amount used records that use in the inventory once. A withdrawal period makes the animal "not for
 * sale or eating" until the date plus those days.
 */
export const CreateHealthRecordInputSchema = z
  .object({
    id: clientIdSchema('A health record needs an id made by the app'),
    date: DateSchema(),
    kind: HealthKindSchema,
    condition: optionalTextSchema(LIVESTOCK_TEXT_MAX),
    product_name: optionalTextSchema(LIVESTOCK_TEXT_MAX),
    supply_id: z.uuid('Choose the product from the list').nullish(),
    quantity_used: AmountSchema.nullish(),
    dose: optionalTextSchema(60),
    route: RouteSchema.nullish(),
    given_by: optionalTextSchema(LIVESTOCK_TEXT_MAX),
    vet: optionalTextSchema(LIVESTOCK_TEXT_MAX),
    cost_kobo: Int4KoboSchema.nullish(),
    withdrawal_days: z
      .number({ error: 'Enter the days as a whole number' })
      .int('Enter the days as a whole number')
      .min(0, 'Enter 0 or more')
      .max(WITHDRAWAL_DAYS_MAX, `Enter at most ${WITHDRAWAL_DAYS_MAX} days`)
      .nullish(),
    next_due_date: DateSchema('Enter the next date as a calendar date').nullish(),
    notes: optionalTextSchema(LIVESTOCK_NOTES_MAX),
  })
  .superRefine((input, ctx) => {
    if (input.supply_id && (input.quantity_used == null || input.quantity_used === '0'))
      ctx.addIssue({ code: 'custom', path: ['quantity_used'], message: PRODUCT_QUANTITY_NEEDED });
    if (!input.supply_id && input.quantity_used != null)
      ctx.addIssue({ code: 'custom', path: ['supply_id'], message: PRODUCT_NEEDED });
    if (input.next_due_date && input.next_due_date < input.date)
      ctx.addIssue({
        code: 'custom',
        path: ['next_due_date'],
        message: 'The next date cannot be before this one',
      });
  });
export type CreateHealthRecordInput = z.input<typeof CreateHealthRecordInputSchema>;
export type CreateHealthRecord = z.output<typeof CreateHealthRecordInputSchema>;

export const HealthRecordSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  animal_id: z.uuid(),
  date: z.string(),
  kind: HealthKindSchema,
  condition: z.string().nullable(),
  product_name: z.string().nullable(),
  supply_id: z.uuid().nullable(),
  quantity_used: z.string().nullable(),
  /** The unit of `quantity_used`: the store's unit for the product. */
  unit: z.enum(UNITS).nullable(),
  dose: z.string().nullable(),
  route: RouteSchema.nullable(),
  given_by: z.string().nullable(),
  vet: z.string().nullable(),
  /** Absent for roles that may not see money (workers). */
  cost_kobo: z.number().int().nullable().optional(),
  withdrawal_days: z.number().int().nullable(),
  withdrawal_until: z.string().nullable(),
  next_due_date: z.string().nullable(),
  notes: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type HealthRecord = z.infer<typeof HealthRecordSchema>;
export const HealthRecordPageSchema = pageSchema(HealthRecordSchema);

/* Growth logs */

/** A weighing: one animal's weight, or a group's average weight and how many were weighed. */
export const CreateGrowthLogInputSchema = z
  .object({
    id: clientIdSchema('A weighing needs an id made by the app'),
    date: DateSchema(),
    weight_kg: WeightSchema,
    count_weighed: countSchema({
      required: 'Enter how many were weighed',
      min: 1,
      minMessage: 'Enter 1 or more',
    }).nullish(),
    body_condition_score: z
      .number({ error: `Choose a score from ${BODY_CONDITION_MIN} to ${BODY_CONDITION_MAX}` })
      .int(`Choose a score from ${BODY_CONDITION_MIN} to ${BODY_CONDITION_MAX}`)
      .min(BODY_CONDITION_MIN, `Choose a score from ${BODY_CONDITION_MIN} to ${BODY_CONDITION_MAX}`)
      .max(BODY_CONDITION_MAX, `Choose a score from ${BODY_CONDITION_MIN} to ${BODY_CONDITION_MAX}`)
      .nullish(),
    notes: optionalTextSchema(LIVESTOCK_NOTES_MAX),
  })
  .superRefine((input, ctx) => {
    if (input.weight_kg === '0')
      ctx.addIssue({ code: 'custom', path: ['weight_kg'], message: 'Enter a weight more than 0' });
  });
export type CreateGrowthLogInput = z.input<typeof CreateGrowthLogInputSchema>;
export type CreateGrowthLog = z.output<typeof CreateGrowthLogInputSchema>;

export const GrowthLogSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  animal_id: z.uuid(),
  date: z.string(),
  weight_kg: z.string(),
  count_weighed: z.number().int().nullable(),
  body_condition_score: z.number().int().nullable(),
  notes: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type GrowthLog = z.infer<typeof GrowthLogSchema>;
export const GrowthLogPageSchema = pageSchema(GrowthLogSchema);

/** One point of a target curve: the weight range at an age in days from birth or hatching. */
export const GrowthPointSchema = z.object({
  age_days: z.number().int().min(0),
  low_kg: z.number().positive(),
  high_kg: z.number().positive(),
});

/** The knowledge base's target curve for a species, with its source. */
export const GrowthTargetSchema = z.object({
  species: SpeciesSchema,
  note: z.string(),
  source: KnowledgeSourceSchema,
  points: z.array(GrowthPointSchema),
});
export type GrowthTarget = z.infer<typeof GrowthTargetSchema>;

/**
 * What an animal's weighings are read against: the day its age counts from (birth or hatching, as
 * its care programme counts) and its species' target curve. Both null when the record does not say
 * when it was born or hatched; the target null when the knowledge base has none for the species.
 */
export const AnimalGrowthTargetSchema = z.object({
  anchor_date: z.string().nullable(),
  growth_target: GrowthTargetSchema.nullable(),
});
export type AnimalGrowthTarget = z.infer<typeof AnimalGrowthTargetSchema>;

/* Events */

export const CAUSE_ONLY_FOR_DEATHS = 'Only a death has a cause';
export const OTHER_GROUP_NEEDED = 'Choose the group they moved to';
export const PRICE_ONLY_FOR_TRADE = 'Only a sale or a purchase has a price';

/**
 * Something that changed a head count: deaths (with the cause), births or hatching, purchases,
 * sales, slaughter, culling, or a move to another group (`transfer_out` with `to_animal_id`).
 * `id` is made by the client and is the idempotency key.
 */
export const RecordEventInputSchema = z
  .object({
    id: clientIdSchema('An event needs an id made by the app'),
    date: DateSchema(),
    kind: z.enum(RECORDED_EVENT_KINDS, { error: 'Choose what happened' }),
    count: countSchema({ required: 'Enter how many', min: 1, minMessage: 'Enter 1 or more' }),
    cause: optionalTextSchema(LIVESTOCK_TEXT_MAX),
    to_animal_id: z.uuid(OTHER_GROUP_NEEDED).nullish(),
    price_kobo: Int4KoboSchema.nullish(),
    notes: optionalTextSchema(LIVESTOCK_NOTES_MAX),
  })
  .superRefine((input, ctx) => {
    if (input.cause && input.kind !== 'mortality')
      ctx.addIssue({ code: 'custom', path: ['cause'], message: CAUSE_ONLY_FOR_DEATHS });
    if (input.kind === 'transfer_out' && !input.to_animal_id)
      ctx.addIssue({ code: 'custom', path: ['to_animal_id'], message: OTHER_GROUP_NEEDED });
    if (input.kind !== 'transfer_out' && input.to_animal_id)
      ctx.addIssue({ code: 'custom', path: ['to_animal_id'], message: 'Only a move names another group' });
    if (input.price_kobo != null && input.kind !== 'sale' && input.kind !== 'purchase')
      ctx.addIssue({ code: 'custom', path: ['price_kobo'], message: PRICE_ONLY_FOR_TRADE });
  });
export type RecordEventInput = z.input<typeof RecordEventInputSchema>;
export type RecordEvent = z.output<typeof RecordEventInputSchema>;

export const LivestockEventSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  animal_id: z.uuid(),
  date: z.string(),
  kind: z.enum(EVENT_KINDS),
  count: z.number().int(),
  head_count_after: z.number().int(),
  cause: z.string().nullable(),
  other_animal_id: z.uuid().nullable(),
  /** The other group's name (a move), as it was when recorded. */
  other_animal_name: z.string().nullable(),
  /** Absent for roles that may not see money (workers). */
  price_kobo: z.number().int().nullable().optional(),
  notes: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type LivestockEvent = z.infer<typeof LivestockEventSchema>;
export const LivestockEventPageSchema = pageSchema(LivestockEventSchema);

/** The event and the animal or group after it. */
export const EventResultSchema = z.object({ event: LivestockEventSchema, animal: LivestockSchema });
export type EventResult = z.infer<typeof EventResultSchema>;

/* Production */

export const NOTHING_RECORDED = 'Enter the eggs, milk, fish or feed of the day';
export const FEED_QUANTITY_NEEDED = 'Enter how much feed was given';
export const FEED_SUPPLY_NEEDED = 'Choose the feed from your store';

/**
 * A day's production: eggs collected (and how many of them cracked), milk, fish harvested, and
 * feed given from a feed supply in the store (recorded there as used, once). `id` is made by the
 * client and is the idempotency key.
 */
export const RecordProductionInputSchema = z
  .object({
    id: clientIdSchema('A production record needs an id made by the app'),
    date: DateSchema(),
    eggs_collected: countSchema({
      required: 'Enter the number of eggs',
      min: 0,
      minMessage: 'Enter 0 or more',
    }).nullish(),
    eggs_cracked: countSchema({
      required: 'Enter the number of cracked eggs',
      min: 0,
      minMessage: 'Enter 0 or more',
    }).nullish(),
    milk_litres: AmountSchema.nullish(),
    fish_count: countSchema({
      required: 'Enter the number of fish',
      min: 0,
      minMessage: 'Enter 0 or more',
    }).nullish(),
    fish_kg: AmountSchema.nullish(),
    feed_supply_id: z.uuid(FEED_SUPPLY_NEEDED).nullish(),
    feed_quantity: AmountSchema.nullish(),
    notes: optionalTextSchema(LIVESTOCK_NOTES_MAX),
  })
  .superRefine((input, ctx) => {
    const measured = [
      input.eggs_collected,
      input.milk_litres,
      input.fish_count,
      input.fish_kg,
      input.feed_quantity,
    ];
    if (measured.every((value) => value == null))
      ctx.addIssue({ code: 'custom', path: ['eggs_collected'], message: NOTHING_RECORDED });
    if (
      input.eggs_cracked != null &&
      (input.eggs_collected == null || input.eggs_cracked > input.eggs_collected)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['eggs_cracked'],
        message: 'Cracked eggs are counted among those collected',
      });
    if (input.feed_supply_id && (input.feed_quantity == null || input.feed_quantity === '0'))
      ctx.addIssue({ code: 'custom', path: ['feed_quantity'], message: FEED_QUANTITY_NEEDED });
    if (!input.feed_supply_id && input.feed_quantity != null)
      ctx.addIssue({ code: 'custom', path: ['feed_supply_id'], message: FEED_SUPPLY_NEEDED });
  });
export type RecordProductionInput = z.input<typeof RecordProductionInputSchema>;
export type RecordProduction = z.output<typeof RecordProductionInputSchema>;

export const ProductionSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  animal_id: z.uuid(),
  date: z.string(),
  eggs_collected: z.number().int().nullable(),
  eggs_cracked: z.number().int().nullable(),
  milk_litres: z.string().nullable(),
  fish_count: z.number().int().nullable(),
  fish_kg: z.string().nullable(),
  feed_supply_id: z.uuid().nullable(),
  feed_name: z.string().nullable(),
  feed_quantity: z.string().nullable(),
  feed_unit: z.enum(UNITS).nullable(),
  /** Heads in the group at the end of that day (now, less what changed after it). */
  head_count_on_date: z.number().int(),
  /** Eggs for every 100 hens present that day, one decimal; null without eggs. */
  hen_day_percent: z.number().nullable(),
  notes: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type Production = z.infer<typeof ProductionSchema>;
export const ProductionPageSchema = pageSchema(ProductionSchema);

/* Timeline and summary */

export const TIMELINE_TYPES = ['health', 'growth', 'event', 'production'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** Everything recorded about one animal or group, merged by date (newest first). */
export const TimelineEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('health'), id: z.uuid(), date: z.string(), record: HealthRecordSchema }),
  z.object({ type: z.literal('growth'), id: z.uuid(), date: z.string(), record: GrowthLogSchema }),
  z.object({ type: z.literal('event'), id: z.uuid(), date: z.string(), record: LivestockEventSchema }),
  z.object({ type: z.literal('production'), id: z.uuid(), date: z.string(), record: ProductionSchema }),
]);
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;
export const TimelinePageSchema = pageSchema(TimelineEntrySchema);

/** The farm's livestock at a glance. */
export const LivestockSummarySchema = z.object({
  /** Heads of active records by species, most first. */
  by_species: z.array(
    z.object({ species: SpeciesSchema, head_count: z.number().int(), records: z.number().int() }),
  ),
  head_count: z.number().int(),
  /** Deaths recorded with a date in this calendar month on the farm's clock. */
  deaths_this_month: z.number().int(),
  /** Deaths this month against the heads there were (those alive now plus those that died), one decimal. */
  mortality_percent: z.number().nullable(),
  eggs_today: z.number().int(),
  /** The next open vaccinations of the farm's animals and groups, soonest first. */
  upcoming_vaccinations: z.array(UpcomingCareSchema),
  today: z.string(),
});
export type LivestockSummary = z.infer<typeof LivestockSummarySchema>;
