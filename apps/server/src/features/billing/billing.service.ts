import { and, count, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  VAT_RATE_BPS,
  vatIncludedKobo,
  type Checkout,
  type ChooseActiveWorkers,
  type CancelSubscription,
  type StartCheckout,
  type Subscription,
  type VerifyCheckout,
} from '@gona/shared/billing';
import { planAllows, workerLimitOf } from '@gona/shared/plans';
import { formatNaira } from '@gona/shared/money';
import type { Tx } from '../../db/client';
import {
  assistant_questions,
  farm_subscriptions,
  farms,
  staff,
  subscription_checkouts,
  subscription_payments,
  users,
} from '../../db/schema/index';
import { PaymentGatewayError, type PaymentGateway } from '../../integrations/payments';
import { auditUpdate } from '../../lib/audit';
import type { Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { dateIn, farmTimeZone } from '../../lib/farm-time';
import { newId } from '../../lib/ids';
import { planOfState } from '../plans/plans.service';
import { applyBillingCharge } from './billing-events.service';
import { notifyOwners } from './billing.notify';
import { renderReceiptPdf } from './receipt-pdf';
import {
  CHECKOUT_REFERENCE_PREFIX,
  METADATA_TAG,
  disableRenewal,
  forgetPlan,
  priceKobo,
  proPlanCode,
  subscriptionRowIn,
  toPayment,
} from './billing.rows';

type ReadDeps = Pick<Deps, 'config' | 'payments' | 'now'>;
type PayDeps = Pick<Deps, 'config' | 'payments' | 'now' | 'logger' | 'db'>;

/** The Free quota's month is Lagos's, as the assistant counts it. */
const QUOTA_TIME_ZONE = 'Africa/Lagos';
const PAYMENTS_SHOWN = 50;
const UNAVAILABLE = 'Payments are not available at the moment. Try again later.';
const UNREACHABLE = 'The payment service did not answer. Try again in a moment.';

/** The farm's plan, what it uses against each limit, its payments and its open checkout. */
export async function getSubscription(ctx: FarmCtx, deps: ReadDeps): Promise<Subscription> {
  const [row] = await ctx.db
    .select()
    .from(farm_subscriptions)
    .where(eq(farm_subscriptions.farm_id, ctx.farmId));
  const plan = planOfState(row?.state);
  const now = new Date(deps.now());
  const month = dateIn(QUOTA_TIME_ZONE, now).slice(0, 7);
  const [workers] = await ctx.db
    .select({
      active: sql<number>`count(*) FILTER (WHERE ${staff.status} = 'active')::int`,
      inactive: sql<number>`count(*) FILTER (WHERE ${staff.status} = 'inactive')::int`,
    })
    .from(staff)
    .where(eq(staff.farm_id, ctx.farmId));
  const [asked] = await ctx.db
    .select({ asked: count() })
    .from(assistant_questions)
    .where(
      and(
        eq(assistant_questions.farm_id, ctx.farmId),
        gte(assistant_questions.asked_at, new Date(`${month}-01T00:00:00+01:00`)),
      ),
    );
  const payments = await ctx.db
    .select()
    .from(subscription_payments)
    .where(eq(subscription_payments.farm_id, ctx.farmId))
    .orderBy(desc(subscription_payments.paid_at), desc(subscription_payments.receipt_number))
    .limit(PAYMENTS_SHOWN);
  const [open] = await ctx.db
    .select()
    .from(subscription_checkouts)
    .where(
      and(
        eq(subscription_checkouts.farm_id, ctx.farmId),
        eq(subscription_checkouts.status, 'open'),
        isNotNull(subscription_checkouts.authorization_url),
      ),
    );
  const timezone = await farmTimeZone(ctx.db, ctx.farmId);
  const price = priceKobo(deps.config);
  const state = row?.state ?? 'free';
  return {
    farm_id: ctx.farmId,
    plan,
    state,
    renews: state === 'active' && row?.method === 'card_subscription',
    method: state === 'free' ? null : (row?.method ?? null),
    period_start: iso(row?.period_start),
    period_end: iso(row?.period_end),
    grace_ends_at: state === 'past_due' ? iso(row?.grace_ends_at) : null,
    cancelled_at: state === 'non_renewing' ? iso(row?.cancelled_at) : null,
    price_kobo: price,
    vat_kobo: vatIncludedKobo(price),
    vat_rate_bps: VAT_RATE_BPS,
    usage: {
      workers: { used: workers?.active ?? 0, limit: workerLimitOf(plan) },
      assistant_questions: {
        used: asked?.asked ?? 0,
        limit: planAllows(plan, 'unlimited_assistant') ? null : deps.config.assistantFreeMonthlyQuestions,
        month,
      },
      sms_alerts: planAllows(plan, 'sms_alerts'),
      pdf_reports: planAllows(plan, 'pdf_reports'),
      commission_bps: deps.config.marketCommissionBps[plan],
    },
    inactive_workers: workers?.inactive ?? 0,
    payments: payments.map(toPayment),
    pending_checkout: open
      ? {
          reference: open.reference,
          authorization_url: open.authorization_url!,
          kind: open.kind,
          amount_kobo: open.amount_kobo,
          created_at: open.created_at.toISOString(),
        }
      : null,
    payments_available: deps.payments !== null,
    can_manage: ctx.role === 'owner',
    timezone,
    version: row?.version ?? 0,
  };
}

/**
 * Opens Paystack's checkout for a year of Pro (owner). One checkout per farm at a time: the farm's
 * subscription row is held while Paystack is asked, so a double tap, a second tab or a second
 * owner at the same moment wait for the first and get the same page; a replay of the same tap
 * (`client_id`) answers its checkout. A farm whose card subscription renews has nothing to pay.
 */
export async function startCheckout(ctx: FarmCtx, input: StartCheckout, deps: PayDeps): Promise<Checkout> {
  const gateway = deps.payments;
  if (!gateway) throw new AppError('UNAVAILABLE', UNAVAILABLE);
  const price = priceKobo(deps.config);
  let planCode =
    input.kind === 'renewing' ? await gatewayCall(deps, () => proPlanCode(ctx.db, gateway, price)) : null;
  const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId));
  const now = new Date(deps.now());

  return ctx.db.transaction(async (tx) => {
    await tx.insert(farm_subscriptions).values({ farm_id: ctx.farmId }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(farm_subscriptions)
      .where(eq(farm_subscriptions.farm_id, ctx.farmId))
      .for('update');
    const [replay] = await tx
      .select()
      .from(subscription_checkouts)
      .where(eq(subscription_checkouts.client_id, input.client_id));
    if (replay && replay.farm_id !== ctx.farmId)
      throw new AppError('CONFLICT', 'This checkout belongs to another farm. Reload and try again.');
    if (replay?.authorization_url && replay.status !== 'closed') {
      if (replay.status === 'paid')
        throw new AppError('CONFLICT', 'This checkout is paid: your farm has Pro.');
      return checkoutOf(replay);
    }
    const [open] = await tx
      .select()
      .from(subscription_checkouts)
      .where(and(eq(subscription_checkouts.farm_id, ctx.farmId), eq(subscription_checkouts.status, 'open')));
    if (open?.authorization_url) return checkoutOf(open);
    if (current?.state === 'active' && current.method === 'card_subscription') {
      const zone = await farmTimeZone(tx, ctx.farmId);
      throw new AppError(
        'CONFLICT',
        `Your Pro renews by card on ${dayMonthYear(dateIn(zone, current.period_end!))}. There is nothing to pay now; to pay another way, cancel the renewal first.`,
      );
    }
    let reference = `${CHECKOUT_REFERENCE_PREFIX}${newId()}`;
    const initialize = () =>
      gateway.initialize({
        email: owner!.email,
        amountKobo: price,
        reference,
        callbackUrl: `${deps.config.baseUrl}/dashboard/subscription`,
        metadata: { gona: METADATA_TAG, farm_id: ctx.farmId, kind: input.kind },
        ...(planCode
          ? { plan: planCode, channels: ['card'] }
          : { channels: ['card', 'bank_transfer', 'ussd', 'bank'] }),
      });
    const started = await gatewayCall(deps, async () => {
      try {
        return await initialize();
      } catch (err) {
        // A plan this Paystack account does not know (the key changed from test to live): made again.
        if (!planCode || !(err instanceof PaymentGatewayError) || err.httpStatus >= 500) throw err;
        await forgetPlan(ctx.db, planCode);
        planCode = await proPlanCode(ctx.db, gateway, price);
        reference = `${CHECKOUT_REFERENCE_PREFIX}${newId()}`;
        return initialize();
      }
    });
    const [row] = await tx
      .insert(subscription_checkouts)
      .values({
        farm_id: ctx.farmId,
        user_id: ctx.userId,
        client_id: input.client_id,
        kind: input.kind,
        reference,
        amount_kobo: price,
        plan_code: planCode,
        authorization_url: started.authorizationUrl,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning();
    return checkoutOf(row!);
  });
}

/**
 * After Paystack's checkout sends the owner back with `?reference=…`: asks Paystack and, when it
 * was paid, applies it now (its webhook, when it comes, then changes nothing). Answers the
 * subscription as it stands.
 */
export async function verifyCheckout(
  ctx: FarmCtx,
  input: VerifyCheckout,
  deps: PayDeps,
): Promise<Subscription> {
  const [checkout] = await ctx.db
    .select()
    .from(subscription_checkouts)
    .where(
      and(
        eq(subscription_checkouts.reference, input.reference),
        eq(subscription_checkouts.farm_id, ctx.farmId),
      ),
    );
  if (!checkout)
    throw new AppError('VALIDATION', undefined, {
      reference: 'This payment was not started from this farm. Open the Subscription page and pay again.',
    });
  if (!deps.payments) throw new AppError('UNAVAILABLE', UNAVAILABLE);
  await gatewayCall(deps, () => applyBillingCharge(deps, input.reference));
  return getSubscription(ctx, deps);
}

/**
 * Stops the card subscription renewing (owner): Paystack is told first, then the farm keeps Pro
 * until the end of the paid year, and nothing is refunded. Only a renewing subscription can be
 * cancelled; one year or a grant ends by itself.
 */
export async function cancelSubscription(
  ctx: FarmCtx,
  input: CancelSubscription,
  deps: PayDeps,
): Promise<Subscription> {
  const gateway = deps.payments;
  const now = new Date(deps.now());
  await ctx.db.transaction(async (tx) => {
    const current = await subscriptionRowIn(tx, ctx.farmId);
    if (current.version !== input.version)
      throw new AppError('CONFLICT', 'The subscription changed meanwhile. Reload and try again.');
    const zone = await farmTimeZone(tx, ctx.farmId);
    const until = current.period_end
      ? dayMonthYear(dateIn(zone, new Date(current.period_end.getTime() - 1)))
      : '';
    if (current.state === 'non_renewing')
      throw new AppError('CONFLICT', `Renewal is already cancelled. Pro ends on ${until}.`);
    if (current.state === 'free')
      throw new AppError('CONFLICT', 'This farm is on Free: there is nothing to cancel.');
    if (current.method !== 'card_subscription')
      throw new AppError(
        'CONFLICT',
        `This Pro does not renew: there is nothing to cancel. It ends on ${until}.`,
      );
    if (!gateway) throw new AppError('UNAVAILABLE', UNAVAILABLE);
    // Paystack's subscription.create may not have come yet: the customer's subscriptions are asked.
    const known = await subscriptionToStop(tx, current, gateway, deps);
    if (!known)
      throw new AppError(
        'CONFLICT',
        'Paystack has not confirmed the subscription yet. Try again in a few minutes.',
      );
    const { code, token } = known;
    await gatewayCall(deps, () => disableRenewal(gateway, { code, token }));
    const stillPro = current.state === 'active';
    await tx
      .update(farm_subscriptions)
      .set({
        // In grace after a failed renewal, cancelling leaves the grace as it is.
        state: stillPro ? 'non_renewing' : current.state,
        subscription_code: code,
        email_token: token,
        cancelled_at: now,
        updated_at: now,
        version: sql`${farm_subscriptions.version} + 1`,
      })
      .where(eq(farm_subscriptions.farm_id, ctx.farmId));
    await auditUpdate(tx, ctx, farm_subscriptions, {
      id: ctx.farmId,
      changes: { state: { from: current.state, to: stillPro ? 'non_renewing' : current.state } },
      context: { name: 'Gona Pro', renews: false },
    });
    const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, ctx.farmId));
    await notifyOwners(tx, ctx.farmId, `subscription_cancelled:${ctx.farmId}:${code}`, {
      status: 'cancelled',
      farm_name: farm?.name ?? '',
      until: dateIn(zone, new Date((stillPro ? current.period_end! : current.grace_ends_at!).getTime() - 1)),
    });
  });
  return getSubscription(ctx, deps);
}

