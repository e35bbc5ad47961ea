import { sql } from 'drizzle-orm';
import type { Dispute, DisputePhoto } from '@gona/shared/marketplace';
import { disputes, files, orders, users } from '../../db/schema/index';

/** The name of who answered a dispute for the farm, beside an order's row (null before an answer). */
export const disputeAnswerName = sql<string | null>`(
  SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM ${users} u
  WHERE u.id = ${disputes.answer_by})`;

export type DisputeRow = typeof disputes.$inferSelect;

/** A dispute as its order shows it to the buyer, the seller and Gona's staff. */
export function toDispute(
  row: DisputeRow,
  answerName: string | null,
  photos: { photos: DisputePhoto[]; answer_photos: DisputePhoto[] },
): Dispute {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    order_id: row.order_id,
    reason: row.reason,
    message: row.message,
    photos: photos.photos,
    answer: row.answer_message,
    answer_photos: photos.answer_photos,
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

/** Beside an order's row: its dispute's photos, oldest first, each with whether the buyer took it. */
export const disputePhotoRows = sql<{ id: string; thumb: boolean; buyer: boolean }[] | null>`(
  SELECT json_agg(json_build_object('id', f.id, 'thumb', f.thumb_key IS NOT NULL,
    'buyer', f.created_by IS NOT DISTINCT FROM ${orders.buyer_id}) ORDER BY f.created_at, f.id)
  FROM ${files} f
  WHERE f.farm_id = ${orders.farm_id} AND f.attached_to_table = 'disputes'
    AND f.attached_to_id = ${disputes.id} AND f.deleted_at IS NULL)`;

/** Who reads the photos, and so where they load them from. */
export type PhotoReader =
  { as: 'buyer'; orderId: string } | { as: 'seller'; farmId: string } | { as: 'admin'; disputeId: string };

/** The buyer's photos and the farm's, with the addresses this reader loads them from. */
export function toDisputePhotos(
  rows: readonly { id: string; thumb: boolean; buyer: boolean }[] | null,
  reader: PhotoReader,
): { photos: DisputePhoto[]; answer_photos: DisputePhoto[] } {
  const shown = (rows ?? []).map((r) => {
    const url =
      reader.as === 'buyer'
        ? buyerPhotoUrl(reader.orderId, r.id)
        : reader.as === 'seller'
          ? `/api/farms/${reader.farmId}/files/${r.id}`
          : `/api/admin/disputes/${reader.disputeId}/photos/${r.id}`;
    return { buyer: r.buyer, photo: { id: r.id, url, thumb_url: r.thumb ? `${url}?size=thumb` : null } };
  });
  return {
    photos: shown.filter((s) => s.buyer).map((s) => s.photo),
    answer_photos: shown.filter((s) => !s.buyer).map((s) => s.photo),
  };
}

export function buyerPhotoUrl(orderId: string, fileId: string): string {
  return `/api/marketplace/orders/${orderId}/dispute/photos/${fileId}`;
}
