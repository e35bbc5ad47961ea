import { desc, sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CHECKOUT_KINDS,
  SUBSCRIPTION_METHODS,
  SUBSCRIPTION_STATES,
  type CheckoutKind,
  type SubscriptionMethod,
  type SubscriptionState,
} from '@gona/shared/billing';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt, version } from './columns';
import { farms } from './farms';

const kobo = (name: string) => bigint(name, { mode: 'number' });

/**
 * A farm's Gona Pro (docs/decisions/063): where it stands, what paid for it and Paystack's codes.
 * `farmPlan` reads `state` with the farm row; the billing sweep moves it at the period's end.
 */
export const farm_subscriptions = pgTable(
  'farm_subscriptions',
  {
    farm_id: uuid('farm_id')
      .primaryKey()
      .references(() => farms.id, { onDelete: 'cascade' }),
    state: text('state').$type<SubscriptionState>().notNull().default('free'),
    method: text('method').$type<SubscriptionMethod>(),
    period_start: timestampMs('period_start'),
    period_end: timestampMs('period_end'),
    grace_ends_at: timestampMs('grace_ends_at'),
    cancelled_at: timestampMs('cancelled_at'),
    /** Paystack's customer (CUS_…) of the owner who paid, and the card subscription (SUB_…). */
    customer_code: text('customer_code'),
    subscription_code: text('subscription_code'),
    /** Needed with the code to disable the subscription. */
    email_token: text('email_token'),
    plan_code: text('plan_code'),
    /** When the reconcile job should ask Paystack about the subscription (we are unsure of it). */
    check_at: timestampMs('check_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('farm_subscriptions_subscription_code_idx')
      .on(t.subscription_code)
      .where(sql`${t.subscription_code} IS NOT NULL`),
    index('farm_subscriptions_state_idx').on(t.state, t.period_end),
    check('farm_subscriptions_state_check', sql`${t.state} IN (${oneOf(SUBSCRIPTION_STATES)})`),
    check('farm_subscriptions_method_check', sql`${t.method} IN (${oneOf(SUBSCRIPTION_METHODS)})`),
  ],
);

export const CHECKOUT_STATUSES = ['open', 'paid', 'closed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * Every checkout reference issued for Gona Pro. At most one `open` per farm: a second tap, tab or
 * owner gets the same page. Closed references stay: a payment completing late on one is recognised.
 */
export const subscription_checkouts = pgTable(
  'subscription_checkouts',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tap's id: a replay answers this checkout. */
    client_id: uuid('client_id').notNull(),
    kind: text('kind').$type<CheckoutKind>().notNull(),
    reference: text('reference').notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    plan_code: text('plan_code'),
    /** Null while Paystack is being asked (the claim). */
    authorization_url: text('authorization_url'),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_checkouts_reference_idx').on(t.reference),
    uniqueIndex('subscription_checkouts_client_id_idx').on(t.client_id),
    uniqueIndex('subscription_checkouts_open_idx')
      .on(t.farm_id)
      .where(sql`${t.status} = 'open'`),
    check('subscription_checkouts_kind_check', sql`${t.kind} IN (${oneOf(CHECKOUT_KINDS)})`),
    check('subscription_checkouts_status_check', sql`${t.status} IN (${oneOf(CHECKOUT_STATUSES)})`),
  ],
);

/**
 * One per charge that paid for Pro, unique by its Paystack reference, with a receipt number taken
 * from `billing_counters` in the same transaction (no gaps). Money history: it outlives the farm.
 */
export const subscription_payments = pgTable(
  'subscription_payments',
  {
    id: id(),
    farm_id: uuid('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    /** The farm's name when it paid, for the receipt. */
    farm_name: text('farm_name').notNull(),
    receipt_number: bigint('receipt_number', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').$type<'checkout' | 'renewal'>().notNull(),
    amount_kobo: kobo('amount_kobo').notNull(),
    vat_kobo: kobo('vat_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    channel: text('channel').notNull(),
    paid_at: timestampMs('paid_at').notNull(),
    period_start: timestampMs('period_start').notNull(),
    period_end: timestampMs('period_end').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_payments_reference_idx').on(t.reference),
    uniqueIndex('subscription_payments_receipt_number_idx').on(t.receipt_number),
    index('subscription_payments_farm_id_idx').on(t.farm_id, desc(t.paid_at)),
    check('subscription_payments_amount_check', sql`${t.amount_kobo} > 0`),
  ],
);

/** Named counters taken under a row lock (`receipt`: the last receipt number given). */
export const billing_counters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Gona Pro's Paystack plan for each price asked (kobo per year): a price change makes a new plan. */
export const billing_plans = pgTable('billing_plans', {
  amount_kobo: kobo('amount_kobo').primaryKey(),
  plan_code: text('plan_code').notNull(),
  created_at: createdAt(),
});

/**
 * Subscription and invoice events that named no farm we know yet (a subscription.create before its
 * first charge): applied once the customer is known.
 */
export const billing_events = pgTable(
  'billing_events',
  {
    id: id(),
    event: text('event').notNull(),
    customer_code: text('customer_code'),
    subscription_code: text('subscription_code'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    received_at: createdAt(),
    applied_at: timestampMs('applied_at'),
  },
  (t) => [
    index('billing_events_customer_idx')
      .on(t.customer_code)
      .where(sql`${t.applied_at} IS NULL`),
  ],
);

/** Pro granted or extended by Gona's support, with the reason (also in the audit log). */
export const subscription_grants = pgTable(
  'subscription_grants',
  {
    id: id(),
    farm_id: uuid('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    granted_by: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last day of Pro (Lagos). */
    until: date('until').notNull(),
    reason: text('reason').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('subscription_grants_farm_id_idx').on(t.farm_id, desc(t.created_at))],
);
