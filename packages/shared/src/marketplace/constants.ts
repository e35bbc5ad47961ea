/**
 * The marketplace (issue: marketplace, part 1): listings farms publish, orders buyers place and pay
 * through Gona, and the money Gona holds for them until the sale is settled.
 */

/** What a listing sells: a crop from the knowledge base, live animals, or a farm product. */
export const LISTING_CATEGORIES = ['crop', 'livestock', 'product'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

/** Farm products that are neither a crop nor live animals. */
export const FARM_PRODUCTS = ['eggs', 'milk', 'honey', 'fish', 'meat', 'garri', 'palm_oil', 'other'] as const;
export type FarmProduct = (typeof FARM_PRODUCTS)[number];

/**
 * A draft is the seller's alone; active listings are found and ordered; paused ones are hidden for a
 * while; sold out when nothing is left to order; closed for good.
 */
export const LISTING_STATUSES = ['draft', 'active', 'paused', 'sold_out', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const DELIVERY_OPTIONS = ['pickup', 'seller_delivers'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

/**
 * An order: placed (its quantity reserved, waiting for payment) → paid (Gona holds the money) →
 * accepted by the seller, or declined (refunded), or cancelled by the buyer before acceptance
 * (refunded), or cancelled because the seller did not answer in time (refunded); an unpaid order
 * expires and frees its quantity. An accepted order is dispatched (ready for pickup, or on its way
 * with a driver), then delivered (the buyer confirms, or the seller enters the buyer's delivery code,
 * with the quantity weighed), and completes by itself when the buyer raised nothing in time; a
 * seller who has not dispatched by the agreed day is reminded, and the buyer may then cancel
 * (refunded). Payout, disputes and ratings follow completion. A dispatched or delivered order the
 * buyer reports a problem with is disputed: its money stays held until Gona decides (disputes.ts).
 */
export const ORDER_STATUSES = [
  'placed',
  'paid',
  'accepted',
  'dispatched',
  'delivered',
  'disputed',
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Minutes an unpaid order keeps its quantity. */
export const ORDER_PAYMENT_MINUTES = 30;
/** Hours a seller has to accept a paid order before it is cancelled and refunded. */
export const ORDER_ACCEPT_HOURS = 48;
/**
 * Days after accepting by which the seller dispatches (the agreed time): then they are reminded
 * once, and the buyer may cancel for a full refund.
 */
export const ORDER_DISPATCH_DAYS = 3;
/**
 * Hours after delivery in which the buyer can raise a problem; then the order completes by itself.
 * The default; the server's configuration may change it (MARKET_COMPLETE_HOURS).
 */
export const ORDER_COMPLETE_HOURS = 72;
/** The same window for fresh produce that will not keep (its problems show at once). */
export const ORDER_COMPLETE_HOURS_FRESH = 24;
/** Products whose window is the fresh one: farm products and crops that spoil within days. */
export const FRESH_PRODUCT_KEYS: readonly string[] = [
  'eggs',
  'milk',
  'fish',
  'meat',
  'tomato',
  'pepper',
  'okra',
  'amaranth',
  'cucumber',
  'watermelon',
];
/** Digits of the code the buyer gives the driver on delivery. */
export const DELIVERY_CODE_LENGTH = 6;

/** Refunds follow Paystack's refund events. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * The ledger's accounts (double entry: every transaction's lines add up to zero).
 * - gateway: money at the payment provider on Gona's behalf (an asset);
 * - held: what Gona holds for buyers and sellers of orders not yet settled (a liability);
 * - commission: Gona's earnings on orders (revenue);
 * - refunds_payable: refunds asked of the provider and not yet processed (a liability);
 * - seller_payable: what completed orders owe their farms, until it is paid out (a liability);
 * - suspense: money the gateway took that paid for nothing (a second payment of an order, one that
 *   does not match it, a reference no order issued), until it is refunded (a liability);
 * - subscription_revenue: what farms paid for Gona Pro, less its VAT (revenue, docs/decisions/063);
 * - vat_payable: the VAT inside Gona Pro's price, owed to the tax authority (a liability).
 */
export const LEDGER_ACCOUNTS = [
  'gateway',
  'held',
  'commission',
  'refunds_payable',
  'seller_payable',
  'suspense',
  'subscription_revenue',
  'vat_payable',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LISTING_PHOTOS_MIN = 1;
export const LISTING_PHOTOS_MAX = 6;
export const LISTING_TEXT_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 2000;
