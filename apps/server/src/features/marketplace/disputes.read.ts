import { sql } from 'drizzle-orm';
import type { Dispute } from '@gona/shared/marketplace';
import { disputes, users } from '../../db/schema/index';

/** The name of who answered a dispute for the farm, beside an order's row (null before an answer). */
export const disputeAnswerName = sql<string | null>`(
  SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM ${users} u
  WHERE u.id = ${disputes.answer_by})`;

export type DisputeRow = typeof disputes.$inferSelect;

/** A dispute as its order shows it to the buyer, the seller and Gona's staff. */
export function toDispute(row: DisputeRow, answerName: string | null): Dispute {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    order_id: row.order_id,
    reason: row.reason,
    message: row.message,
    photos: [],
    answer: row.answer_message,
    answer_photos: [],
    answered_at: iso(row.answered_at),
    answer_by: row.answer_message ? answerName : null,
    answer_by_time: row.answer_due_at.toISOString(),
    status: row.status,
    outcome: row.outcome,
    refund_kobo: row.refund_kobo,
    decision_reason: row.decision_reason,
    decided_at: iso(row.decided_at),
    created_at: row.created_at.toISOString(),
  };
}
