import { and, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billing_events,
  farm_subscriptions,
  farms,
  subscription_checkouts,
  subscription_payments,
} from '../../db/schema/index';
import {
  customerCodeOf,
  PaymentGatewayError,
  planCodeOf,
  type GatewaySubscription,
  type VerifiedPayment,
} from '../../integrations/payments';
import type { Deps } from '../../lib/ctx';
import { dateIn, farmTimeZone } from '../../lib/farm-time';
import { applyCharge } from '../marketplace/order-payments.service';
import {
  applyPaymentIn,
  CHECKOUT_REFERENCE_PREFIX,
  DAY_MS,
  farmOfSubscription,
  GRACE_MS,
  METADATA_TAG,
  planAmount,
  priceKobo,
  stopReplaced,
  subscriptionRowIn,
} from './billing.rows';
import { notifyOwners } from './billing.notify';

export type BillingDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>;

/** What applying a billing event did, kept on the stored event. */
export type BillingOutcome =
  | 'applied'
  | 'already_applied'
  | 'not_charged'
  | 'not_payment'
  | 'unknown_subscription'
  | 'waiting'
  | 'ignored';

const MINUTE_MS = 60_000;

/**
 * Whether a Paystack event is Gona Pro's: subscription and invoice events, and charges on a
 * reference a Pro checkout issued, naming Pro in their metadata, or charging a plan (a renewal).
 */
export function isBillingEvent(event: string, data: Record<string, unknown>): boolean {
  if (event.startsWith('subscription.') || event.startsWith('invoice.')) return true;
  if (event !== 'charge.success') return false;
  if (typeof data.reference === 'string' && data.reference.startsWith(CHECKOUT_REFERENCE_PREFIX)) return true;
  const metadata = data.metadata;
  if (metadata && typeof metadata === 'object' && (metadata as Record<string, unknown>).gona === METADATA_TAG)
    return true;
  return planCodeOf(data.plan) !== null;
}

/** Whether a charge the gateway lists is Gona Pro's (the reconciliation's question). */
export function isBillingCharge(charge: VerifiedPayment): boolean {
  return (
    charge.reference.startsWith(CHECKOUT_REFERENCE_PREFIX) ||
    charge.metadata?.gona === METADATA_TAG ||
    charge.planCode !== null
  );
}

/**
 * Applies one verified Paystack event about Gona Pro (payment-events.service kept it once by its
 * key). Every change is conditional on the state read under the farm's lock, so a repeat, or an
 * event older than what is recorded, changes nothing. An integration's entry point: `(deps, input)`.
 */
export async function receiveBillingEvent(
  deps: BillingDeps,
  input: { event: string; data: Record<string, unknown> },
): Promise<BillingOutcome> {
  const { event, data } = input;
  switch (event) {
    case 'charge.success': {
      const reference = typeof data.reference === 'string' ? data.reference : null;
      return reference ? applyBillingCharge(deps, reference) : 'ignored';
    }
    case 'subscription.create':
      return linkSubscription(deps, data);
    case 'subscription.disable':
    case 'subscription.not_renew':
      return subscriptionStopped(deps, data);
    case 'invoice.update': {
      const transaction = objectOf(data.transaction);
      const reference = typeof transaction?.reference === 'string' ? transaction.reference : null;
      const paid = data.paid === true || data.status === 'success';
      if (!paid || !reference) return 'ignored';
      return applyBillingCharge(deps, reference, { subscriptionCode: subscriptionCodeOf(data) });
    }
    case 'invoice.payment_failed':
      return renewalFailed(deps, data);
    default:
      // invoice.create (a renewal is coming), subscription.expiring_cards, …: nothing to record.
      return 'ignored';
  }
}

/**
 * A charge on a Pro reference, checked with Paystack (verify): nothing charged, nothing done;
 * charged the checkout's price (or a renewal the plan's) in NGN: a year of Pro, once. Any other
 * amount or currency is not payment: it goes to suspense for Gona's staff to refund (decision 054),
 * and the owner's plan does not change.
 */