/**
 * On Free with more than 10 workers (Pro ended): the owner chooses who stays active, at most 10.
 * The others, active or inactive, become inactive; workers who left are not touched.
 */
export async function chooseActiveWorkers(
  ctx: FarmCtx,
  input: ChooseActiveWorkers,
  deps: ReadDeps,
): Promise<Subscription> {
  const now = new Date(deps.now());
  await ctx.db.transaction(async (tx) => {
    const current = await subscriptionRowIn(tx, ctx.farmId);
    if (planOfState(current.state) === 'pro')
      throw new AppError('CONFLICT', 'On Pro every worker is active: there is nothing to choose.');
    const working = await tx
      .select({ id: staff.id, status: staff.status, name: staff.name })
      .from(staff)
      .where(and(eq(staff.farm_id, ctx.farmId), ne(staff.status, 'left')));
    const known = new Set(working.map((s) => s.id));
    if (input.staff_ids.some((id) => !known.has(id)))
      throw new AppError('VALIDATION', undefined, {
        staff_ids: 'Choose workers of this farm who have not left',
      });
    const keep = new Set(input.staff_ids);
    const activate = working.filter((s) => keep.has(s.id) && s.status !== 'active').map((s) => s.id);
    const pause = working.filter((s) => !keep.has(s.id) && s.status === 'active').map((s) => s.id);
    for (const [ids, status] of [
      [activate, 'active'],
      [pause, 'inactive'],
    ] as const) {
      if (ids.length === 0) continue;
      await tx
        .update(staff)
        .set({ status, updated_at: now, version: sql`${staff.version} + 1` })
        .where(and(eq(staff.farm_id, ctx.farmId), inArray(staff.id, ids)));
      for (const id of ids) {
        const name = working.find((s) => s.id === id)?.name;
        await auditUpdate(tx, ctx, staff, {
          id,
          changes: { status: { from: status === 'active' ? 'inactive' : 'active', to: status } },
          context: { name },
        });
      }
    }
  });
  return getSubscription(ctx, deps);
}

