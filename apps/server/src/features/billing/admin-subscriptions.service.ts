import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  AdminSubscription,
  AdminSubscriptionSummary,
  AdminSubscriptionsQuery,
  GrantPro,
} from '@gona/shared/billing';
import type { Page } from '@gona/shared/pagination';
import type { Db } from '../../db/client';
import {
  farm_subscriptions,
  farms,
  staff,
  subscription_checkouts,
  subscription_grants,
  subscription_payments,
  users,
} from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { addDays, dateIn, farmTimeZone } from '../../lib/farm-time';
import { keyset, newestFirst } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { notifyOwners } from './billing.notify';
import { subscriptionRowIn, toPayment } from './billing.rows';

/**
 * Gona's back office for Gona Pro (platform admins): farms' subscriptions with their payments and
 * grants, and Pro granted or extended by support with a reason (audited). Nothing here changes a
 * payment or moves money.
 */

const pages = keyset({
  order: newestFirst({ created_at: farm_subscriptions.created_at, id: farm_subscriptions.farm_id }),
});

const lastPaidAt = sql<Date | null>`(SELECT max(p.paid_at) FROM ${subscription_payments} p WHERE p.farm_id = ${farm_subscriptions.farm_id})`;

function selectSummaries(db: Db) {
  return db
    .select({
      sub: farm_subscriptions,
      farm_name: farms.name,
      owner_email: users.email,
      last_paid_at: lastPaidAt,
    })
    .from(farm_subscriptions)
    .innerJoin(farms, eq(farms.id, farm_subscriptions.farm_id))
    .leftJoin(users, eq(users.id, farms.owner_id));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary(r: SummaryRow): AdminSubscriptionSummary {
  const paid = r.last_paid_at ? new Date(r.last_paid_at) : null;
  return {
    farm_id: r.sub.farm_id,
    farm_name: r.farm_name,
    owner_email: r.owner_email,
    state: r.sub.state,
    method: r.sub.method,
    period_end: r.sub.period_end?.toISOString() ?? null,
    grace_ends_at: r.sub.grace_ends_at?.toISOString() ?? null,
    last_paid_at: paid ? paid.toISOString() : null,
    updated_at: r.sub.updated_at.toISOString(),
  };
}

/** Subscriptions, newest first; by part of the farm's name or the owner's email, and by state. */
export async function listAdminSubscriptions(
  { db }: Pick<Ctx, 'db'>,
  query: Required<Pick<AdminSubscriptionsQuery, 'q'>> &
    Omit<AdminSubscriptionsQuery, 'q'> & { limit: number },
): Promise<Page<AdminSubscriptionSummary>> {
  const rows = await selectSummaries(db)
    .where(
      and(
        query.q
          ? or(ilike(farms.name, containing(query.q)), ilike(users.email, containing(query.q)))
          : undefined,
        query.state ? eq(farm_subscriptions.state, query.state) : undefined,
        pages.after(query.cursor),
      ),
    )
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({ ...r, id: r.sub.farm_id, created_at: r.sub.created_at })),
    query.limit,
  );
  return { next_cursor: page.next_cursor, items: page.items.map(toSummary) };
}

