import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  RATING_RECENT_MAX,
  RATING_WEIGHT_OLDER,
  RATING_WEIGHTS,
  type MyRating,
  type Rating,
  type RatingBrief,
  type RatingSide,
  type RatingTag,
  type SellerRatingSummary,
} from '@gona/shared/marketplace';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Db, Tx } from '../../db/client';
import { disputes, orders, ratings, users } from '../../db/schema/index';
import type { Ctx, Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notify.service';

const ORDER_NOT_FOUND = 'Order not found';
const DAY_MS = 24 * 3_600_000;
/**
 * An order may be rated once it is settled: completed (also after a dispute released or partly
 * refunded), or cancelled by a resolved dispute's full refund.
 */
async function rateable(db: Db | Tx, order: typeof orders.$inferSelect): Promise<boolean> {
  if (order.status === 'completed') return true;
  if (order.status !== 'cancelled') return false;
  const [resolved] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.order_id, order.id), eq(disputes.status, 'resolved')));
  return resolved !== undefined;
}

type RatingsDeps = Pick<Deps, 'db' | 'now'>;
/** What a rating input is once its schema has parsed it. */
type ParsedRateInput = { stars: number; tags: RatingTag[]; comment?: string | null };

/**
 * The weight of each rating by its age at `now` (docs/decisions/043-ratings.md): 1 within 90 days,
 * 0.5 within a year, 0.25 older.
 */
