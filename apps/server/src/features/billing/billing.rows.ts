import { and, eq, sql } from 'drizzle-orm';
import {
  GRACE_DAYS,
  receiptNumberText,
  vatIncludedKobo,
  type SubscriptionMethod,
  type SubscriptionPayment,
} from '@gona/shared/billing';
import type { Db, Tx } from '../../db/client';
import {
  billing_counters,
  billing_plans,
  farm_subscriptions,
  farms,
  staff,
  subscription_checkouts,
  subscription_payments,
} from '../../db/schema/index';
import { PaymentGatewayError, type PaymentGateway } from '../../integrations/payments';
import type { Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn, farmTimeZone } from '../../lib/farm-time';
import { recordLedger } from '../marketplace/ledger.service';
import { notifyOwners } from './billing.notify';

/** How Gona Pro's references start: a charge on one is billing's, not the marketplace's. */
export const CHECKOUT_REFERENCE_PREFIX = 'gona-pro-';
/** `metadata.gona` on every Gona Pro checkout. */
export const METADATA_TAG = 'pro';
export const DAY_MS = 24 * 60 * 60 * 1000;
export const GRACE_MS = GRACE_DAYS * DAY_MS;

export type SubscriptionRow = typeof farm_subscriptions.$inferSelect;
export type PaymentRow = typeof subscription_payments.$inferSelect;

/** One year of Pro in kobo, VAT included (PLAN_PRO_PRICE_NAIRA). */
export function priceKobo(config: Deps['config']): number {
  return config.proPriceNaira * 100;
}

/** A year after `from`, the same day and time (29 February gives 28 February, then 1 March…: as Date does). */
export function yearAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * Gona Pro's Paystack plan at today's price: the one recorded for this amount, else one Paystack
 * already has with this amount and interval, else a new one (POST /plan).
 */
export async function proPlanCode(db: Db, gateway: PaymentGateway, amountKobo: number): Promise<string> {
  const [known] = await db
    .select({ code: billing_plans.plan_code })
    .from(billing_plans)
    .where(eq(billing_plans.amount_kobo, amountKobo));
  if (known) return known.code;
  const existing = (await gateway.listPlans({ amountKobo, interval: 'annually' })).find(
    (p) => p.amountKobo === amountKobo && p.interval === 'annually' && p.name.startsWith('Gona Pro'),
  );
  const plan =
    existing ??
    (await gateway.createPlan({
      name: `Gona Pro (yearly, ₦${amountKobo / 100})`,
      amountKobo,
      interval: 'annually',
    }));
  await db
    .insert(billing_plans)
    .values({ amount_kobo: amountKobo, plan_code: plan.planCode })
    .onConflictDoNothing();
  const [row] = await db
    .select({ code: billing_plans.plan_code })
    .from(billing_plans)
    .where(eq(billing_plans.amount_kobo, amountKobo));
  return row?.code ?? plan.planCode;
}

/** Forgets a plan Paystack refused, so the next checkout finds or makes one it knows. */
export async function forgetPlan(db: Db, planCode: string): Promise<void> {
  await db.delete(billing_plans).where(eq(billing_plans.plan_code, planCode));
}

/** The amount a Gona Pro plan charges, by its code; null for a plan that is not Gona Pro's. */
export async function planAmount(db: Db | Tx, planCode: string): Promise<number | null> {
  const [row] = await db
    .select({ amount: billing_plans.amount_kobo })
    .from(billing_plans)
    .where(eq(billing_plans.plan_code, planCode));
  return row?.amount ?? null;
}

/** The farm's subscription row, made (free) when it has none; with the farm row held when `lock`. */
export async function subscriptionRowIn(tx: Tx, farmId: string): Promise<SubscriptionRow> {
  const [farm] = await tx
    .select({ id: farms.id })
    .from(farms)
    .where(eq(farms.id, farmId))
    .for('no key update');
  if (!farm) throw new AppError('NOT_FOUND');
  await tx.insert(farm_subscriptions).values({ farm_id: farmId }).onConflictDoNothing();
  const [row] = await tx.select().from(farm_subscriptions).where(eq(farm_subscriptions.farm_id, farmId));
  return row!;
}

