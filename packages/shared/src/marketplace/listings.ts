import { z } from 'zod';
import { calendarDateSchema, clientIdSchema, optionalTextSchema, VersionSchema } from '../fields/index';
import { FileSchema, fileIdsSchema } from '../files/index';
import { MONEY_RECORD_MAX_KOBO, SALE_UNITS } from '../finance/constants';
import { SALE_UNIT_KG } from '../finance/stock';
import {
  FISH_SPECIES,
  LAYING_SPECIES,
  LIVESTOCK_SPECIES,
  MILKING_SPECIES,
  type LivestockSpecies,
} from '../livestock/constants';
import { pageLimitSchema } from '../pagination/index';
import { koboPerUnit, type Quantity, quantityFromNumber, toMilli } from '../units/quantity';
import { positiveQuantitySchema, quantityTextSchema } from '../units/quantity-schema';
import {
  FARM_PRODUCTS,
  type FarmProduct,
  LISTING_CATEGORIES,
  LISTING_DESCRIPTION_MAX,
  LISTING_PHOTOS_MAX,
  LISTING_STATUSES,
  LISTING_TEXT_MAX,
} from './constants';
import { ListingHiddenSchema } from './moderation';
import { RatingBriefSchema, SellerRatingSummarySchema } from './ratings';

/** An amount in the listing's unit: a decimal string ("2.5"); a JSON number is still read, exactly (decision 058). */
function amountSchema(what: string) {
  return positiveQuantitySchema({
    required: `Enter ${what}`,
    invalid: `Enter ${what}`,
    positive: 'Enter an amount above 0',
    max: { quantity: '1000000000', message: 'Enter a smaller amount' },
  });
}

/** Milli-units of an amount as sent or stored (a decimal string or a number), or null when it is none. */
function milliOfAmount(value: unknown): number | null {
  if (typeof value === 'number') {
    const text = quantityFromNumber(value);
    return text === null ? null : toMilli(text);
  }
  return typeof value === 'string' ? toMilli(value) : null;
}

const PriceSchema = z
  .number({ error: 'Enter the price in naira, like 45000' })
  .int('Enter the price in naira, like 45000')
  .min(1, 'Enter a price above ₦0')
  .max(MONEY_RECORD_MAX_KOBO, 'Enter at most ₦1,000,000,000');

const FeeSchema = z
  .number({ error: 'Enter the delivery fee in naira' })
  .int('Enter the delivery fee in naira')
  .min(0, 'Enter ₦0 or more')
  .max(MONEY_RECORD_MAX_KOBO, 'Enter at most ₦1,000,000,000');

const DaySchema = calendarDateSchema('Enter the date as a calendar date');

/** Measured quality: "moisture_pct": 13, "colour": "white"; at most 10 values. */
const QualitySchema = z
  .record(
    z.string().regex(/^[a-z0-9_]{1,40}$/, 'Name each quality value in plain letters'),
    z.union([
      z.string().trim().max(LISTING_TEXT_MAX, `Use at most ${LISTING_TEXT_MAX} characters`),
      z.number(),
    ]),
  )
  .refine((value) => Object.keys(value).length <= 10, 'Give at most 10 quality values');

/** The fields a seller fills in; the farm gives the location. */
const ListingFields = {
  category: z.enum(LISTING_CATEGORIES, { error: 'Choose a crop, livestock or a farm product' }),
  /** A knowledge-base crop key, a livestock species or a farm product (FARM_PRODUCTS). */
  product_key: z
    .string({ error: 'Choose what you are selling' })
    .regex(/^[a-z0-9_]{1,40}$/, 'Choose what you are selling'),
  /** Shown to buyers; the product's name when left blank. */
  title: optionalTextSchema(LISTING_TEXT_MAX),
  variety: optionalTextSchema(LISTING_TEXT_MAX),
  grade: optionalTextSchema(LISTING_TEXT_MAX),
  quality: QualitySchema.nullish(),
  quantity_available: amountSchema('how much you have to sell'),
  unit: z.enum(SALE_UNITS, { error: 'Choose the unit you sell in' }),
  /** Kg in one unit: fixed for kg, bags and tonnes; typed for a basket or a crate when known. */
  unit_kg: amountSchema('how many kg one unit weighs').nullish(),
  min_order: amountSchema('the smallest order you accept'),
  price_kobo: PriceSchema,
  harvest_date: DaySchema.nullish(),
  available_from: DaySchema.nullish(),
  delivery_pickup: z.boolean({ error: 'Say whether buyers can pick up' }),
  delivery_seller: z.boolean({ error: 'Say whether you deliver' }),
  delivery_area: optionalTextSchema(LISTING_TEXT_MAX),
  delivery_fee_kobo: FeeSchema.nullish(),
  description: optionalTextSchema(LISTING_DESCRIPTION_MAX),
  /** Sells from the farm's stored harvest of this crop: the quantity cannot pass what is in store. */
  crop_key: z
    .string({ error: 'Choose the crop in store' })
    .regex(/^[a-z0-9_]{1,40}$/, 'Choose the crop in store')
    .nullish(),
  /**
   * Sells this livestock group (or animal) of the farm; for eggs, milk, meat or fish, the group (or
   * animal) they come from, so its withdrawal periods keep them off sale (docs/decisions/052).
   */
  animal_id: z.uuid('Choose the animal or group').nullish(),
  photo_ids: fileIdsSchema(LISTING_PHOTOS_MAX),
};

