import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeStatus,
} from '@gona/shared/marketplace';
import { users } from './auth';
import { createdAt, id, oneOf, timestampMs, updatedAt } from './columns';
import { orders } from './marketplace';

/**
 * A problem the buyer reported with an order before it completed (one per order): their reason and
 * words, the seller's answer, and Gona's decision. Photos are files attached to 'disputes' with
 * the dispute's id (the seller's, on the farm's files).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reason: text('reason').$type<DisputeReason>().notNull(),
    message: text('message').notNull(),
    /** The seller answers by then. */
    answer_due_at: timestampMs('answer_due_at').notNull(),
    answer_message: text('answer_message'),
    /** Who answered for the farm (null once their account is removed). */
    answer_by: uuid('answer_by').references(() => users.id, { onDelete: 'set null' }),
    answered_at: timestampMs('answered_at'),
    /** When the sweep found the answer time passed without an answer, and told both sides and Gona. */
    overdue_at: timestampMs('overdue_at'),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    outcome: text('outcome').$type<DisputeOutcome>(),
    refund_kobo: bigint('refund_kobo', { mode: 'number' }),
    decision_reason: text('decision_reason'),
    decided_by: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestampMs('decided_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('disputes_order_id_idx').on(t.order_id),
    // Gona's queue: open and answered first, oldest first.
    index('disputes_queue_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.status} <> 'resolved'`),
    // The sweep's list: open disputes whose answer time may have passed unnoticed.
    index('disputes_unanswered_idx')
      .on(t.answer_due_at)
      .where(sql`${t.status} = 'open' AND ${t.overdue_at} IS NULL`),
    check('disputes_reason_check', sql`${t.reason} IN (${oneOf(DISPUTE_REASONS)})`),
    check('disputes_status_check', sql`${t.status} IN (${oneOf(DISPUTE_STATUSES)})`),
    check(
      'disputes_outcome_check',
      sql`${t.outcome} IS NULL OR ${t.outcome} IN (${oneOf(DISPUTE_OUTCOMES)})`,
    ),
  ],
);