/**
 * A payment's receipt as a PDF (`receipt-pdf.ts`): Gona's details, the receipt number, the farm's
 * name, the year paid for, the amount with the VAT inside it, how and when it was paid and by whom
 * (the owner whose checkout it was; a renewal by card names no one). Answers the bytes and the name
 * it downloads under.
 */
export async function receiptPdf(
  ctx: FarmCtx,
  paymentId: string,
  deps: Pick<Deps, 'config'>,
): Promise<{ bytes: Buffer; filename: string }> {
  const [found] = await ctx.db
    .select({ row: subscription_payments, first_name: users.first_name, last_name: users.last_name })
    .from(subscription_payments)
    .leftJoin(subscription_checkouts, eq(subscription_checkouts.reference, subscription_payments.reference))
    .leftJoin(users, eq(users.id, subscription_checkouts.user_id))
    .where(and(eq(subscription_payments.id, paymentId), eq(subscription_payments.farm_id, ctx.farmId)));
  if (!found) throw new AppError('NOT_FOUND', 'This receipt is not one of this farm’s.');
  const { row } = found;
  const payment = toPayment(row);
  const zone = await farmTimeZone(ctx.db, ctx.farmId);
  const day = (at: Date) => dayMonthYear(dateIn(zone, at));
  const bytes = await renderReceiptPdf({
    receiptNumber: payment.receipt_number,
    paidOn: day(row.paid_at),
    farmName: row.farm_name,
    period: `${day(row.period_start)} to ${day(new Date(row.period_end.getTime() - 1))}`,
    channel: CHANNEL_WORDS[payment.channel] ?? payment.channel,
    paidBy: found.first_name ? `${found.first_name} ${found.last_name ?? ''}`.trim() : null,
    renewal: row.kind === 'renewal',
    reference: row.reference,
    amount: formatNaira(row.amount_kobo),
    vat: formatNaira(row.vat_kobo),
    vatPercent: `${VAT_RATE_BPS / 100}%`,
    gona: {
      address: deps.config.supportAddress,
      email: deps.config.supportEmail,
      site: deps.config.baseUrl,
    },
  });
  return { bytes, filename: `Gona receipt ${payment.receipt_number}.pdf` };
}