export const PRODUCT_NOT_FOUND = 'Choose what you are selling from the list';
export const DELIVERY_NEEDED = 'Offer pickup, delivery or both';
export const DELIVERY_AREA_NEEDED = 'Say where you deliver, like "Port Harcourt and Obio-Akpor"';
export const MIN_ORDER_ABOVE_QUANTITY = 'The smallest order cannot be more than you have to sell';
export const AVAILABLE_BEFORE_HARVEST = 'It cannot be available before it is harvested';
export const STORE_NOT_CROP = 'Only a crop can be sold from stored harvest';
export const ANIMAL_NOT_LIVESTOCK = 'Only livestock can be sold from a group';
export const ANIMAL_NOT_SOURCE = 'Only eggs, milk, meat or fish come from a group';

/**
 * The species each farm product can come from: a listing of it names its flock, herd or pond batch
 * (`animal_id`), and is off sale while that group is in a withdrawal period.
 */
export const PRODUCT_SOURCE_SPECIES: Partial<Record<FarmProduct, readonly LivestockSpecies[]>> = {
  eggs: LAYING_SPECIES,
  milk: MILKING_SPECIES,
  meat: LIVESTOCK_SPECIES.filter((species) => !FISH_SPECIES.includes(species)),
  fish: FISH_SPECIES,
};

/**
 * Products that must name their group when the farm keeps, in Gona, at least one active group or
 * animal (with a head) of a species that gives them: what withdrawal periods protect.
 */
export const SOURCE_REQUIRED_PRODUCTS: readonly FarmProduct[] = ['eggs', 'milk', 'meat'];

/** The species a product listing may name as its source, or null when it comes from no animal. */
export function sourceSpeciesOf(category: unknown, productKey: unknown): readonly LivestockSpecies[] | null {
  if (category !== 'product' || typeof productKey !== 'string') return null;
  return PRODUCT_SOURCE_SPECIES[productKey as FarmProduct] ?? null;
}

const SOURCE_NEEDED: Partial<Record<FarmProduct, string>> = {
  eggs: 'Choose the flock the eggs come from',
  milk: 'Choose the herd or animal the milk comes from',
  meat: 'Choose the group or animal the meat comes from',
  fish: 'Choose the pond batch the fish come from',
};

/** The message when a listing of a product must say which group it comes from. */
export function sourceNeededMessage(productKey: string): string {
  return SOURCE_NEEDED[productKey as FarmProduct] ?? 'Choose the group it comes from';
}

type RuleInput = {
  category?: unknown;
  product_key?: unknown;
  quantity_available?: unknown;
  min_order?: unknown;
  delivery_pickup?: unknown;
  delivery_seller?: unknown;
  delivery_area?: unknown;
  harvest_date?: unknown;
  available_from?: unknown;
  crop_key?: unknown;
  animal_id?: unknown;
};

/**
 * The rules between a listing's fields, as (field, message) pairs: on a new listing, and on a changed
 * one as it will be. None when it is sound.
 */
export function listingRuleIssues(input: RuleInput): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const { category, product_key: product } = input;
  if (typeof product === 'string') {
    if (category === 'livestock' && !(LIVESTOCK_SPECIES as readonly string[]).includes(product))
      issues.push({ path: ['product_key'], message: PRODUCT_NOT_FOUND });
    if (category === 'product' && !(FARM_PRODUCTS as readonly string[]).includes(product))
      issues.push({ path: ['product_key'], message: PRODUCT_NOT_FOUND });
  }
  const minOrder = milliOfAmount(input.min_order);
  const available = milliOfAmount(input.quantity_available);
  if (minOrder !== null && available !== null && available > 0 && minOrder > available)
    issues.push({ path: ['min_order'], message: MIN_ORDER_ABOVE_QUANTITY });
  if (input.delivery_pickup === false && input.delivery_seller === false)
    issues.push({ path: ['delivery_pickup'], message: DELIVERY_NEEDED });
  if (input.delivery_seller === true && !input.delivery_area)
    issues.push({ path: ['delivery_area'], message: DELIVERY_AREA_NEEDED });
  if (
    typeof input.harvest_date === 'string' &&
    typeof input.available_from === 'string' &&
    input.available_from < input.harvest_date
  )
    issues.push({ path: ['available_from'], message: AVAILABLE_BEFORE_HARVEST });
  if (input.crop_key && category !== undefined && category !== 'crop')
    issues.push({ path: ['crop_key'], message: STORE_NOT_CROP });
  if (input.animal_id && category !== undefined && category !== 'livestock') {
    if (category !== 'product') issues.push({ path: ['animal_id'], message: ANIMAL_NOT_LIVESTOCK });
    else if (typeof product === 'string' && !sourceSpeciesOf(category, product))
      issues.push({ path: ['animal_id'], message: ANIMAL_NOT_SOURCE });
  }
  return issues;
}