/** The next receipt number: one counter row, taken in the payment's transaction, so none is skipped. */
async function nextReceiptNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(billing_counters)
    .values({ name: 'receipt', value: 1 })
    .onConflictDoUpdate({ target: billing_counters.name, set: { value: sql`${billing_counters.value} + 1` } })
    .returning({ value: billing_counters.value });
  return row!.value;
}

export type ApplyPaymentInput = {
  farmId: string;
  reference: string;
  kind: 'checkout' | 'renewal';
  /** How the paid time continues: a card subscription, or one year that does not renew. */
  method: Exclude<SubscriptionMethod, 'granted'>;
  amountKobo: number;
  channel: string;
  paidAt: Date;
  customerCode: string | null;
  /** A renewal's or a subscribing checkout's card subscription, when known. */
  subscriptionCode?: string | null;
  emailToken?: string | null;
  planCode?: string | null;
};

export type AppliedPayment = {
  outcome: 'applied' | 'already_applied';
  /** A card subscription this payment replaces (to stop at Paystack after commit). */
  replaced?: { code: string; token: string } | null;
};

/**
 * Records a verified Gona Pro charge once (by its reference), in the caller's transaction, with the
 * farm row held: the receipt number, one year from the end of the paid time (or from now when
 * there is none), the ledger lines (gateway +price / subscription_revenue / vat_payable), the state
 * `active`, inactive staff made active again, the checkout marked paid, and the owner told.
 */
export async function applyPaymentIn(tx: Tx, input: ApplyPaymentInput, now: Date): Promise<AppliedPayment> {
  const current = await subscriptionRowIn(tx, input.farmId);
  const [seen] = await tx
    .select({ id: subscription_payments.id })
    .from(subscription_payments)
    .where(eq(subscription_payments.reference, input.reference));
  if (seen) return { outcome: 'already_applied' };

  // Each payment buys the year after the paid time (a renewal, paying early, paying in grace:
  // the grace days are part of the year paid); on Free it starts now.
  const periodStart = current.state !== 'free' && current.period_end ? current.period_end : now;
  const periodEnd = yearAfter(periodStart);
  const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, input.farmId));
  const vat = vatIncludedKobo(input.amountKobo);
  const receipt = await nextReceiptNumber(tx);
  await tx.insert(subscription_payments).values({
    farm_id: input.farmId,
    farm_name: farm?.name ?? '',
    receipt_number: receipt,
    reference: input.reference,
    kind: input.kind,
    amount_kobo: input.amountKobo,
    vat_kobo: vat,
    currency: 'NGN',
    channel: input.channel,
    paid_at: input.paidAt,
    period_start: periodStart,
    period_end: periodEnd,
  });
  await recordLedger(
    tx,
    null,
    'subscription_payment',
    [
      { account: 'gateway', amountKobo: input.amountKobo },
      { account: 'subscription_revenue', amountKobo: -(input.amountKobo - vat) },
      ...(vat > 0 ? [{ account: 'vat_payable' as const, amountKobo: -vat }] : []),
    ],
    input.reference,
  );

  const renewing = input.method === 'card_subscription';
  const newCode = input.subscriptionCode ?? (renewing ? current.subscription_code : null);
  const replaced =
    current.subscription_code &&
    current.email_token &&
    current.subscription_code !== newCode &&
    (current.method === 'card_subscription' || current.state === 'past_due')
      ? { code: current.subscription_code, token: current.email_token }
      : null;
  await tx
    .update(farm_subscriptions)
    .set({
      state: 'active',
      method: input.method,
      period_start: current.state === 'free' || !current.period_start ? periodStart : current.period_start,
      period_end: periodEnd,
      grace_ends_at: null,
      cancelled_at: null,
      customer_code: input.customerCode ?? current.customer_code,
      subscription_code: renewing ? newCode : null,
      email_token: renewing
        ? (input.emailToken ?? (newCode === current.subscription_code ? current.email_token : null))
        : null,
      plan_code: renewing ? (input.planCode ?? current.plan_code) : null,
      // A new card subscription whose code has not come yet is asked about by the reconcile job.
      check_at: renewing && !newCode ? new Date(now.getTime() + 60 * 60 * 1000) : null,
      updated_at: now,
      version: sql`${farm_subscriptions.version} + 1`,
    })
    .where(eq(farm_subscriptions.farm_id, input.farmId));
  // Workers are kept inactive only while the farm is on Free.
  if (current.state === 'free')
    await tx
      .update(staff)
      .set({ status: 'active', updated_at: now, version: sql`${staff.version} + 1` })
      .where(and(eq(staff.farm_id, input.farmId), eq(staff.status, 'inactive')));
  if (input.kind === 'checkout')
    await tx
      .update(subscription_checkouts)
      .set({ status: 'paid', updated_at: now })
      .where(eq(subscription_checkouts.reference, input.reference));
  const timeZone = await farmTimeZone(tx, input.farmId);
  await notifyOwners(tx, input.farmId, `subscription_paid:${input.reference}`, {
    status: 'paid',
    farm_name: farm?.name ?? '',
    amount_kobo: input.amountKobo,
    receipt_number: receiptNumberText(receipt),
    until: dateIn(timeZone, new Date(periodEnd.getTime() - 1)),
    renews: renewing,
  });
  return { outcome: 'applied', replaced };
}

