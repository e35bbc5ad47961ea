import {
  AdminSubscriptionSchema,
  AdminSubscriptionSummarySchema,
  SubscriptionPaymentSchema,
  SubscriptionSchema,
  vatIncludedKobo,
  type AdminSubscription,
  type AdminSubscriptionSummary,
  type Subscription,
  type SubscriptionPayment,
} from '@gona/shared/billing';
import { anId, FARM_ID } from '@/test/fixtures';

/** ₦60,000 a year, VAT included. */
export const PRICE_KOBO = 6_000_000;

/** A Free farm with 7 workers and 12 of its 30 assistant questions used this month. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return SubscriptionSchema.parse({
    farm_id: FARM_ID,
    plan: 'free',
    state: 'free',
    renews: false,
    method: null,
    period_start: null,
    period_end: null,
    grace_ends_at: null,
    cancelled_at: null,
    price_kobo: PRICE_KOBO,
    vat_kobo: vatIncludedKobo(PRICE_KOBO),
    vat_rate_bps: 750,
    usage: {
      workers: { used: 7, limit: 10 },
      assistant_questions: { used: 12, limit: 30, month: '2026-11' },
      sms_alerts: false,
      pdf_reports: false,
      commission_bps: 500,
    },
    inactive_workers: 0,
    payments: [],
    pending_checkout: null,
    payments_available: true,
    can_manage: true,
    timezone: 'Africa/Lagos',
    version: 1,
    ...overrides,
  });
}

/** The first year's payment: 28/11/2026 (Lagos) to 28/11/2027, by card. */
export function aPayment(overrides: Partial<SubscriptionPayment> = {}): SubscriptionPayment {
  return SubscriptionPaymentSchema.parse({
    id: anId(0xb1),
    receipt_number: 'GP-000042',
    paid_at: '2026-11-28T09:00:00.000Z',
    amount_kobo: PRICE_KOBO,
    vat_kobo: vatIncludedKobo(PRICE_KOBO),
    currency: 'NGN',
    channel: 'card',
    kind: 'checkout',
    period_start: '2026-11-28T09:00:00.000Z',
    period_end: '2027-11-28T09:00:00.000Z',
    ...overrides,
  });
}

/** Pro by a card Paystack renews on 28/11/2027, with its first payment. */
export function aProSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    plan: 'pro',
    state: 'active',
    renews: true,
    method: 'card_subscription',
    period_start: '2026-11-28T09:00:00.000Z',
    period_end: '2027-11-28T09:00:00.000Z',
    usage: {
      workers: { used: 14, limit: null },
      assistant_questions: { used: 45, limit: null, month: '2026-11' },
      sms_alerts: true,
      pdf_reports: true,
      commission_bps: 300,
    },
    payments: [aPayment()],
    version: 2,
    ...overrides,
  });
}

export function anAdminSummary(overrides: Partial<AdminSubscriptionSummary> = {}): AdminSubscriptionSummary {
  return AdminSubscriptionSummarySchema.parse({
    farm_id: FARM_ID,
    farm_name: 'Green Acres',
    owner_email: 'ada@example.com',
    state: 'active',
    method: 'card_subscription',
    period_end: '2027-11-28T09:00:00.000Z',
    grace_ends_at: null,
    last_paid_at: '2026-11-28T09:00:00.000Z',
    updated_at: '2026-11-28T09:00:00.000Z',
    ...overrides,
  });
}

export function anAdminSubscription(overrides: Partial<AdminSubscription> = {}): AdminSubscription {
  return AdminSubscriptionSchema.parse({
    ...anAdminSummary(),
    period_start: '2026-11-28T09:00:00.000Z',
    cancelled_at: null,
    renews: true,
    paystack_subscription_code: 'SUB_abc123',
    paystack_customer_code: 'CUS_abc123',
    payments: [{ ...aPayment(), reference: 'gona-pro-0190' }],
    grants: [],
    pending_checkout: null,
    ...overrides,
  });
}