const rules = (input: RuleInput, ctx: z.RefinementCtx) => {
  for (const issue of listingRuleIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
};

/** The kg in one unit: the unit's own where it is fixed, else what the seller typed (or none). */
export function unitKgOf(
  unit: (typeof SALE_UNITS)[number],
  typed: Quantity | null | undefined,
): Quantity | null {
  const fixed = SALE_UNIT_KG[unit];
  return fixed === undefined ? (typed ?? null) : String(fixed);
}

/** The price of a kg in whole kobo, half up, where the unit's weight (a decimal string) is known. */
export function pricePerKgKobo(priceKobo: number, unitKg: Quantity | null): number | null {
  return koboPerUnit(priceKobo, unitKg === null ? 0 : (toMilli(unitKg) ?? 0));
}

export const CreateListingInputSchema = z
  .object({
    id: clientIdSchema().optional(),
    ...ListingFields,
    delivery_pickup: ListingFields.delivery_pickup.default(true),
    delivery_seller: ListingFields.delivery_seller.default(false),
    photo_ids: ListingFields.photo_ids.default([]),
  })
  .superRefine(rules);
export type CreateListing = z.infer<typeof CreateListingInputSchema>;

export const UpdateListingInputSchema = z
  .object({
    ...Object.fromEntries(Object.entries(ListingFields).map(([key, schema]) => [key, schema.optional()])),
    version: VersionSchema,
  } as { [K in keyof typeof ListingFields]: z.ZodOptional<(typeof ListingFields)[K]> } & {
    version: typeof VersionSchema;
  })
  .superRefine(rules);
export type UpdateListing = z.infer<typeof UpdateListingInputSchema>;

/** A publish, pause, resume or close (`{}` or the version the seller saw: a stale one is 409). */
export const ListingActionInputSchema = z.object({ version: VersionSchema.optional() });

/** A photo of a listing as buyers load it: through the marketplace, not the farm's files. */
export const ListingPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumb_url: z.string().nullable(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** Who sells: what any buyer may know of the farm (never a phone or its exact position). */
export const SellerSchema = z.object({
  farm_id: z.uuid(),
  name: z.string(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  /** What buyers said of the farm: count and weighted average (on public listings and the seller page). */
  rating: RatingBriefSchema.optional(),
});
export type Seller = z.infer<typeof SellerSchema>;

/**
 * Why a listing is off sale while its animal or group (or the group its eggs, milk or meat come
 * from) is in a withdrawal period: only its own farm's members ever read it. It is on sale again
 * by itself on `until`, the first day the animals' products may be sold (docs/decisions/052).
 */
export const ListingWithdrawalSchema = z.object({
  /** yyyy-mm-dd. */
  until: z.string(),
  animal_id: z.uuid(),
  animal_name: z.string(),
  /** The product given (or the condition treated), when the record names one. */
  treatment: z.string().nullable(),
});
export type ListingWithdrawal = z.infer<typeof ListingWithdrawalSchema>;

/** A listing as every signed-in person sees it. */
export const PublicListingSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  status: z.enum(LISTING_STATUSES),
  category: z.enum(LISTING_CATEGORIES),
  product_key: z.string(),
  title: z.string(),
  variety: z.string().nullable(),
  grade: z.string().nullable(),
  quality: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  quantity_available: quantityTextSchema,
  unit: z.enum(SALE_UNITS),
  unit_kg: quantityTextSchema.nullable(),
  min_order: quantityTextSchema,
  price_kobo: z.number().int(),
  /** The price of one kg, where a unit's weight is known, so listings compare. */
  price_per_kg_kobo: z.number().int().nullable(),
  state: z.string(),
  lga: z.string().nullable(),
  harvest_date: z.string().nullable(),
  available_from: z.string().nullable(),
  delivery_pickup: z.boolean(),
  delivery_seller: z.boolean(),
  delivery_area: z.string().nullable(),
  delivery_fee_kobo: z.number().int().nullable(),
  description: z.string().nullable(),
  photos: z.array(ListingPhotoSchema),
  seller: SellerSchema,
  published_at: z.string().nullable(),
  created_at: z.string(),
  /** Hidden from buyers by Gona, with the reason: only its own farm's members ever read one. */
  hidden: ListingHiddenSchema.optional(),
  /**
   * Off sale for a withdrawal period: only its own farm's members read it. Buyers see such a
   * listing as paused, with no reason.
   */
  withdrawal: ListingWithdrawalSchema.optional(),
});
export type PublicListing = z.infer<typeof PublicListingSchema>;

/** A listing as its farm sees it: with where it draws from, its photos as farm files, and its version. */
export const FarmListingSchema = PublicListingSchema.omit({ photos: true }).extend({
  crop_key: z.string().nullable(),
  animal_id: z.uuid().nullable(),
  photos: z.array(FileSchema),
  updated_at: z.string(),
  version: z.number().int(),
  hidden: ListingHiddenSchema.nullable(),
  /** Off sale (whatever its status says) until the withdrawal period of its animals ends. */
  withdrawal: ListingWithdrawalSchema.nullable(),
});
export type FarmListing = z.infer<typeof FarmListingSchema>;

export const FarmListingPageSchema = z.object({
  items: z.array(FarmListingSchema),
  next_cursor: z.string().nullable(),
});
export type FarmListingPage = z.infer<typeof FarmListingPageSchema>;

export const FarmListingQuerySchema = z.object({
  status: z.enum(LISTING_STATUSES, { error: 'Choose a status' }).optional(),
  limit: pageLimitSchema(20, 100),
  cursor: z.string().max(200).optional(),
});
export type FarmListingQuery = z.infer<typeof FarmListingQuerySchema>;

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'nearest'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

const NairaFilter = z.coerce
  .number({ error: 'Enter a price in kobo' })
  .int('Enter a price in kobo')
  .min(0, 'Enter a price of ₦0 or more')
  .max(MONEY_RECORD_MAX_KOBO, 'Enter at most ₦1,000,000,000');

/** Browsing: words, filters, a sort; `near_farm` is the buyer's selected farm, for `nearest`. */
export const BrowseListingsQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Use at most 100 characters').optional(),
    category: z.enum(LISTING_CATEGORIES, { error: 'Choose a crop, livestock or a farm product' }).optional(),
    product_key: z
      .string()
      .regex(/^[a-z0-9_]{1,40}$/, 'Choose a product from the list')
      .optional(),
    state: z.string().trim().min(1).max(60, 'Choose a state from the list').optional(),
    min_price: NairaFilter.optional(),
    max_price: NairaFilter.optional(),
    sort: z.enum(LISTING_SORTS, { error: 'Sort by newest, price or nearest' }).default('newest'),
    near_farm: z.uuid('Choose one of your farms').optional(),
    seller: z.uuid('Choose a seller').optional(),
    limit: pageLimitSchema(20, 50),
    cursor: z.string().max(300).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price)
      ctx.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'The highest price cannot be below the lowest',
      });
  });
