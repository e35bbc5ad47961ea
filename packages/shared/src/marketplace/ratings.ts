import { z } from 'zod';

/**
 * Ratings after an order (issue 17, "Ratings"): once an order is completed, its buyer rates the
 * seller and the selling farm rates the buyer, once each: 1 to 5 stars, a few tags, an optional
 * comment. A seller's average weighs recent ratings more (docs/decisions/043-ratings.md).
 */

/** Who gives the rating: the buyer (of the seller) or the seller (of the buyer). */
export const RATING_SIDES = ['buyer', 'seller'] as const;
export type RatingSide = (typeof RATING_SIDES)[number];

/** What a buyer may say of the seller. */
export const SELLER_RATING_TAGS = [
  'on_time',
  'as_described',
  'good_packaging',
  'fair_weight',
  'friendly',
] as const;
/** What a seller may say of the buyer (payment goes through Gona, so it is not rated). */
export const BUYER_RATING_TAGS = ['on_time_pickup', 'easy_to_reach', 'friendly'] as const;
export type RatingTag = (typeof SELLER_RATING_TAGS)[number] | (typeof BUYER_RATING_TAGS)[number];

/** The tags a side may give: the buyer rates the seller, the seller the buyer. */
export function ratingTagsFor(side: RatingSide): readonly RatingTag[] {
  return side === 'buyer' ? SELLER_RATING_TAGS : BUYER_RATING_TAGS;
}

export const RATING_STARS_MAX = 5;
export const RATING_TAGS_MAX = 5;
export const RATING_COMMENT_MAX = 300;
/** Ratings a seller's page shows. */
export const RATING_RECENT_MAX = 5;

function rateInput(tags: readonly RatingTag[]) {
  return z
    .object({
      stars: z
        .number({ error: 'Choose 1 to 5 stars' })
        .int('Choose 1 to 5 stars')
        .min(1, 'Choose 1 to 5 stars')
        .max(RATING_STARS_MAX, 'Choose 1 to 5 stars'),
      tags: z
        .array(z.enum(tags as [RatingTag, ...RatingTag[]], { error: 'Choose from the tags shown' }), {
          error: 'Choose from the tags shown',
        })
        .max(RATING_TAGS_MAX, `Choose at most ${RATING_TAGS_MAX} tags`)
        .refine((list) => new Set(list).size === list.length, { error: 'Choose each tag once' })
        .default([]),
      comment: z
        .string({ error: 'Write the comment as text' })
        .trim()
        .max(RATING_COMMENT_MAX, `The comment can be at most ${RATING_COMMENT_MAX} characters`)
        .transform((v) => (v === '' ? null : v))
        .nullish(),
    })
    .strict();
}

/** The buyer rates the seller of a completed order. */
export const RateSellerInputSchema = rateInput(SELLER_RATING_TAGS);
/** The selling farm rates the buyer of a completed order. */
export const RateBuyerInputSchema = rateInput(BUYER_RATING_TAGS);
export type RateInput = z.input<typeof RateSellerInputSchema>;

/** One rating as it is read back. */
export const RatingSchema = z.object({
  order_id: z.uuid(),
  /** Who gave it. */
  side: z.enum(RATING_SIDES),
  stars: z.number().int().min(1).max(RATING_STARS_MAX),
  tags: z.array(z.string()),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof RatingSchema>;

/** Count and average (1 decimal, recent ratings weighing more; null when there are none). */
export const RatingBriefSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
});
export type RatingBrief = z.infer<typeof RatingBriefSchema>;

/** A seller's ratings on their public page: count, average and the last few, newest first. */
export const SellerRatingSummarySchema = RatingBriefSchema.extend({
  recent: z.array(
    z.object({
      stars: z.number().int(),
      tags: z.array(z.string()),
      comment: z.string().nullable(),
      /** The buyer's first name only. */
      buyer_first_name: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type SellerRatingSummary = z.infer<typeof SellerRatingSummarySchema>;

/** The viewer's own rating of the other side of an order, as the order carries it. */
export const MyRatingSchema = z.object({
  stars: z.number().int(),
  tags: z.array(z.string()),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type MyRating = z.infer<typeof MyRatingSchema>;

/**
 * The weight of a rating by its age: 1 within 90 days, 0.5 within a year, 0.25 older
 * (docs/decisions/043-ratings.md).
 */
export const RATING_WEIGHTS = [
  { days: 90, weight: 1 },
  { days: 365, weight: 0.5 },
] as const;
export const RATING_WEIGHT_OLDER = 0.25;