/** One farm's subscription with every payment (and its reference), the grants and any open checkout. */
export async function getAdminSubscription(
  { db }: Pick<Ctx, 'db'>,
  farmId: string,
): Promise<AdminSubscription> {
  const [row] = await selectSummaries(db).where(eq(farm_subscriptions.farm_id, farmId));
  if (!row) throw new AppError('NOT_FOUND', 'This farm has never had Gona Pro.');
  const payments = await db
    .select()
    .from(subscription_payments)
    .where(eq(subscription_payments.farm_id, farmId))
    .orderBy(desc(subscription_payments.paid_at), desc(subscription_payments.receipt_number));
  const grants = await db
    .select({ grant: subscription_grants, email: users.email })
    .from(subscription_grants)
    .leftJoin(users, eq(users.id, subscription_grants.granted_by))
    .where(eq(subscription_grants.farm_id, farmId))
    .orderBy(desc(subscription_grants.created_at));
  const [open] = await db
    .select()
    .from(subscription_checkouts)
    .where(and(eq(subscription_checkouts.farm_id, farmId), eq(subscription_checkouts.status, 'open')));
  return {
    ...toSummary(row),
    period_start: row.sub.period_start?.toISOString() ?? null,
    cancelled_at: row.sub.cancelled_at?.toISOString() ?? null,
    renews: row.sub.state === 'active' && row.sub.method === 'card_subscription',
    paystack_subscription_code: row.sub.subscription_code,
    paystack_customer_code: row.sub.customer_code,
    payments: payments.map((p) => ({ ...toPayment(p), reference: p.reference })),
    grants: grants.map((g) => ({
      id: g.grant.id,
      until: g.grant.until,
      reason: g.grant.reason,
      granted_by_email: g.email,
      created_at: g.grant.created_at.toISOString(),
    })),
    pending_checkout: open?.authorization_url
      ? {
          reference: open.reference,
          authorization_url: open.authorization_url,
          kind: open.kind,
          amount_kobo: open.amount_kobo,
          created_at: open.created_at.toISOString(),
        }
      : null,
  };
}

/**
 * Support grants or extends Pro to the end of `until` (the farm's day) with a reason: no payment, no
 * ledger line, audited and kept in subscription_grants. A renewing card subscription keeps
 * renewing (its next payment then buys the year after the grant); otherwise Pro is `granted`.
 */
export async function grantPro(
  ctx: Ctx,
  farmId: string,
  input: GrantPro,
  deps: Pick<Deps, 'now'>,
): Promise<AdminSubscription> {
  const now = new Date(deps.now());
  await ctx.db.transaction(async (tx) => {
    const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
    if (!farm) throw new AppError('NOT_FOUND', 'Farm not found');
    const current = await subscriptionRowIn(tx, farmId);
    const zone = await farmTimeZone(tx, farmId);
    const endsAt = startOfDayIn(zone, addDays(input.until, 1));
    if (endsAt.getTime() <= now.getTime())
      throw new AppError('VALIDATION', undefined, { until: 'Choose today or a later day' });
    const pro = current.state !== 'free';
    if (pro && current.period_end && current.period_end.getTime() >= endsAt.getTime())
      throw new AppError('VALIDATION', undefined, {
        until: `Pro already runs to ${dateIn(zone, new Date(current.period_end.getTime() - 1))
          .split('-')
          .reverse()
          .join('/')}`,
      });
    const renewing = current.state === 'active' && current.method === 'card_subscription';
    await tx
      .update(farm_subscriptions)
      .set({
        state: 'active',
        method: renewing ? 'card_subscription' : 'granted',
        period_start: pro && current.period_start ? current.period_start : now,
        period_end: endsAt,
        grace_ends_at: null,
        updated_at: now,
        version: sql`${farm_subscriptions.version} + 1`,
      })
      .where(eq(farm_subscriptions.farm_id, farmId));
    await tx
      .update(staff)
      .set({ status: 'active', updated_at: now, version: sql`${staff.version} + 1` })
      .where(and(eq(staff.farm_id, farmId), eq(staff.status, 'inactive')));
    const [grant] = await tx
      .insert(subscription_grants)
      .values({ farm_id: farmId, granted_by: ctx.userId, until: input.until, reason: input.reason })
      .returning({ id: subscription_grants.id });
    await auditUpdate(tx, { userId: ctx.userId, farmId, logger: ctx.logger }, farm_subscriptions, {
      id: farmId,
      changes: {
        state: { from: current.state, to: 'active' },
        period_end: { from: current.period_end?.toISOString() ?? null, to: endsAt.toISOString() },
      },
      context: { name: 'Gona Pro', by: 'gona', reason: input.reason, grant_id: grant!.id },
    });
    await notifyOwners(tx, farmId, `subscription_granted:${grant!.id}`, {
      status: 'granted',
      farm_name: farm.name,
      until: input.until,
    });
  });
  return getAdminSubscription(ctx, farmId);
}

/** Midnight at the start of `date` in `timeZone`, as a UTC instant. */
function startOfDayIn(timeZone: string, date: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (local.getTime() - utc.getTime()));
}
