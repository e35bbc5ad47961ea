import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOrder,
  AdminOrderSummary,
  AdminPayment,
  AdminPaymentsQuery,
  RefundStatus,
} from '@gona/shared/marketplace';
import type { Page, PageQuery } from '@gona/shared/pagination';
import { normalizeNigerianPhone } from '@gona/shared/phone';
import type { Db } from '../../db/client';
import {
  disputes,
  farms,
  ledger_entries,
  order_payments,
  orders,
  payouts,
  refunds,
  users,
} from '../../db/schema/index';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { keyset, newestFirst } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { readAdminPayout } from './admin-payouts.service';
import { readOrder } from './orders.rows';

/**
 * The back office's orders (docs/decisions/046): a search over every order, and one order with
 * every naira of its history (refunds, payout, dispute, ledger lines). Read-only.
 */

const ORDER_NOT_FOUND = 'Order not found';

const pages = keyset({ order: newestFirst(orders) });

/** The order's latest refund (an order may have a short-delivery refund and a later one). */
const latestRefundStatus = sql<RefundStatus | null>`(
  SELECT r.status FROM ${refunds} r WHERE r.order_id = ${orders.id}
  ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`;

/** An extra payment's refund status, by the payment's reference. */
const extraRefundStatus = sql<RefundStatus | null>`(
  SELECT r.status FROM ${refunds} r
  WHERE r.reference = ${order_payments.reference} AND r.kind = 'extra_payment' LIMIT 1)`;