/** A farm whose card renewal stopped because the owner paying for it deleted their account. */
export type RenewalStopped = { farmId: string; farmName: string; until: string };

/**
 * Before an owner's account is deleted (the farm passes to another owner): the card subscriptions
 * that owner pays for (the farm's last paid renewing checkout was theirs) stop renewing at
 * Paystack, so a card whose owner left Gona is never charged again. Pro stays to the end of the
 * paid time, nothing is refunded. Answers the farms, for `tellOwnersRenewalStopped` once the
 * account is gone. Paystack unreachable or not yet sure of the subscription refuses the deletion
 * (the person tries again), rather than leave the card renewing.
 */
export async function stopRenewalsPaidBy(
  tx: Tx,
  userId: string,
  deps: Pick<Deps, 'payments' | 'now' | 'logger'>,
): Promise<RenewalStopped[]> {
  const lastRenewingPayer = sql`(
    SELECT ${subscription_checkouts.user_id} FROM ${subscription_checkouts}
    WHERE ${subscription_checkouts.farm_id} = ${farm_subscriptions.farm_id}
      AND ${subscription_checkouts.kind} = 'renewing' AND ${subscription_checkouts.status} = 'paid'
    ORDER BY ${subscription_checkouts.updated_at} DESC LIMIT 1)`;
  const renewing = await tx
    .select()
    .from(farm_subscriptions)
    .where(
      and(
        eq(farm_subscriptions.method, 'card_subscription'),
        inArray(farm_subscriptions.state, ['active', 'past_due']),
        isNull(farm_subscriptions.cancelled_at),
        sql`${lastRenewingPayer} = ${userId}`,
      ),
    )
    .orderBy(farm_subscriptions.farm_id)
    .for('update');
  if (renewing.length === 0) return [];
  const gateway = deps.payments;
  if (!gateway)
    throw new AppError(
      'UNAVAILABLE',
      'Your card still renews Gona Pro, and it cannot be stopped now. Try again later, or cancel the renewal on the Subscription page first.',
    );
  const now = new Date(deps.now());
  const stopped: RenewalStopped[] = [];
  for (const current of renewing) {
    const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, current.farm_id));
    const known = await subscriptionToStop(tx, current, gateway, deps);
    if (!known)
      throw new AppError(
        'CONFLICT',
        `Paystack has not confirmed the card subscription of ${farm?.name ?? 'your farm'} yet. Try again in a few minutes.`,
      );
    await gatewayCall(deps, () => disableRenewal(gateway, known));
    const state = current.state === 'active' ? 'non_renewing' : current.state;
    await tx
      .update(farm_subscriptions)
      .set({
        state,
        subscription_code: known.code,
        email_token: known.token,
        cancelled_at: now,
        updated_at: now,
        version: sql`${farm_subscriptions.version} + 1`,
      })
      .where(eq(farm_subscriptions.farm_id, current.farm_id));
    await auditUpdate(tx, { userId, logger: deps.logger, farmId: current.farm_id }, farm_subscriptions, {
      id: current.farm_id,
      changes: { state: { from: current.state, to: state } },
      context: { name: 'Gona Pro', renews: false, reason: 'the paying owner deleted their account' },
    });
    const zone = await farmTimeZone(tx, current.farm_id);
    const end = current.state === 'active' ? current.period_end! : current.grace_ends_at!;
    stopped.push({
      farmId: current.farm_id,
      farmName: farm?.name ?? '',
      until: dateIn(zone, new Date(end.getTime() - 1)),
    });
  }
  return stopped;
}

