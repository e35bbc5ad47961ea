import { z } from 'zod';
import { SALE_UNITS } from '../finance/constants';
import { PageQuerySchema, pageSchema } from '../pagination/index';
import { quantityTextSchema } from '../units/quantity-schema';
import { LISTING_STATUSES } from './constants';

/**
 * Gona's staff keep the marketplace honest (docs/decisions/045): they hide a listing from buyers
 * with a reason its farm reads, and stop a person selling with a reason they read. Both can be
 * undone; both are audited.
 */

export const MODERATION_REASON_MIN = 10;
export const MODERATION_REASON_MAX = 500;
/** The longest search the back office takes. */
export const MODERATION_SEARCH_MAX = 100;

const ReasonSchema = z
  .string({ error: 'Give the reason' })
  .trim()
  .min(MODERATION_REASON_MIN, `Write at least ${MODERATION_REASON_MIN} characters`)
  .max(MODERATION_REASON_MAX, `Write at most ${MODERATION_REASON_MAX} characters`);

const SearchSchema = z
  .string()
  .trim()
  .max(MODERATION_SEARCH_MAX, `Use at most ${MODERATION_SEARCH_MAX} characters`)
  .optional();

/** Hide a listing from buyers: the reason is what its farm reads. */
export const HideListingInputSchema = z.object({ reason: ReasonSchema }).strict();
export type HideListingInput = z.input<typeof HideListingInputSchema>;

/** Stop a person selling: the reason is what they read. */
export const SuspendSellingInputSchema = z.object({ reason: ReasonSchema }).strict();
export type SuspendSellingInput = z.input<typeof SuspendSellingInputSchema>;

/** A listing hidden by Gona, as its farm reads it. */
export const ListingHiddenSchema = z.object({ at: z.string(), reason: z.string() });
export type ListingHidden = z.infer<typeof ListingHiddenSchema>;

/** ?q= a title or farm name (any part of it, any case); ?hidden=true|false. Newest first. */
export const AdminListingQuerySchema = PageQuerySchema.extend({
  q: SearchSchema,
  hidden: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type AdminListingQuery = z.infer<typeof AdminListingQuerySchema>;

/** One listing in the back office. */
export const AdminListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  farm: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(LISTING_STATUSES),
  price_kobo: z.number().int(),
  quantity_available: quantityTextSchema,
  unit: z.enum(SALE_UNITS),
  published_at: z.string().nullable(),
  created_at: z.string(),
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  /** The farm's owner is stopped from selling: buyers do not see the listing either. */
  owner_suspended: z.boolean(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;
export const AdminListingPageSchema = pageSchema(AdminListingSchema);
export type AdminListingPage = z.infer<typeof AdminListingPageSchema>;

/** ?q= an email (whole or its start), a phone number (whole) or a name (any part). Newest first. */
export const AdminUserQuerySchema = PageQuerySchema.extend({ q: SearchSchema });
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

/** One person in the back office, with the farms they own. */
export const AdminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  farms: z.array(z.object({ id: z.uuid(), name: z.string() })),
  selling_suspended_at: z.string().nullable(),
  selling_suspended_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = pageSchema(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;