/** Paystack statuses of a card subscription that will still charge the card. */
const STILL_RENEWS = new Set(['active', 'attention']);

/**
 * Stops a card subscription renewing at Paystack (`POST /subscription/disable`). Paystack answers a
 * subscription that no longer renews (disabled before, completed, cancelled) as it answers an
 * unknown one: 400 "Subscription with code not found or already inactive". So on a refusal the
 * subscription is asked (`GET /subscription/:code`), and one that no longer renews is done; a
 * subscription still renewing, or one Paystack does not know, is the refusal it was.
 */
export async function disableRenewal(
  gateway: PaymentGateway,
  subscription: { code: string; token: string },
): Promise<'disabled' | 'already_stopped'> {
  try {
    await gateway.disableSubscription(subscription);
    return 'disabled';
  } catch (err) {
    if (!(err instanceof PaymentGatewayError) || err.httpStatus >= 500) throw err;
    const known = await gateway.fetchSubscription(subscription.code).catch(() => null);
    if (!known || STILL_RENEWS.has(known.status)) throw err;
    return 'already_stopped';
  }
}

/** Stops a replaced card subscription at Paystack after commit; a failure is logged (it is asked again by reconcile). */
export async function stopReplaced(
  deps: Pick<Deps, 'payments' | 'logger'>,
  replaced: AppliedPayment['replaced'],
): Promise<void> {
  if (!replaced || !deps.payments) return;
  try {
    await disableRenewal(deps.payments, replaced);
  } catch (err) {
    deps.logger.warn('billing: a replaced card subscription could not be stopped', {
      code: replaced.code,
      err: String(err),
    });
  }
}

/** A payment as the subscription screen and receipts show it. */
export function toPayment(row: PaymentRow): SubscriptionPayment {
  return {
    id: row.id,
    receipt_number: receiptNumberText(row.receipt_number),
    paid_at: row.paid_at.toISOString(),
    amount_kobo: row.amount_kobo,
    vat_kobo: row.vat_kobo,
    currency: 'NGN',
    channel: row.channel,
    kind: row.kind,
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
  };
}

/** The farm a Paystack card subscription belongs to, by its code. */
export async function farmOfSubscription(db: Db | Tx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ farm_id: farm_subscriptions.farm_id })
    .from(farm_subscriptions)
    .where(eq(farm_subscriptions.subscription_code, code));
  return row?.farm_id ?? null;
}