function selectPayments(db: Db) {
  return db
    .select({
      payment: order_payments,
      order_reference: orders.reference,
      listing_title: orders.title,
      refund_status: extraRefundStatus,
    })
    .from(order_payments)
    .leftJoin(orders, eq(orders.id, order_payments.order_id));
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

function toAdminPayment(r: PaymentRow): AdminPayment {
  const p = r.payment;
  return {
    id: p.id,
    order_id: p.order_id,
    order_reference: r.order_reference,
    listing_title: r.listing_title,
    reference: p.reference,
    status: p.status,
    amount_kobo: p.amount_kobo,
    charged_kobo: p.charged_kobo,
    currency: p.currency,
    charged_at: p.charged_at ? p.charged_at.toISOString() : null,
    problem: p.problem,
    refund_status: r.refund_status,
    needs_attention: p.attention_at !== null && p.resolved_at === null,
    created_at: p.created_at.toISOString(),
  };
}

const paymentPages = keyset({ order: newestFirst(order_payments) });

/**
 * The back office's payments (docs/decisions/054): those needing staff (a refund that failed or was
 * refused, a charge of no order), or every payment that paid nothing, newest first.
 */
export async function listAdminPayments(
  { db }: Pick<Ctx, 'db'>,
  query: PageQuery & { status: NonNullable<AdminPaymentsQuery['status']> },
): Promise<Page<AdminPayment>> {
  const rows = await selectPayments(db)
    .where(
      and(
        eq(order_payments.status, 'extra'),
        query.status === 'attention'
          ? and(isNotNull(order_payments.attention_at), isNull(order_payments.resolved_at))
          : undefined,
        paymentPages.after(query.cursor),
      ),
    )
    .orderBy(...paymentPages.orderBy)
    .limit(query.limit + 1);
  const page = paymentPages.page(
    rows.map((r) => ({ ...r, id: r.payment.id, created_at: r.payment.created_at })),
    query.limit,
  );
  return { next_cursor: page.next_cursor, items: page.items.map(toAdminPayment) };
}

/** One payment as the list shows it. */
export async function readAdminPayment({ db }: Pick<Ctx, 'db'>, paymentId: string): Promise<AdminPayment> {
  const [row] = await selectPayments(db).where(eq(order_payments.id, paymentId));
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
  return toAdminPayment(row);
}

/**
 * Orders matching `q`, newest first: the order's reference whole or its start (any case), the
 * order's id, the buyer's email whole (any case), the buyer's phone whole in any way it is written
 * (0803…, +234…: the order's phone or the account's), or part of the farm's name (on the order or
 * now) or the listing's title (any case). An empty `q` lists every order.
 */
export async function searchOrders(
  { db }: Pick<Ctx, 'db'>,
  query: PageQuery & { q: string },
): Promise<Page<AdminOrderSummary>> {
  const rows = await db
    .select({
      order: orders,
      buyer_name: sql<string>`coalesce(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
      dispute_status: disputes.status,
      refund_status: latestRefundStatus,
      payout_status: payouts.status,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.buyer_id))
    .leftJoin(farms, eq(farms.id, orders.farm_id))
    .leftJoin(disputes, eq(disputes.order_id, orders.id))
    .leftJoin(payouts, eq(payouts.order_id, orders.id))
    .where(and(matching(query.q), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  const page = pages.page(
    rows.map((r) => ({ ...r, id: r.order.id, created_at: r.order.created_at })),
    query.limit,
  );
  return {
    next_cursor: page.next_cursor,
    items: page.items.map((r) => ({
      id: r.order.id,
      reference: r.order.reference,
      status: r.order.status,
      listing_title: r.order.title,
      farm_name: r.order.seller_name,
      buyer_name: r.buyer_name,
      total_kobo: r.order.total_kobo,
      created_at: r.order.created_at.toISOString(),
      dispute_status: r.dispute_status,
      refund_status: r.refund_status,
      payout_status: r.payout_status,
      flag: r.order.flag,
    })),
  };
}

/**
 * One order for Gona's staff: as its seller reads it (the buyer's phone once paid, the payout;
 * never the delivery code), with the buyer's email, the payment's flag, every refund, the payout,
 * the dispute and the order's ledger lines oldest first.
 */
export async function getAdminOrder(deps: Pick<Deps, 'db' | 'now'>, orderId: string): Promise<AdminOrder> {
  const { db } = deps;
  const [head] = await db
    .select({
      farm_id: orders.farm_id,
      flag: orders.flag,
      buyer_email: users.email,
      dispute_id: disputes.id,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.buyer_id))
    .leftJoin(disputes, eq(disputes.order_id, orders.id))
    .where(eq(orders.id, orderId));
  if (!head) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [order, refundRows, payout, ledger, payments] = await Promise.all([
    readOrder(
      db,
      eq(orders.id, orderId),
      { as: 'seller', farmId: head.farm_id ?? '', now: deps.now() },
      head.dispute_id ? { as: 'admin', disputeId: head.dispute_id } : undefined,
    ),
    db
      .select()
      .from(refunds)
      .where(eq(refunds.order_id, orderId))
      .orderBy(asc(refunds.created_at), asc(refunds.id)),
    readAdminPayout(deps, eq(payouts.order_id, orderId)),
    db
      .select()
      .from(ledger_entries)
      .where(eq(ledger_entries.order_id, orderId))
      .orderBy(asc(ledger_entries.created_at), asc(ledger_entries.txn_id), asc(ledger_entries.id)),
    selectPayments(db)
      .where(eq(order_payments.order_id, orderId))
      .orderBy(asc(order_payments.created_at), asc(order_payments.id)),
  ]);
  return {
    order,
    buyer_email: head.buyer_email,
    flag: head.flag,
    refunds: refundRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount_kobo: r.amount_kobo,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
      processed_at: r.processed_at ? r.processed_at.toISOString() : null,
    })),
    payments: payments.map(toAdminPayment),
    payout,
    dispute_id: head.dispute_id,
    ledger: ledger.map((l) => ({
      id: l.id,
      txn_id: l.txn_id,
      kind: l.kind,
      account: l.account,
      amount_kobo: l.amount_kobo,
      created_at: l.created_at.toISOString(),
    })),
  };
}

/** The search's condition; undefined (every order) for an empty search. */
function matching(q: string): SQL | undefined {
  if (q === '') return undefined;
  const ways: SQL[] = [
    ilike(orders.reference, startingWith(q)),
    // Any checkout reference the order ever had.
    sql`EXISTS (SELECT 1 FROM ${order_payments} p WHERE p.order_id = ${orders.id} AND p.reference ILIKE ${startingWith(q)})`,
    ilike(orders.seller_name, containing(q)),
    ilike(orders.title, containing(q)),
    ilike(farms.name, containing(q)),
  ];
  if (isUuid(q)) ways.push(eq(orders.id, q.toLowerCase()));
  if (q.includes('@')) ways.push(sql`lower(${users.email}) = ${q.toLowerCase()}`);
  const phone = normalizeNigerianPhone(q);
  if (phone) ways.push(eq(orders.buyer_phone, phone), eq(users.phone, phone));
  return or(...ways);
}

/** A LIKE pattern for text starting with `text`, taken literally (a % or _ typed is not a wildcard). */
function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