/** Tells the farms' owners (the one who left is gone by now) that the card renewal stopped, and why. */
export async function tellOwnersRenewalStopped(tx: Tx, stopped: RenewalStopped[]): Promise<void> {
  for (const farm of stopped)
    await notifyOwners(tx, farm.farmId, `subscription_payer_left:${farm.farmId}:${farm.until}`, {
      status: 'payer_left',
      farm_name: farm.farmName,
      until: farm.until,
    });
}

/** The card subscription's code and email token, recorded or (not told yet) asked of Paystack. */
async function subscriptionToStop(
  db: Tx,
  current: typeof farm_subscriptions.$inferSelect,
  gateway: PaymentGateway,
  deps: Pick<Deps, 'logger'>,
): Promise<{ code: string; token: string } | null> {
  if (current.subscription_code && current.email_token)
    return { code: current.subscription_code, token: current.email_token };
  if (!current.customer_code) return null;
  const customerCode = current.customer_code;
  const theirs = await gatewayCall(deps, () => gateway.customerSubscriptions(customerCode));
  // Another farm of the same owner may renew on the same plan: its subscription is not this one.
  const taken = new Set(
    (
      await db
        .select({ code: farm_subscriptions.subscription_code })
        .from(farm_subscriptions)
        .where(
          and(
            eq(farm_subscriptions.customer_code, customerCode),
            ne(farm_subscriptions.farm_id, current.farm_id),
            isNotNull(farm_subscriptions.subscription_code),
          ),
        )
    ).map((r) => r.code),
  );
  const found = theirs.find(
    (sub) =>
      sub.status === 'active' &&
      sub.emailToken &&
      !taken.has(sub.subscriptionCode) &&
      (current.subscription_code
        ? sub.subscriptionCode === current.subscription_code
        : sub.planCode === current.plan_code),
  );
  return found?.emailToken ? { code: found.subscriptionCode, token: found.emailToken } : null;
}

const CHANNEL_WORDS: Record<string, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
  mobile_money: 'Mobile money',
  qr: 'QR code',
};

function checkoutOf(row: typeof subscription_checkouts.$inferSelect): Checkout {
  return {
    reference: row.reference,
    authorization_url: row.authorization_url!,
    kind: row.kind,
    amount_kobo: row.amount_kobo,
    created_at: row.created_at.toISOString(),
  };
}

/** Calls Paystack: a refusal or no answer is told in our words (the gateway's are logged). */
async function gatewayCall<T>(deps: Pick<Deps, 'logger'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.warn('billing: Paystack did not do what was asked', { err: String(err) });
    if (err instanceof PaymentGatewayError && err.httpStatus < 500)
      throw new AppError(
        'UNAVAILABLE',
        'The payment service refused this. Try again later or contact Gona support.',
      );
    throw new AppError('UNAVAILABLE', UNREACHABLE);
  }
}

function iso(at: Date | null | undefined): string | null {
  return at ? at.toISOString() : null;
}

function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
