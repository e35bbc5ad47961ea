import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  DISPUTE_ANSWER_HOURS,
  type AdminDispute,
  type DecideDisputeInput,
  type DisputeOutcome,
  type DisputeSummary,
  type Order,
  type OpenDisputeInput,
  type AnswerDisputeInput,
} from '@gona/shared/marketplace';
import { formatNaira as naira } from '@gona/shared/money';
import { NOTIFICATION_PATHS } from '@gona/shared/notifications';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { byValue, keyset } from '../../lib/pagination';
import type { Db, Tx } from '../../db/client';
import { disputes, orders, refunds, users } from '../../db/schema/index';
import { auditUpdate } from '../../lib/audit';
import type { Ctx, Deps, FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notify.service';
import { attachDisputePhotosIn } from './dispute-photos.service';
import { recordLedger } from './ledger.service';
import { requestRefund, startRefundIn } from './order-payments.service';
import { completionMoney, readOrder, statusMessage, type OrderRow } from './orders.rows';
import { createPayoutIn } from './payouts.service';

/**
 * Disputes (docs/decisions/044): the buyer of a dispatched or delivered order reports a problem
 * before it completes; the order is then `disputed` (the completion sweep and the delivery code
 * leave it alone) and its money stays held. The seller answers within DISPUTE_ANSWER_HOURS. Gona's
 * staff decide: release (the order completes as the sweep completes it), a partial refund (a
 * refund of kind `dispute`, the order completing for the rest), or a full refund (what is still
 * held refunded, the order cancelled).
 */

type DisputeDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now'>;

const ORDER_NOT_FOUND = 'Order not found';
const DISPUTE_NOT_FOUND = 'Dispute not found';
const HOUR_MS = 60 * 60_000;

/** The buyer reports a problem with their dispatched or delivered order, before it completes. */
export async function openDispute(
  ctx: Ctx,
  orderId: string,
  input: OpenDisputeInput & { message: string },
  deps: DisputeDeps,
): Promise<Order> {
  const { userId } = ctx;
  const now = new Date(deps.now());
  const mine = and(eq(orders.id, orderId), eq(orders.buyer_id, userId));
  const opened = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(mine).for('update');
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const open =
      order.status === 'dispatched' ||
      (order.status === 'delivered' && (!order.complete_by || order.complete_by > now));
    if (!open)
      throw new AppError(
        'CONFLICT',
        order.status === 'delivered'
          ? 'The time to report a problem with this order has passed'
          : statusMessage(order.status),
      );
    const [dispute] = await tx
      .insert(disputes)
      .values({
        order_id: order.id,
        reason: input.reason,
        message: input.message,
        answer_due_at: new Date(now.getTime() + DISPUTE_ANSWER_HOURS * HOUR_MS),
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: disputes.order_id })
      .returning();
    if (!dispute) throw new AppError('CONFLICT', statusMessage('disputed'));
    if (order.farm_id)
      await attachDisputePhotosIn(
        tx,
        { id: dispute.id, farmId: order.farm_id, buyerId: userId },
        { side: 'buyer', ids: input.photo_ids ?? [] },
      );
    const [changed] = await tx
      .update(orders)
      .set({
        status: 'disputed',
        code_tries: 0,
        code_locked_until: null,
        updated_at: now,
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    return changed!;
  });
  await tell(deps.db, opened, { status: 'opened', answer_hours: DISPUTE_ANSWER_HOURS });
  return readOrder(deps.db, eq(orders.id, orderId), { as: 'buyer', userId });
}

/** The selling farm answers a dispute once, within DISPUTE_ANSWER_HOURS. */
export async function answerDispute(
  ctx: FarmCtx,
  orderId: string,
  input: AnswerDisputeInput & { message: string },
  deps: DisputeDeps,
): Promise<Order> {
  const { farmId, userId } = ctx;
  const now = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, buyer_id: orders.buyer_id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.farm_id, farmId)));
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.order_id, order.id)).for('update');
    if (!dispute) throw new AppError('CONFLICT', 'No problem was reported with this order');
    if (dispute.status === 'resolved')
      throw new AppError('CONFLICT', 'Gona has already decided on this order');
    if (dispute.status === 'answered') throw new AppError('CONFLICT', 'Your farm has already answered');
    if (dispute.answer_due_at <= now)
      throw new AppError('CONFLICT', 'The time to answer has passed; Gona decides on what it has');
    await attachDisputePhotosIn(
      tx,
      { id: dispute.id, farmId, buyerId: order.buyer_id },
      { side: 'seller', ids: input.photo_ids ?? [] },
    );
    await tx
      .update(disputes)
      .set({
        answer_message: input.message,
        answer_by: userId,
        answered_at: now,
        status: 'answered',
        updated_at: now,
      })
      .where(and(eq(disputes.id, dispute.id), eq(disputes.status, 'open')));
  });
  return readOrder(deps.db, and(eq(orders.id, orderId), eq(orders.farm_id, farmId)), {
    as: 'seller',
    farmId,
    now: deps.now(),
  });
}

// Gona's staff -------------------------------------------------------------------------------------