export async function applyBillingCharge(
  deps: BillingDeps,
  reference: string,
  hint: { subscriptionCode?: string | null } = {},
): Promise<BillingOutcome> {
  const gateway = deps.payments;
  if (!gateway) throw new Error('billing: a payment event arrived without a payment gateway');
  // Recorded already (its charge.success and invoice.update both name it): nothing to ask.
  const [recorded] = await deps.db
    .select({ id: subscription_payments.id })
    .from(subscription_payments)
    .where(eq(subscription_payments.reference, reference));
  if (recorded) return 'already_applied';
  const verified = await gateway.verify(reference);
  if (verified.status !== 'success') return 'not_charged';
  const [checkout] = await deps.db
    .select()
    .from(subscription_checkouts)
    .where(eq(subscription_checkouts.reference, reference));

  let farmId = checkout?.farm_id ?? null;
  let expected = checkout?.amount_kobo ?? null;
  const subscriptionCode = hint.subscriptionCode ?? null;
  if (!checkout) {
    // A renewal Paystack charged on a reference of its own: the farm by the subscription (the
    // invoice names it), or by the customer and plan when only one farm of theirs renews it.
    farmId = subscriptionCode ? await farmOfSubscription(deps.db, subscriptionCode) : null;
    if (!farmId && verified.customerCode && verified.planCode)
      farmId = await farmOfCustomerPlan(deps.db, verified.customerCode, verified.planCode);
    if (!farmId) {
      deps.logger.info('billing: a renewal charge waits for its invoice', { reference });
      return 'waiting';
    }
    expected = verified.planCode ? await planAmount(deps.db, verified.planCode) : null;
    expected ??= priceKobo(deps.config);
  }
  if (verified.currency !== 'NGN' || verified.amountKobo !== expected) {
    deps.logger.warn('billing: a charge that is not the price of Pro goes to suspense', {
      reference,
      amountKobo: verified.amountKobo,
      currency: verified.currency,
      expected,
    });
    if (checkout)
      await deps.db
        .update(subscription_checkouts)
        .set({ status: 'closed', updated_at: new Date(deps.now()) })
        .where(and(eq(subscription_checkouts.id, checkout.id), eq(subscription_checkouts.status, 'open')));
    const outcome = await applyCharge(deps, reference, null);
    return outcome === 'already_applied' ? 'already_applied' : 'not_payment';
  }

  const now = new Date(deps.now());
  const renewing = checkout ? checkout.kind === 'renewing' : true;
  const applied = await deps.db.transaction((tx) =>
    applyPaymentIn(
      tx,
      {
        farmId: farmId!,
        reference,
        kind: checkout ? 'checkout' : 'renewal',
        method: renewing ? 'card_subscription' : 'one_year',
        amountKobo: verified.amountKobo,
        channel: verified.channel ?? 'card',
        paidAt: verified.paidAt ? new Date(verified.paidAt) : now,
        customerCode: verified.customerCode,
        subscriptionCode: checkout ? null : subscriptionCode,
        planCode: verified.planCode ?? checkout?.plan_code ?? null,
      },
      now,
    ),
  );
  if (applied.outcome === 'already_applied') return 'already_applied';
  await stopReplaced(deps, applied.replaced);
  // A subscription.create that came before this first charge names the farm now.
  if (renewing && verified.customerCode) await applyWaitingEvents(deps, verified.customerCode);
  return 'applied';
}