export type BrowseListingsQuery = z.output<typeof BrowseListingsQuerySchema>;

export const ListingBrowsePageSchema = z.object({
  items: z.array(PublicListingSchema),
  next_cursor: z.string().nullable(),
  /** The sort applied: `newest` when nearest was asked for without a farm position to measure from. */
  sort: z.enum(LISTING_SORTS),
  /** True when nearest was asked for and could not be: no farm, or a farm without its position. */
  nearest_unavailable: z.boolean(),
});
export type ListingBrowsePage = z.infer<typeof ListingBrowsePageSchema>;

export const SellerPageSchema = SellerSchema.extend({
  listings: z.array(PublicListingSchema),
  /** Count, weighted average and the last few ratings from buyers. */
  ratings: SellerRatingSummarySchema,
});
export type SellerPage = z.infer<typeof SellerPageSchema>;

/** What the listing form offers the farm: its stored harvest, its groups, crops and its location. */
export const ListingSourcesSchema = z.object({
  state: z.string().nullable(),
  lga: z.string().nullable(),
  crops: z.array(z.object({ key: z.string(), name: z.string() })),
  harvest: z.array(z.object({ crop_key: z.string(), crop_name: z.string(), kg: quantityTextSchema })),
  animals: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      species: z.enum(LIVESTOCK_SPECIES),
      head_count: z.number().int(),
      withdrawal_until: z.string().nullable(),
    }),
  ),
});
export type ListingSources = z.infer<typeof ListingSourcesSchema>;