const RESOLVED = sql<boolean>`(${disputes.status} = 'resolved')`;
const CURSOR_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const disputePages = keyset({
  order: byValue(disputes, {
    tag: 'disputes',
    key: RESOLVED,
    cast: 'boolean',
    valid: (v) => v === 'true' || v === 'false',
    then: {
      key: disputes.created_at,
      cast: 'timestamptz',
      valid: (v) => CURSOR_TIME.test(v) && !Number.isNaN(Date.parse(v)),
    },
  }),
});

/** Open and answered disputes first, then resolved ones; oldest first in each (keyset pages). */
export async function listDisputes({ db }: Pick<Ctx, 'db'>, query: PageQuery): Promise<Page<DisputeSummary>> {
  const rows = await db
    .select({
      id: disputes.id,
      sort_value: RESOLVED,
      sort_then: disputes.created_at,
      dispute: disputes,
      listing_title: orders.title,
      farm_name: orders.seller_name,
      total_kobo: orders.total_kobo,
      buyer_name: sql<string>`coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.order_id))
    .leftJoin(users, eq(users.id, orders.buyer_id))
    .where(disputePages.after(query.cursor))
    .orderBy(...disputePages.orderBy)
    .limit(query.limit + 1);
  const page = disputePages.page(rows, query.limit);
  const items = page.items.map((r) => ({
    id: r.dispute.id,
    order_id: r.dispute.order_id,
    listing_title: r.listing_title,
    farm_name: r.farm_name,
    buyer_name: r.buyer_name,
    total_kobo: r.total_kobo,
    reason: r.dispute.reason,
    status: r.dispute.status,
    unanswered: r.dispute.status === 'open' && r.dispute.overdue_at !== null,
    created_at: r.dispute.created_at.toISOString(),
  }));
  return { items, next_cursor: page.next_cursor };
}

/** `now`: the app's clock (deps.now()). */
export async function getDispute(
  { db }: Pick<Ctx, 'db'>,
  disputeId: string,
  now: number,
): Promise<AdminDispute> {
  const [row] = await db
    .select({ order_id: disputes.order_id, farm_id: orders.farm_id })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.order_id))
    .where(eq(disputes.id, disputeId));
  if (!row) throw new AppError('NOT_FOUND', DISPUTE_NOT_FOUND);
  // Gona's staff read it as the seller does (the buyer's phone, the payout), never the delivery code.
  const order = await readOrder(
    db,
    eq(orders.id, row.order_id),
    { as: 'seller', farmId: row.farm_id ?? '', now },
    { as: 'admin', disputeId },
  );
  return { order, dispute: order.dispute! };
}

/** What is still held for an order: its total less its refunds not failed. */
async function heldKobo(tx: Tx, order: OrderRow): Promise<number> {
  const [earlier] = await tx
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount_kobo}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.order_id, order.id), ne(refunds.status, 'failed')));
  return order.total_kobo - Number(earlier?.sum ?? 0);
}

/** Half up, whole kobo: a × b / c. */
function proportion(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * Gona's decision on a dispute that is not resolved yet. Release: the order completes as the sweep
 * completes it. Partial refund: `refund_kobo` (1 to what is held less 1) refunded as kind
 * `dispute`, and the order completes for the rest, the commission in proportion to what is left
 * (half up). Full refund: what is held is refunded and the order cancelled with the reason. The
 * decision, its reason and who made it are kept, with an audit row; both sides are told.
 */
export async function decideDispute(
  ctx: Ctx,
  disputeId: string,
  input: DecideDisputeInput & { reason: string },
  deps: DisputeDeps,
): Promise<AdminDispute> {
  const { userId } = ctx;
  const now = new Date(deps.now());
  const decided = await deps.db.transaction(async (tx) => {
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!dispute) throw new AppError('NOT_FOUND', DISPUTE_NOT_FOUND);
    if (dispute.status === 'resolved') throw new AppError('CONFLICT', 'This dispute is already decided');
    const [order] = await tx.select().from(orders).where(eq(orders.id, dispute.order_id)).for('update');
    if (!order || order.status !== 'disputed')
      throw new AppError('CONFLICT', order ? statusMessage(order.status) : ORDER_NOT_FOUND);
    const held = await heldKobo(tx, order);
    const outcome: DisputeOutcome = input.outcome;
    let refundKobo = 0;
    if (outcome === 'partial_refund') {
      refundKobo = input.refund_kobo ?? 0;
      if (refundKobo < 1 || refundKobo > held - 1)
        throw new AppError('VALIDATION', undefined, {
          refund_kobo:
            held > 1
              ? `Enter an amount from ₦0.01 to ${naira(held - 1)} (less than the ${naira(held)} held)`
              : 'Too little is held to refund part of it. Choose a full refund or release.',
        });
    } else if (outcome === 'full_refund') refundKobo = held;

    let changed: OrderRow;
    if (outcome === 'full_refund') {
      [changed] = (await tx
        .update(orders)
        .set({
          status: 'cancelled',
          cancel_reason: `Refunded in full by Gona: ${input.reason}`,
          updated_at: now,
          version: sql`${orders.version} + 1`,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'disputed')))
        .returning()) as [OrderRow];
      await startRefundIn(tx, changed, { reason: `Dispute decided by Gona: ${input.reason}`, kind: 'full' });
    } else {
      if (refundKobo > 0)
        await startRefundIn(tx, order, {
          reason: `Dispute decided by Gona: ${input.reason}`,
          kind: 'dispute',
          disputeKobo: refundKobo,
        });
      const money = completionMoney(order);
      const left = held - refundKobo;
      const commission = refundKobo > 0 ? proportion(money.commissionKobo, left, held) : money.commissionKobo;
      const released = refundKobo > 0 ? left : money.releasedKobo;
      const seller = released - commission;
      [changed] = (await tx
        .update(orders)
        .set({
          status: 'completed',
          completed_at: now,
          seller_amount_kobo: seller,
          updated_at: now,
          version: sql`${orders.version} + 1`,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'disputed')))
        .returning()) as [OrderRow];
      const lines = [
        { account: 'held' as const, amountKobo: released },
        { account: 'commission' as const, amountKobo: -commission },
        { account: 'seller_payable' as const, amountKobo: -seller },
      ].filter((l) => l.amountKobo !== 0);
      if (lines.length > 0) await recordLedger(tx, changed.id, 'completion', lines);
      await createPayoutIn(tx, changed, seller);
    }
    await tx
      .update(disputes)
      .set({
        status: 'resolved',
        outcome,
        refund_kobo: refundKobo > 0 ? refundKobo : null,
        decision_reason: input.reason,
        decided_by: userId,
        decided_at: now,
        updated_at: now,
      })
      .where(eq(disputes.id, dispute.id));
    await auditUpdate(tx, { logger: deps.logger, userId, farmId: order.farm_id }, disputes, {
      id: dispute.id,
      changes: {
        status: { from: dispute.status, to: 'resolved' },
        outcome: { from: null, to: outcome },
        ...(refundKobo > 0 ? { refund_kobo: { from: null, to: refundKobo } } : {}),
      },
      context: { listing_title: order.title, order_id: order.id, reason: input.reason },
    });
    return { order: changed, outcome, refundKobo };
  });
  if (decided.refundKobo > 0) await requestRefund(deps, decided.order.id);
  await tell(deps.db, decided.order, {
    status: 'decided',
    outcome: decided.outcome,
    refund_kobo: decided.refundKobo,
    reason: input.reason,
  });
  return getDispute(deps, disputeId, deps.now());
}

/**
 * Disputes whose seller let the answer time pass: each is marked once, and the buyer, the farm and
 * Gona's staff are told that Gona now decides on what it has. Answers the number marked.
 */
export async function markUnansweredDisputes(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  // Marked and told in one transaction: a sweep cut short leaves none marked but untold.
  return deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(disputes)
      .set({ overdue_at: now, updated_at: now })
      .where(and(eq(disputes.status, 'open'), isNull(disputes.overdue_at), lte(disputes.answer_due_at, now)))
      .returning({ id: disputes.id, order_id: disputes.order_id });
    if (marked.length === 0) return 0;
    const [admins, disputed] = await Promise.all([
      tx.select({ id: users.id }).from(users).where(eq(users.platform_role, 'admin')),
      tx
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            marked.map((d) => d.order_id),
          ),
        ),
    ]);
    const orderById = new Map(disputed.map((order) => [order.id, order]));
    for (const dispute of marked) {
      const order = orderById.get(dispute.order_id);
      if (!order) continue;
      await tell(tx, order, { status: 'unanswered' });
      if (admins.length > 0)
        await notify(
          { db: tx },
          {
            userIds: admins.map((a) => a.id),
            kind: 'dispute',
            params: { order_id: order.id, listing_title: order.title, to: 'gona', status: 'unanswered' },
            link: NOTIFICATION_PATHS.adminDispute(dispute.id),
            dedupeKey: `dispute:${order.id}:unanswered:admin`,
          },
        );
    }
    return marked.length;
  });
}

type Told =
  | { status: 'opened'; answer_hours: number }
  | { status: 'unanswered' }
  | { status: 'decided'; outcome: DisputeOutcome; refund_kobo: number; reason: string };

/** Both sides hear of it: the farm's owners and managers, and the buyer. */
async function tell(db: Db | Tx, order: OrderRow, told: Told): Promise<void> {
  const facts = { order_id: order.id, listing_title: order.title };
  if (order.farm_id)
    await notify(
      { db },
      {
        farmId: order.farm_id,
        roles: ['owner', 'manager'],
        kind: 'dispute',
        params: { ...facts, to: 'seller', ...told },
        link: NOTIFICATION_PATHS.farmOrders,
        dedupeKey: `dispute:${order.id}:${told.status}:seller`,
      },
    );
  if (order.buyer_id)
    await notify(
      { db },
      {
        userIds: [order.buyer_id],
        kind: 'dispute',
        params: { ...facts, to: 'buyer', ...told },
        link: NOTIFICATION_PATHS.order(order.id),
        dedupeKey: `dispute:${order.id}:${told.status}:buyer`,
      },
    );
}
