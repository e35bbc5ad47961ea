import { z } from 'zod';
import { pageSchema, PageQuerySchema } from '../pagination/index';
import { DISPUTE_STATUSES } from './disputes';
import { LEDGER_ACCOUNTS, ORDER_STATUSES, REFUND_STATUSES } from './constants';
import { OrderSchema } from './orders';
import { PAYOUT_STATUSES } from './payouts';

/**
 * Gona's back office (platform admins, docs/decisions/046): payouts that need a person (failed
 * ones to send again, held ones to explain) and a search over every order with its money history.
 */

/** failed: tried PAYOUT_MAX_TRIES times and given up; held: pending but unable to go (see HELD_BECAUSE). */
export const ADMIN_PAYOUT_FILTERS = ['failed', 'held'] as const;
export type AdminPayoutFilter = (typeof ADMIN_PAYOUT_FILTERS)[number];

/** Why a pending payout cannot go: the farm has no payout account, or changed it and the hold runs. */
export const PAYOUT_HELD_REASONS = ['no_account', 'account_changed'] as const;
export type PayoutHeldReason = (typeof PAYOUT_HELD_REASONS)[number];

export const AdminPayoutsQuerySchema = PageQuerySchema.extend({
  status: z.enum(ADMIN_PAYOUT_FILTERS, { error: 'Choose failed or held payouts' }).default('failed'),
});
export type AdminPayoutsQuery = z.input<typeof AdminPayoutsQuerySchema>;

/** One payout as Gona's staff see it. */
export const AdminPayoutSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  order_reference: z.string(),
  listing_title: z.string(),
  /** Null once the farm is removed (its payout then has nowhere to go). */
  farm_id: z.uuid().nullable(),
  /** The farm's name now, or as it was on the order once the farm is removed. */
  farm_name: z.string(),
  amount_kobo: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** Transfers asked so far, over every round of tries. */
  tries: z.number().int(),
  /** Why the last try failed, in plain words. */
  failure: z.string().nullable(),
  /** Where it was last sent, or else the farm's account now (null when it has none). */
  bank_name: z.string().nullable(),
  account_last4: z.string().nullable(),
  /** For a held payout: why it waits; null otherwise. */
  held_because: z.enum(PAYOUT_HELD_REASONS).nullable(),
  /** When a changed account's hold ends (held_because account_changed). */
  hold_until: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;
export const AdminPayoutPageSchema = pageSchema(AdminPayoutSchema);
export type AdminPayoutPage = z.infer<typeof AdminPayoutPageSchema>;

export const ADMIN_ORDER_SEARCH_MAX = 200;

/**
 * The orders search: an order reference (whole or its start), a buyer's email or phone (whole), or
 * part of a farm's name or a listing's title. Empty lists every order, newest first.
 */
export const AdminOrdersQuerySchema = PageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(ADMIN_ORDER_SEARCH_MAX, `Search with at most ${ADMIN_ORDER_SEARCH_MAX} characters`)
    .default(''),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>;

/** One line of the search's answer. */
export const AdminOrderSummarySchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  listing_title: z.string(),
  farm_name: z.string(),
  buyer_name: z.string(),
  total_kobo: z.number().int(),
  created_at: z.string(),
  /** Where the order's dispute, latest refund and payout stand; null when it has none. */
  dispute_status: z.enum(DISPUTE_STATUSES).nullable(),
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  payout_status: z.enum(PAYOUT_STATUSES).nullable(),
  /** Why a payment of it needs a look (one that paid nothing, a failed refund); null when none. */
  flag: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;
export const AdminOrderPageSchema = pageSchema(AdminOrderSummarySchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

/** refunds.kind: all that was left (`full`), what was short on delivery, what a dispute decided. */
export const ORDER_REFUND_KINDS = ['full', 'short_delivery', 'dispute', 'extra_payment'] as const;

/** An order_payments status (docs/decisions/054): open, closed, paid, extra (paid nothing). */
export const PAYMENT_ATTEMPT_STATUSES = ['open', 'closed', 'paid', 'extra'] as const;

/** One checkout reference Gona issued (or a charge on one it never issued), as staff see it. */
export const AdminPaymentSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid().nullable(),
  order_reference: z.string().nullable(),
  listing_title: z.string().nullable(),
  reference: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  amount_kobo: z.number().int(),
  charged_kobo: z.number().int().nullable(),
  currency: z.string().nullable(),
  charged_at: z.string().nullable(),
  /** Why it paid nothing. */
  problem: z.string().nullable(),
  /** Where its refund stands (an extra payment), or null. */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  /** Needs staff: its refund failed or was refused, or no order issued it (until resolved). */
  needs_attention: z.boolean(),
  created_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentPageSchema = pageSchema(AdminPaymentSchema);
export type AdminPaymentPage = z.infer<typeof AdminPaymentPageSchema>;

/** The payments list: those needing staff (default), or every payment that paid nothing. */
export const ADMIN_PAYMENT_FILTERS = ['attention', 'extra'] as const;
export const AdminPaymentsQuerySchema = PageQuerySchema.extend({
  status: z.enum(ADMIN_PAYMENT_FILTERS, { error: 'Choose attention or extra payments' }).default('attention'),
});
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuerySchema>;

export const AdminOrderRefundSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORDER_REFUND_KINDS),
  amount_kobo: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});

/** One line of the double-entry ledger: debit positive, credit negative; a movement's lines add up to zero. */
export const AdminLedgerLineSchema = z.object({
  id: z.uuid(),
  /** The movement the line belongs to. */
  txn_id: z.uuid(),
  kind: z.string(),
  account: z.enum(LEDGER_ACCOUNTS),
  amount_kobo: z.number().int(),
  created_at: z.string(),
});

/** One order with everything that happened to its money, read-only. */
export const AdminOrderSchema = z.object({
  /** The order as its seller reads it (with the buyer's phone once paid and the payout; never the delivery code). */
  order: OrderSchema,
  buyer_email: z.string().nullable(),
  /** Why a payment was not taken as paid (it did not match), for people to look at. */
  flag: z.string().nullable(),
  refunds: z.array(AdminOrderRefundSchema),
  /** Every checkout reference of the order and what was charged on it, oldest first. */
  payments: z.array(AdminPaymentSchema),
  payout: AdminPayoutSchema.nullable(),
  dispute_id: z.uuid().nullable(),
  /** Every ledger line of the order, oldest first. */
  ledger: z.array(AdminLedgerLineSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
