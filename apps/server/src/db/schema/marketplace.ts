import { desc, sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SALE_UNITS, type SaleUnit } from '@gona/shared/finance';
import {
  DELIVERY_OPTIONS,
  LEDGER_ACCOUNTS,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  REFUND_STATUSES,
  type DeliveryOption,
  type LedgerAccount,
  type ListingCategory,
  type ListingStatus,
  type OrderStatus,
  type PayoutStatus,
  type RefundStatus,
} from '@gona/shared/marketplace';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';
import { livestock } from './livestock';

const kobo = (name: string) => bigint(name, { mode: 'number' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a farm offers for sale: the product, how much is left to order (`quantity_available`, lowered
 * by each order as it is placed and given back when one expires or is refunded), its unit and kg
 * equivalent, the price per unit, where it is, and how it reaches the buyer. It may draw on the
 * farm's stored harvest of a crop or on a livestock group. `search` is what browsing matches.
 */
export const listings = pgTable(
  'listings',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    status: text('status').$type<ListingStatus>().notNull().default('draft'),
    category: text('category').$type<ListingCategory>().notNull(),
    /** A knowledge-base crop key, a livestock species, or a farm product (FARM_PRODUCTS). */
    product_key: text('product_key').notNull(),
    title: text('title').notNull(),
    variety: text('variety'),
    grade: text('grade'),
    /** Measured quality: moisture %, foreign matter %, aflatoxin ppb, colour, … */
    quality: jsonb('quality').$type<Record<string, string | number>>(),
    quantity_available: numeric('quantity_available', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').$type<SaleUnit>().notNull(),
    /** Kilograms in one unit, so prices compare (a 100 kg bag is 100); null for head, piece, … */
    unit_kg: numeric('unit_kg', { precision: 10, scale: 3 }),
    min_order: numeric('min_order', { precision: 14, scale: 3 }).notNull(),
    price_kobo: kobo('price_kobo').notNull(),
    state: text('state').notNull(),
    lga: text('lga'),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    harvest_date: date('harvest_date', { mode: 'string' }),
    available_from: date('available_from', { mode: 'string' }),
    delivery_pickup: boolean('delivery_pickup').notNull().default(true),
    delivery_seller: boolean('delivery_seller').notNull().default(false),
    delivery_area: text('delivery_area'),
    delivery_fee_kobo: kobo('delivery_fee_kobo'),
    description: text('description'),
    /** Stored harvest of this crop it sells from, or the livestock group it sells. */
    crop_key: text('crop_key'),
    animal_id: uuid('animal_id').references(() => livestock.id, { onDelete: 'set null' }),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple', coalesce(${listings.title}, '') || ' ' || coalesce(${listings.variety}, '') || ' ' || coalesce(${listings.description}, '') || ' ' || coalesce(${listings.state}, '') || ' ' || coalesce(${listings.lga}, ''))`,
      ),
    published_at: timestampMs('published_at'),
    /** Hidden from buyers by Gona's staff (docs/decisions/045), with the reason the farm reads. */
    hidden_at: timestampMs('hidden_at'),
    hidden_reason: text('hidden_reason'),
    hidden_by: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index('listings_farm_id_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    // Browsing (listings on sale or sold out, BROWSED in listings.service.ts): newest first, by
    // category and product, by state; price sorts within them.
    index('listings_browsed_newest_idx')
      .on(desc(t.published_at), desc(t.id))
      .where(sql`${t.status} IN ('active', 'sold_out')`),
    index('listings_browsed_product_idx')
      .on(t.category, t.product_key, t.price_kobo, t.id)
      .where(sql`${t.status} IN ('active', 'sold_out')`),
    index('listings_browsed_state_idx')
      .on(sql`lower(${t.state})`, t.price_kobo, t.id)
      .where(sql`${t.status} IN ('active', 'sold_out')`),
    index('listings_search_idx').using('gin', t.search),
    // The back office's listing search: any part of the title (ILIKE '%…%').
    index('listings_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('listings_status_check', sql`${t.status} IN (${oneOf(LISTING_STATUSES)})`),
    check('listings_category_check', sql`${t.category} IN (${oneOf(LISTING_CATEGORIES)})`),
    check('listings_unit_check', sql`${t.unit} IN (${oneOf(SALE_UNITS)})`),
    check('listings_quantity_check', sql`${t.quantity_available} >= 0`),
    check('listings_min_order_check', sql`${t.min_order} > 0`),
    check('listings_price_check', sql`${t.price_kobo} > 0`),
    check('listings_delivery_check', sql`${t.delivery_pickup} OR ${t.delivery_seller}`),
    check('listings_delivery_fee_check', sql`${t.delivery_fee_kobo} >= 0`),
  ],
);

/**
 * A buyer's order of a listing: the quantity (reserved from the listing when placed), the prices as
 * they were, the delivery chosen, and where it stands. `reference` is the payment's reference at
 * the provider. Phones are shown to the other side only once it is paid.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    // An order is money's history and outlives what it names: a listing, farm or buyer removed later
    // leaves it with the title and names it was placed with. Removing a farm or account with orders
    // still open is refused by the services before it gets here.
    listing_id: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /** The selling farm (the listing's, kept so a farm's orders are one index away). */
    farm_id: uuid('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    buyer_id: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was bought and from whom, as they read when it was ordered. */
    title: text('title').notNull(),
    seller_name: text('seller_name').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('placed'),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unit: text('unit').$type<SaleUnit>().notNull(),
    unit_price_kobo: kobo('unit_price_kobo').notNull(),
    subtotal_kobo: kobo('subtotal_kobo').notNull(),
    delivery: text('delivery').$type<DeliveryOption>().notNull(),
    delivery_fee_kobo: kobo('delivery_fee_kobo').notNull().default(0),
    total_kobo: kobo('total_kobo').notNull(),
    /** Gona's share, worked out when the order is placed from the seller's plan's rate. */
    commission_kobo: kobo('commission_kobo').notNull(),
    buyer_phone: text('buyer_phone').notNull(),
    delivery_address: text('delivery_address'),
    note: text('note'),
    reference: text('reference').notNull(),
    /** Unpaid orders expire then; paid ones must be accepted by `accept_by`. */
    expires_at: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    accept_by: timestamp('accept_by', { withTimezone: true, precision: 3 }),
    paid_at: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    decided_at: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    /** Why a payment was not taken as paid (an amount that does not match), for people to look at. */
    flag: text('flag'),
    cancel_reason: text('cancel_reason'),
    /** An accepted order is dispatched by then (ORDER_DISPATCH_DAYS after acceptance). */
    dispatch_by: timestamp('dispatch_by', { withTimezone: true, precision: 3 }),
    /** When the seller was reminded that dispatch_by passed (once). */
    reminded_at: timestamp('reminded_at', { withTimezone: true, precision: 3 }),
    dispatched_at: timestamp('dispatched_at', { withTimezone: true, precision: 3 }),
    /** The day it is ready for pickup, or should arrive. */
    expected_on: date('expected_on', { mode: 'string' }),
    driver_name: text('driver_name'),
    driver_phone: text('driver_phone'),
    vehicle: text('vehicle'),
    /** What the buyer gives the driver on delivery (DELIVERY_CODE_LENGTH digits, shown to them only). */
    delivery_code: text('delivery_code'),
    /** Wrong delivery codes entered since the last lock; 5 lock the code out until code_locked_until. */
    code_tries: integer('code_tries').notNull().default(0),
    code_locked_until: timestamp('code_locked_until', { withTimezone: true, precision: 3 }),
    delivered_quantity: numeric('delivered_quantity', { precision: 14, scale: 3 }),
    delivered_at: timestamp('delivered_at', { withTimezone: true, precision: 3 }),
    /** A delivered order completes by itself then, unless the buyer raised a problem. */
    complete_by: timestamp('complete_by', { withTimezone: true, precision: 3 }),
    completed_at: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    /** What the farm is owed for a completed order: delivered value and delivery fee less commission. */
    seller_amount_kobo: kobo('seller_amount_kobo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('orders_reference_idx').on(t.reference),
    index('orders_farm_id_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    index('orders_buyer_id_idx').on(t.buyer_id, desc(t.created_at), desc(t.id)),
    index('orders_listing_id_idx').on(t.listing_id),
    // The back office's order search: a reference's start, any part of the seller or title (ILIKE).
    index('orders_reference_trgm_idx').using('gin', t.reference.op('gin_trgm_ops')),
    index('orders_seller_name_trgm_idx').using('gin', t.seller_name.op('gin_trgm_ops')),
    index('orders_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The expiry and acceptance sweeps.
    index('orders_placed_expires_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'placed'`),
    index('orders_paid_accept_by_idx')
      .on(t.accept_by)
      .where(sql`${t.status} = 'paid'`),
    index('orders_accepted_dispatch_by_idx')
      .on(t.dispatch_by)
      .where(sql`${t.status} = 'accepted' AND ${t.reminded_at} IS NULL`),
    index('orders_delivered_complete_by_idx')
      .on(t.complete_by)
      .where(sql`${t.status} = 'delivered'`),
    check('orders_status_check', sql`${t.status} IN (${oneOf(ORDER_STATUSES)})`),
    check('orders_unit_check', sql`${t.unit} IN (${oneOf(SALE_UNITS)})`),
    check('orders_delivery_check', sql`${t.delivery} IN (${oneOf(DELIVERY_OPTIONS)})`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check(
      'orders_total_check',
      sql`${t.total_kobo} = ${t.subtotal_kobo} + ${t.delivery_fee_kobo} AND ${t.commission_kobo} >= 0 AND ${t.commission_kobo} <= ${t.subtotal_kobo}`,
    ),
    check(
      'orders_delivered_quantity_check',
      sql`${t.delivered_quantity} IS NULL OR (${t.delivered_quantity} > 0 AND ${t.delivered_quantity} <= ${t.quantity})`,
    ),
    check('orders_code_tries_check', sql`${t.code_tries} >= 0`),
  ],
);

/**
 * Where a payment attempt stands: `open` is the order's one checkout that may be paid now; `closed`
 * was replaced or the order moved on (a late bank transfer or USSD payment may still complete it);
 * `paid` paid its order; `extra` was charged but paid nothing (a second payment of a paid order, one
 * that did not match it, or a reference Gona never issued): it is in the ledger's suspense account
 * and refunded (docs/decisions/054).
 */
export const PAYMENT_ATTEMPT_STATUSES = ['open', 'closed', 'paid', 'extra'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * Every checkout reference Gona issued for an order (at most one `open` per order), and any
 * successful charge on a reference it did not issue (`order_id` null). A charge on any of them is
 * recorded here once (`charged_at`), so a payment on any reference pays the order once and every
 * further one is refunded. `attention_at` marks money staff must act on (a refund the gateway
 * refused or that failed, a charge of no order) until `resolved_at`.
 */
export const order_payments = pgTable(
  'order_payments',
  {
    id: id(),
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    /** What the checkout asks for (the order's total then). */
    amount_kobo: kobo('amount_kobo').notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('open'),
    /** The gateway's checkout page for this reference, answered again while it stays open. */
    authorization_url: text('authorization_url'),
    /** What the gateway says was charged (its verify), once a charge arrived. */
    charged_kobo: kobo('charged_kobo'),
    currency: text('currency'),
    charged_at: timestampMs('charged_at'),
    gateway_id: text('gateway_id'),
    /** Why a charge paid nothing, in plain words for staff. */
    problem: text('problem'),
    attention_at: timestampMs('attention_at'),
    resolved_at: timestampMs('resolved_at'),
    resolved_by: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_payments_reference_idx').on(t.reference),
    index('order_payments_order_id_idx').on(t.order_id),
    // The back office finds an order by the start of any checkout reference it had (ILIKE 'x%').
    index('order_payments_reference_trgm_idx').using('gin', t.reference.op('gin_trgm_ops')),
    uniqueIndex('order_payments_open_idx')
      .on(t.order_id)
      .where(sql`${t.status} = 'open'`),
    index('order_payments_attention_idx')
      .on(t.attention_at)
      .where(sql`${t.attention_at} IS NOT NULL AND ${t.resolved_at} IS NULL`),
    check('order_payments_status_check', sql`${t.status} IN (${oneOf(PAYMENT_ATTEMPT_STATUSES)})`),
    check('order_payments_amount_check', sql`${t.amount_kobo} >= 0`),
  ],
);

/**
 * Every event the payment provider sent (webhooks), kept once by its key (event and the provider's
 * id or reference): a retry of one already applied changes nothing.
 */
export const payment_events = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull().default('paystack'),
    event: text('event').notNull(),
    key: text('key').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What applying it did: applied, ignored (nothing to do), flagged (did not match), … */
    outcome: text('outcome'),
    received_at: createdAt(),
    processed_at: timestampMs('processed_at'),
  },
  (t) => [
    uniqueIndex('payment_events_provider_key_idx').on(t.provider, t.key),
    index('payment_events_reference_idx').on(t.reference),
  ],
);

/**
 * Why an order is refunded: `full` (declined, cancelled, not accepted or not dispatched in time:
 * what is left of the total) or `short_delivery` (the part weighed short on delivery) or `dispute`
 * (the part Gona's staff decided to refund), one of each per order at most; or `extra_payment`: a
 * charge that paid nothing (order_payments `extra`), one per payment reference, from suspense.
 */
export const REFUND_KINDS = ['full', 'short_delivery', 'dispute', 'extra_payment'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * A refund asked of the provider for an order, and where it stands by the provider's events (found
 * by the provider's refund id).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    /** Null only for an extra payment on a reference no order issued. */
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<RefundKind>().notNull().default('full'),
    /** The payment refunded (its reference at the gateway); null on refunds older than decision 050. */
    reference: text('reference'),
    amount_kobo: kobo('amount_kobo').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    reason: text('reason').notNull(),
    provider_refund_id: text('provider_refund_id'),
    created_at: createdAt(),
    processed_at: timestampMs('processed_at'),
  },
  (t) => [
    uniqueIndex('refunds_order_id_kind_idx')
      .on(t.order_id, t.kind)
      .where(sql`${t.kind} <> 'extra_payment'`),
    uniqueIndex('refunds_extra_payment_idx')
      .on(t.reference)
      .where(sql`${t.kind} = 'extra_payment'`),
    uniqueIndex('refunds_provider_refund_id_idx')
      .on(t.provider_refund_id)
      .where(sql`${t.provider_refund_id} IS NOT NULL`),
    check('refunds_status_check', sql`${t.status} IN (${oneOf(REFUND_STATUSES)})`),
    check('refunds_kind_check', sql`${t.kind} IN (${oneOf(REFUND_KINDS)})`),
    check('refunds_amount_check', sql`${t.amount_kobo} > 0`),
  ],
);

/**
 * The double-entry ledger: each money movement is a transaction (`txn_id`) of lines on accounts whose
 * amounts (signed kobo: debit positive, credit negative) add up to zero. Nothing updates or deletes
 * a line; a correction is a new transaction.
 */
export const ledger_entries = pgTable(
  'ledger_entries',
  {
    id: id(),
    txn_id: uuid('txn_id').notNull(),
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    account: text('account').$type<LedgerAccount>().notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    /** What moved the money: payment, commission, refund, refund_processed, … */
    kind: text('kind').notNull(),
    /** The gateway reference a line of money in or out names (payments, extra payments): reconciliation matches it. */
    reference: text('reference'),
    created_at: createdAt(),
  },
  (t) => [
    index('ledger_entries_txn_id_idx').on(t.txn_id),
    index('ledger_entries_order_id_idx').on(t.order_id),
    index('ledger_entries_account_idx').on(t.account, t.amount_kobo),
    index('ledger_entries_reference_idx')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    check('ledger_entries_account_check', sql`${t.account} IN (${oneOf(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_amount_check', sql`${t.amount_kobo} <> 0`),
  ],
);

/**
 * Where a farm's marketplace money is sent: a Nigerian bank account resolved to its holder's name,
 * saved by an owner with their password, as a transfer recipient at the provider. Only the last 4
 * digits of the number are kept (the recipient code is what transfers use). After a change payouts
 * wait until `hold_until`.
 */
export const payout_accounts = pgTable('payout_accounts', {
  farm_id: uuid('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  bank_code: text('bank_code').notNull(),
  bank_name: text('bank_name').notNull(),
  account_last4: text('account_last4').notNull(),
  account_name: text('account_name').notNull(),
  recipient_code: text('recipient_code').notNull(),
  hold_until: timestampMs('hold_until'),
  updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * A completed order's payout to its farm (seller_amount_kobo): pending until the farm has an account
 * not on hold, sent (a transfer asked of the provider with `reference`, the try's own), paid
 * (transfer.success), or failed after PAYOUT_MAX_TRIES tries. One per order.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    farm_id: uuid('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    amount_kobo: kobo('amount_kobo').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    /** Transfers asked so far; the reference of try n is `<order reference>-payout-<n>`. */
    tries: integer('tries').notNull().default(0),
    reference: text('reference'),
    transfer_code: text('transfer_code'),
    /** The account it was sent to, as the farm reads it (bank and last 4 digits). */
    bank_name: text('bank_name'),
    account_last4: text('account_last4'),
    failure: text('failure'),
    sent_at: timestampMs('sent_at'),
    paid_at: timestampMs('paid_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_order_id_idx').on(t.order_id),
    uniqueIndex('payouts_reference_idx')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    index('payouts_farm_id_idx').on(t.farm_id, desc(t.created_at), desc(t.id)),
    index('payouts_pending_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'pending'`),
    check('payouts_status_check', sql`${t.status} IN (${oneOf(PAYOUT_STATUSES)})`),
    check('payouts_amount_check', sql`${t.amount_kobo} > 0`),
    check('payouts_tries_check', sql`${t.tries} >= 0`),
  ],
);