/** The one farm of a customer whose card subscription renews this plan; null when none or several. */
async function farmOfCustomerPlan(db: Db, customerCode: string, planCode: string): Promise<string | null> {
  const rows = await db
    .select({ farm_id: farm_subscriptions.farm_id })
    .from(farm_subscriptions)
    .where(
      and(
        eq(farm_subscriptions.customer_code, customerCode),
        eq(farm_subscriptions.plan_code, planCode),
        eq(farm_subscriptions.method, 'card_subscription'),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.farm_id : null;
}

/**
 * subscription.create: Paystack subscribed the card after a renewing checkout's first charge. The
 * farm is the one of this customer whose card subscription on this plan has no code yet (the
 * latest paid); before that charge is applied there is none, and the event waits in
 * billing_events until it is.
 */
async function linkSubscription(deps: BillingDeps, data: Record<string, unknown>): Promise<BillingOutcome> {
  const code = typeof data.subscription_code === 'string' ? data.subscription_code : null;
  if (!code) return 'ignored';
  if (await farmOfSubscription(deps.db, code)) return 'already_applied';
  const customerCode = customerCodeOf(data.customer);
  const linked = await linkToFarm(deps, {
    subscriptionCode: code,
    emailToken: typeof data.email_token === 'string' ? data.email_token : null,
    customerCode,
    planCode: planCodeOf(data.plan),
  });
  if (linked) return 'applied';
  await deps.db.insert(billing_events).values({
    event: 'subscription.create',
    customer_code: customerCode,
    subscription_code: code,
    payload: data,
  });
  return 'waiting';
}

async function linkToFarm(
  deps: BillingDeps,
  sub: {
    subscriptionCode: string;
    emailToken: string | null;
    customerCode: string | null;
    planCode: string | null;
  },
): Promise<boolean> {
  if (!sub.customerCode) return false;
  const [farm] = await deps.db
    .select({ farm_id: farm_subscriptions.farm_id })
    .from(farm_subscriptions)
    .where(
      and(
        eq(farm_subscriptions.customer_code, sub.customerCode),
        eq(farm_subscriptions.method, 'card_subscription'),
        isNull(farm_subscriptions.subscription_code),
        sub.planCode ? eq(farm_subscriptions.plan_code, sub.planCode) : undefined,
      ),
    )
    .orderBy(desc(farm_subscriptions.updated_at))
    .limit(1);
  if (!farm) return false;
  const now = new Date(deps.now());
  const [done] = await deps.db
    .update(farm_subscriptions)
    .set({
      subscription_code: sub.subscriptionCode,
      email_token: sub.emailToken,
      check_at: null,
      updated_at: now,
      version: sql`${farm_subscriptions.version} + 1`,
    })
    .where(and(eq(farm_subscriptions.farm_id, farm.farm_id), isNull(farm_subscriptions.subscription_code)))
    .returning({ farm_id: farm_subscriptions.farm_id });
  return Boolean(done);
}

/** subscription.create events that waited for their first charge, applied now that the customer is known. */
async function applyWaitingEvents(deps: BillingDeps, customerCode: string): Promise<void> {
  const waiting = await deps.db
    .select()
    .from(billing_events)
    .where(and(eq(billing_events.customer_code, customerCode), isNull(billing_events.applied_at)));
  for (const event of waiting) {
    const linked = await linkToFarm(deps, {
      subscriptionCode: event.subscription_code!,
      emailToken: typeof event.payload.email_token === 'string' ? event.payload.email_token : null,
      customerCode,
      planCode: planCodeOf(event.payload.plan),
    });
    if (linked)
      await deps.db
        .update(billing_events)
        .set({ applied_at: new Date(deps.now()) })
        .where(eq(billing_events.id, event.id));
  }
}

/** subscription.disable / not_renew: renewal stopped (by the owner here, or at Paystack): Pro runs to the period's end. */
async function subscriptionStopped(
  deps: BillingDeps,
  data: Record<string, unknown>,
): Promise<BillingOutcome> {
  const code = typeof data.subscription_code === 'string' ? data.subscription_code : null;
  const farmId = code ? await farmOfSubscription(deps.db, code) : null;
  if (!farmId) return 'unknown_subscription';
  const now = new Date(deps.now());
  const [changed] = await deps.db
    .update(farm_subscriptions)
    .set({
      state: 'non_renewing',
      cancelled_at: now,
      updated_at: now,
      version: sql`${farm_subscriptions.version} + 1`,
    })
    .where(
      and(
        eq(farm_subscriptions.farm_id, farmId),
        eq(farm_subscriptions.subscription_code, code!),
        eq(farm_subscriptions.state, 'active'),
        eq(farm_subscriptions.method, 'card_subscription'),
      ),
    )
    .returning({ period_end: farm_subscriptions.period_end });
  return changed ? 'applied' : 'already_applied';
}

/**
 * invoice.payment_failed: the card renewal failed. A farm whose paid year is ending (or ended) goes
 * past_due: Pro for GRACE_DAYS more, and the owner is told (in app, mail, push; SMS when set up). A
 * failure older than a payment already recorded for the next year changes nothing.
 */
async function renewalFailed(deps: BillingDeps, data: Record<string, unknown>): Promise<BillingOutcome> {
  const code = subscriptionCodeOf(data);
  const farmId = code ? await farmOfSubscription(deps.db, code) : null;
  if (!farmId) return 'unknown_subscription';
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const current = await subscriptionRowIn(tx, farmId);
    const ending = current.period_end !== null && current.period_end.getTime() <= now.getTime() + 3 * DAY_MS;
    if (current.state === 'past_due' || current.state === 'free' || !ending) return 'already_applied';
    if (current.method !== 'card_subscription') return 'ignored';
    const graceEnds = new Date(Math.max(now.getTime(), current.period_end!.getTime()) + GRACE_MS);
    await tx
      .update(farm_subscriptions)
      .set({
        state: 'past_due',
        grace_ends_at: graceEnds,
        updated_at: now,
        version: sql`${farm_subscriptions.version} + 1`,
      })
      .where(eq(farm_subscriptions.farm_id, farmId));
    const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
    const amount = typeof data.amount === 'number' ? data.amount : priceKobo(deps.config);
    await notifyOwners(tx, farmId, `subscription_failed:${farmId}:${current.period_end!.toISOString()}`, {
      status: 'renewal_failed',
      farm_name: farm?.name ?? '',
      amount_kobo: amount,
      grace_until: dateIn(await farmTimeZone(tx, farmId), new Date(graceEnds.getTime() - 1)),
    });
    return 'applied' as const;
  });
}

function objectOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function subscriptionCodeOf(data: Record<string, unknown>): string | null {
  const sub = objectOf(data.subscription);
  return typeof sub?.subscription_code === 'string' ? sub.subscription_code : null;
}

/**
 * The reconcile job's part for Gona Pro: checkouts left open are asked about (a payment whose
 * event was lost is applied; a failed one is closed), and subscriptions we are unsure of
 * (`check_at` passed: a card subscription whose code never came, a renewal not heard of) are read
 * from Paystack. Answers how many were changed.
 */
export async function reconcileSubscriptions(deps: BillingDeps, now: Date): Promise<number> {
  const gateway = deps.payments;
  if (!gateway) return 0;
  let changed = 0;
  const open = await deps.db
    .select()
    .from(subscription_checkouts)
    .where(
      and(
        eq(subscription_checkouts.status, 'open'),
        isNotNull(subscription_checkouts.authorization_url),
        lte(subscription_checkouts.created_at, new Date(now.getTime() - 15 * MINUTE_MS)),
        gte(subscription_checkouts.created_at, new Date(now.getTime() - 30 * DAY_MS)),
      ),
    );
  for (const checkout of open) {
    let verified: VerifiedPayment | null = null;
    try {
      verified = await gateway.verify(checkout.reference);
    } catch (err) {
      if (!(err instanceof PaymentGatewayError)) throw err;
    }
    if (verified?.status === 'success') {
      if ((await applyBillingCharge(deps, checkout.reference)) === 'applied') changed++;
    } else if (
      !verified ||
      ['failed', 'reversed'].includes(verified.status) ||
      checkout.created_at.getTime() < now.getTime() - DAY_MS
    ) {
      await deps.db
        .update(subscription_checkouts)
        .set({ status: 'closed', updated_at: now })
        .where(and(eq(subscription_checkouts.id, checkout.id), eq(subscription_checkouts.status, 'open')));
    }
  }

  const unsure = await deps.db
    .select()
    .from(farm_subscriptions)
    .where(and(isNotNull(farm_subscriptions.check_at), lte(farm_subscriptions.check_at, now)));
  for (const row of unsure) {
    if (!row.customer_code) continue;
    let subscriptions: GatewaySubscription[];
    try {
      subscriptions = await gateway.customerSubscriptions(row.customer_code);
    } catch (err) {
      deps.logger.warn('billing: a subscription could not be checked', {
        farmId: row.farm_id,
        err: String(err),
      });
      continue;
    }
    const found = row.subscription_code
      ? subscriptions.find((s) => s.subscriptionCode === row.subscription_code)
      : subscriptions.find((s) => s.planCode === row.plan_code && s.status === 'active');
    if (found && !row.subscription_code) {
      if (
        await linkToFarm(deps, {
          subscriptionCode: found.subscriptionCode,
          emailToken: found.emailToken,
          customerCode: row.customer_code,
          planCode: found.planCode,
        })
      )
        changed++;
    } else if (found && found.status === 'attention' && row.state === 'active') {
      if (
        (await renewalFailed(deps, { subscription: { subscription_code: found.subscriptionCode } })) ===
        'applied'
      )
        changed++;
    } else if (found && ['non-renewing', 'cancelled', 'complete', 'completed'].includes(found.status)) {
      if ((await subscriptionStopped(deps, { subscription_code: found.subscriptionCode })) === 'applied')
        changed++;
    }
    await deps.db
      .update(farm_subscriptions)
      .set({ check_at: null })
      .where(
        and(eq(farm_subscriptions.farm_id, row.farm_id), eq(farm_subscriptions.check_at, row.check_at!)),
      );
  }
  return changed;
}
