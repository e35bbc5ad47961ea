import { z } from 'zod';
import { clientIdSchema, textSchema, VersionSchema } from '../fields/index';
import { pageSchema, PageQuerySchema } from '../pagination/index';
import { FREE_WORKER_LIMIT, PLAN_IDS } from '../plans/index';

/**
 * Gona Pro billing (issue 32, docs/decisions/063): a farm's subscription, bought by its owner
 * through Paystack, read by its owner and managers, and kept by Gona's back office. Money is kobo;
 * times are ISO strings in UTC (screens show them in the farm's zone, dd/mm/yyyy).
 */

/**
 * Where a farm's subscription stands.
 * - free: no Pro (never bought, or it ended).
 * - active: Pro until `period_end`; `renews` says whether Paystack charges the card then.
 * - non_renewing: a renewing subscription the owner cancelled: Pro until `period_end`, then Free.
 * - past_due: a renewal failed: Pro until `grace_ends_at` (7 days after it failed), then Free,
 *   unless the owner pays another way before.
 */
export const SUBSCRIPTION_STATES = ['free', 'active', 'non_renewing', 'past_due'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * How the current paid time was got: a card subscription Paystack renews each year, one year paid
 * by card, bank transfer or USSD that does not renew, or Pro granted by Gona's support.
 */
export const SUBSCRIPTION_METHODS = ['card_subscription', 'one_year', 'granted'] as const;
export type SubscriptionMethod = (typeof SUBSCRIPTION_METHODS)[number];

/** What the owner chooses at checkout: a card subscription renewed yearly, or one year that does not renew. */
export const CHECKOUT_KINDS = ['renewing', 'one_year'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** Days of Pro left after a renewal fails, for the owner to pay another way. */
export const GRACE_DAYS = 7;

/** Nigerian VAT, in basis points: 7.5 %. The price shown and charged includes it. */
export const VAT_RATE_BPS = 750;

/**
 * The VAT inside a price that includes it (whole kobo, half up): the one number shown, charged,
 * on the receipt and in the ledger is `price_kobo`; `vat_kobo` is the part of it that is VAT.
 * ₦60,000 (6,000,000 kobo) holds ₦4,186.05 of VAT.
 */
export function vatIncludedKobo(priceKobo: number): number {
  return Math.round((priceKobo * VAT_RATE_BPS) / (10_000 + VAT_RATE_BPS));
}

/** A receipt's number as printed: GP-000042 (numbers run without gaps across Gona). */
export function receiptNumberText(n: number): string {
  return `GP-${String(n).padStart(6, '0')}`;
}

/** Where a payment came from: Paystack's channel (card, bank_transfer, ussd, bank, …). */
export const PaymentChannelSchema = z.string();

export const SubscriptionPaymentSchema = z.object({
  id: z.uuid(),
  /** GP-000042: one per payment, without gaps. */
  receipt_number: z.string(),
  paid_at: z.string(),
  /** What was charged, VAT included. */
  amount_kobo: z.number().int(),
  /** The VAT inside `amount_kobo`. */
  vat_kobo: z.number().int(),
  currency: z.literal('NGN'),
  channel: PaymentChannelSchema,
  /** first: the checkout's payment; renewal: Paystack renewed the card subscription. */
  kind: z.enum(['checkout', 'renewal']),
  /** The year this payment bought. */
  period_start: z.string(),
  period_end: z.string(),
});
export type SubscriptionPayment = z.infer<typeof SubscriptionPaymentSchema>;

export const LimitUsageSchema = z.object({
  used: z.number().int(),
  /** null: no limit on this plan. */
  limit: z.number().int().nullable(),
});

export const SubscriptionUsageSchema = z.object({
  /** Active staff against the plan's worker limit (10 on Free). */
  workers: LimitUsageSchema,
  /** Questions asked this month (Lagos time, `month` yyyy-mm) against the Free quota. */
  assistant_questions: LimitUsageSchema.extend({ month: z.string() }),
  /** Whether the plan sends SMS alerts (Pro). */
  sms_alerts: z.boolean(),
  /** Whether the plan makes PDF reports (Pro); reports made before stay downloadable. */
  pdf_reports: z.boolean(),
  /** The marketplace commission on the farm's next order, basis points of the subtotal. */
  commission_bps: z.number().int(),
});

/**
 * A checkout opened and not yet paid: where to send the owner (Paystack's checkout page, which
 * comes back to /dashboard/subscription?reference=…). POST …/subscription/checkout answers it, and
 * the subscription carries it while it is open (one per farm at a time).
 */
export const CheckoutSchema = z.object({
  reference: z.string(),
  authorization_url: z.string(),
  kind: z.enum(CHECKOUT_KINDS),
  amount_kobo: z.number().int(),
  created_at: z.string(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** GET /farms/{farmId}/subscription: the owner's and managers' view of the farm's plan. */
export const SubscriptionSchema = z.object({
  farm_id: z.uuid(),
  /** What every limit follows now. */
  plan: z.enum(PLAN_IDS),
  state: z.enum(SUBSCRIPTION_STATES),
  /** Paystack charges the card at `period_end` (an active card subscription). */
  renews: z.boolean(),
  method: z.enum(SUBSCRIPTION_METHODS).nullable(),
  period_start: z.string().nullable(),
  /** The end of the paid (or granted) time; the renewal date when `renews`. */
  period_end: z.string().nullable(),
  /** past_due only: when the farm returns to Free unless paid. */
  grace_ends_at: z.string().nullable(),
  /** When the owner cancelled renewal (non_renewing). */
  cancelled_at: z.string().nullable(),
  /** One year of Pro, VAT included: PLAN_PRO_PRICE_NAIRA × 100. */
  price_kobo: z.number().int(),
  /** The VAT inside `price_kobo` (7.5 %). */
  vat_kobo: z.number().int(),
  vat_rate_bps: z.literal(VAT_RATE_BPS),
  usage: SubscriptionUsageSchema,
  /** Staff kept but inactive since the farm returned to Free with more than 10 workers. */
  inactive_workers: z.number().int(),
  /** Newest first. */
  payments: z.array(SubscriptionPaymentSchema),
  /** The checkout opened and not yet paid (one per farm at a time), to go back to. */
  pending_checkout: CheckoutSchema.nullable(),
  /** False when Gona cannot take payments now (no gateway configured). */
  payments_available: z.boolean(),
  /** The owner may buy, cancel and choose active workers; managers only read. */
  can_manage: z.boolean(),
  /** The farm's IANA time zone (Africa/Lagos unless the farm says otherwise): dates are shown in it. */
  timezone: z.string(),
  version: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST /farms/{farmId}/subscription/checkout. */
export const StartCheckoutSchema = z.object({
  kind: z.enum(CHECKOUT_KINDS, { error: 'Choose a renewing subscription or one year' }),
  /** Made once per tap on Pay (UUID v7): a repeat answers the same checkout. */
  client_id: clientIdSchema('Open the checkout from the app'),
});
export type StartCheckout = z.infer<typeof StartCheckoutSchema>;

/** POST /farms/{farmId}/subscription/verify, after the checkout's callback. */
export const VerifyCheckoutSchema = z.object({
  reference: z
    .string({ error: 'The payment reference is missing' })
    .trim()
    .regex(/^[A-Za-z0-9.=-]{1,100}$/, 'This is not a payment reference'),
});
export type VerifyCheckout = z.infer<typeof VerifyCheckoutSchema>;

/** POST /farms/{farmId}/subscription/cancel: renewal stops; Pro stays until period_end; no refund. */
export const CancelSubscriptionSchema = z.object({ version: VersionSchema });
export type CancelSubscription = z.infer<typeof CancelSubscriptionSchema>;

/**
 * POST /farms/{farmId}/subscription/active-workers: on Free with more than 10 workers, the owner
 * chooses who stays active (at most 10); every other active or inactive worker becomes inactive.
 * Workers who left are not touched.
 */
export const ChooseActiveWorkersSchema = z.object({
  staff_ids: z
    .array(z.uuid({ error: 'Choose workers from the list' }), { error: 'Choose workers from the list' })
    .max(FREE_WORKER_LIMIT, `Choose at most ${FREE_WORKER_LIMIT} workers to keep active`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each worker once'),
});
export type ChooseActiveWorkers = z.infer<typeof ChooseActiveWorkersSchema>;

// ---- Back office (platform admins) ----

export const AdminSubscriptionsQuerySchema = PageQuerySchema.extend({
  /** Part of the farm's name or the owner's email. */
  q: z.string().trim().max(100, 'Search with at most 100 characters').default(''),
  state: z.enum(SUBSCRIPTION_STATES, { error: 'Choose a state' }).optional(),
});
export type AdminSubscriptionsQuery = z.input<typeof AdminSubscriptionsQuerySchema>;

export const AdminSubscriptionSummarySchema = z.object({
  farm_id: z.uuid(),
  farm_name: z.string(),
  owner_email: z.string().nullable(),
  state: z.enum(SUBSCRIPTION_STATES),
  method: z.enum(SUBSCRIPTION_METHODS).nullable(),
  period_end: z.string().nullable(),
  grace_ends_at: z.string().nullable(),
  last_paid_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminSubscriptionSummary = z.infer<typeof AdminSubscriptionSummarySchema>;
export const AdminSubscriptionPageSchema = pageSchema(AdminSubscriptionSummarySchema);
export type AdminSubscriptionPage = z.infer<typeof AdminSubscriptionPageSchema>;

export const AdminGrantSchema = z.object({
  id: z.uuid(),
  until: z.string(),
  reason: z.string(),
  granted_by_email: z.string().nullable(),
  created_at: z.string(),
});

export const AdminSubscriptionSchema = AdminSubscriptionSummarySchema.extend({
  period_start: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  renews: z.boolean(),
  /** Paystack's codes, for looking the subscription up in its dashboard. */
  paystack_subscription_code: z.string().nullable(),
  paystack_customer_code: z.string().nullable(),
  payments: z.array(SubscriptionPaymentSchema.extend({ reference: z.string() })),
  grants: z.array(AdminGrantSchema),
  pending_checkout: CheckoutSchema.nullable(),
});
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;

/** POST /admin/subscriptions/{farmId}/grant: Pro until the end of `until` (Lagos), with the reason; audited. */
export const GrantProSchema = z.object({
  until: z.iso.date({ error: 'Choose the last day of Pro' }),
  reason: textSchema(500).refine((reason) => reason.length >= 3, 'Say why Pro is granted'),
});
export type GrantPro = z.infer<typeof GrantProSchema>;