function weightOf(now: number) {
  const cases = RATING_WEIGHTS.map(
    (w) => sql`WHEN ${ratings.created_at} > ${new Date(now - w.days * DAY_MS)} THEN ${w.weight}::numeric`,
  );
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${RATING_WEIGHT_OLDER}::numeric END)`;
}

/** Count and weighted average (1 decimal) of ratings grouped by `key`, for the given keys. */
async function briefsBy(
  db: Db | Tx,
  side: RatingSide,
  key: typeof orders.farm_id | typeof orders.buyer_id,
  ids: string[],
  now: number,
): Promise<Map<string, RatingBrief>> {
  const briefs = new Map<string, RatingBrief>();
  if (ids.length === 0) return briefs;
  const weight = weightOf(now);
  const rows = await db
    .select({
      id: key,
      count: sql<number>`count(*)::int`,
      average: sql<string>`round(sum(${ratings.stars} * ${weight}) / sum(${weight}), 1)`,
    })
    .from(ratings)
    .innerJoin(orders, eq(orders.id, ratings.order_id))
    .where(and(eq(ratings.side, side), inArray(key, ids)))
    .groupBy(key);
  for (const row of rows) if (row.id) briefs.set(row.id, { count: row.count, average: Number(row.average) });
  for (const id of ids) if (!briefs.has(id)) briefs.set(id, { count: 0, average: null });
  return briefs;
}

/**
 * What buyers said of the farm `farmId` names (a column of the outer statement) as a seller, as
 * `sellerBriefs` answers it ({ count, average }), for a statement that reads it beside its rows.
 */
export function sellerBriefSql(farmId: SQL | AnyColumn, now: number): SQL<RatingBrief> {
  const weight = weightOf(now);
  return sql<RatingBrief>`(select json_build_object('count', count(*)::int,
      'average', round(sum(${ratings.stars} * ${weight}) / sum(${weight}), 1)::float8)
    from ${ratings} inner join ${orders} on ${orders.id} = ${ratings.order_id}
    where ${ratings.side} = 'buyer' and ${orders.farm_id} = ${farmId})`;
}

/** What buyers said of each farm as a seller: count and weighted average. */
export function sellerBriefs(db: Db | Tx, farmIds: string[], now: number): Promise<Map<string, RatingBrief>> {
  return briefsBy(db, 'buyer', orders.farm_id, [...new Set(farmIds)], now);
}

/** What sellers said of each buyer: count and weighted average. */
export function buyerBriefs(db: Db | Tx, buyerIds: string[], now: number): Promise<Map<string, RatingBrief>> {
  return briefsBy(db, 'seller', orders.buyer_id, [...new Set(buyerIds)], now);
}

/** A seller's public summary: count, weighted average and the last few ratings with the buyer's first name. */
export async function sellerRatingSummary(
  db: Db | Tx,
  farmId: string,
  now: number,
): Promise<SellerRatingSummary> {
  const brief = (await sellerBriefs(db, [farmId], now)).get(farmId)!;
  const recent = await db
    .select({
      stars: ratings.stars,
      tags: ratings.tags,
      comment: ratings.comment,
      first_name: users.first_name,
      created_at: ratings.created_at,
    })
    .from(ratings)
    .innerJoin(orders, eq(orders.id, ratings.order_id))
    .leftJoin(users, eq(users.id, orders.buyer_id))
    .where(and(eq(ratings.side, 'buyer'), eq(orders.farm_id, farmId)))
    .orderBy(desc(ratings.created_at), desc(ratings.id))
    .limit(RATING_RECENT_MAX);
  return {
    ...brief,
    recent: recent.map((r) => ({
      stars: r.stars,
      tags: r.tags,
      comment: r.comment,
      buyer_first_name: r.first_name?.trim() || 'A buyer',
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** The rating a side gave on each of the orders, by order id. */
export async function ratingsGiven(
  db: Db | Tx,
  orderIds: string[],
  side: RatingSide,
): Promise<Map<string, MyRating>> {
  const given = new Map<string, MyRating>();
  if (orderIds.length === 0) return given;
  const rows = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.side, side), inArray(ratings.order_id, orderIds)));
  for (const r of rows)
    given.set(r.order_id, {
      stars: r.stars,
      tags: r.tags,
      comment: r.comment,
      created_at: r.created_at.toISOString(),
    });
  return given;
}

/** The buyer of a completed order rates its seller; the farm's owners and managers are told. */
export async function rateSeller(
  ctx: Ctx,
  orderId: string,
  input: ParsedRateInput,
  deps: RatingsDeps,
): Promise<Rating> {
  const { userId } = ctx;
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, userId)));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return rate(deps, order, 'buyer', userId, input);
}

/** An owner or manager of the selling farm rates the buyer of a completed order; the buyer is told. */
export async function rateBuyer(
  ctx: FarmCtx,
  orderId: string,
  input: ParsedRateInput,
  deps: RatingsDeps,
): Promise<Rating> {
  const { farmId, userId } = ctx;
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return rate(deps, order, 'seller', userId, input);
}

async function rate(
  deps: RatingsDeps,
  order: typeof orders.$inferSelect,
  side: RatingSide,
  userId: string,
  input: ParsedRateInput,
): Promise<Rating> {
  if (!(await rateable(deps.db, order)))
    throw new AppError('CONFLICT', 'You can rate an order once it is completed');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ratings)
      .values({
        order_id: order.id,
        side,
        rated_by: userId,
        stars: input.stars,
        tags: input.tags,
        comment: input.comment ?? null,
        created_at: new Date(deps.now()),
      })
      .onConflictDoNothing({ target: [ratings.order_id, ratings.side] })
      .returning();
    if (!row) throw new AppError('CONFLICT', 'You have rated this order');
    const params = {
      order_id: order.id,
      listing_title: order.title,
      farm_name: order.seller_name,
      side,
      stars: row.stars,
    };
    if (side === 'buyer' && order.farm_id)
      await notify(
        { db: tx },
        {
          farmId: order.farm_id,
          roles: ['owner', 'manager'],
          kind: 'rating',
          params,
          link: NOTIFICATION_PATHS.farmOrders,
          dedupeKey: `rating:${order.id}:${side}`,
        },
      );
    if (side === 'seller' && order.buyer_id)
      await notify(
        { db: tx },
        {
          userIds: [order.buyer_id],
          kind: 'rating',
          params,
          link: NOTIFICATION_PATHS.order(order.id),
          dedupeKey: `rating:${order.id}:${side}`,
        },
      );
    return {
      order_id: row.order_id,
      side: row.side,
      stars: row.stars,
      tags: row.tags,
      comment: row.comment,
      created_at: row.created_at.toISOString(),
    };
  });
}
