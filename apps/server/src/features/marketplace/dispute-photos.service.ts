import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { FileQuery, StoredFile, UploadFileForm } from '@gona/shared/files';
import type { Db, Tx } from '../../db/client';
import { disputes, files, orders } from '../../db/schema/index';
import type { Ctx, Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import type { OpenedFile } from '../../lib/file-http';
import { openRow, uploadFile } from '../files/files.service';
import { buyerPhotoUrl } from './disputes.read';
import { statusMessage } from './orders.rows';

/**
 * A dispute's photos (docs/decisions/044): files of kind 'dispute' on the selling farm's files,
 * attached to the dispute. The buyer's are the ones its buyer uploaded (through the order, since a
 * buyer is no member of the farm); the farm's are uploaded as any farm photo. Each side reads them
 * through its own address: the buyer through the order, the farm through its files, Gona's staff
 * through the dispute.
 */

type PhotoDeps = Pick<Deps, 'db' | 'logger' | 'storage' | 'config'>;
type OpenQuery = FileQuery & { ifNoneMatch: string | undefined };

const NOT_FOUND = 'File not found';
const ORDER_NOT_FOUND = 'Order not found';
const DISPUTES = 'disputes';

/** The buyer adds a photo for the report they are writing on their dispatched or delivered order. */
export async function uploadDisputePhoto(
  ctx: Ctx,
  orderId: string,
  form: Pick<UploadFileForm, 'file' | 'id'>,
  deps: PhotoDeps,
): Promise<StoredFile> {
  const { userId } = ctx;
  const [order] = await deps.db
    .select({ farm_id: orders.farm_id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, userId)));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (!order.farm_id || (order.status !== 'dispatched' && order.status !== 'delivered'))
    throw new AppError('CONFLICT', statusMessage(order.status));
  const stored = await uploadFile(
    { db: deps.db, logger: deps.logger, userId, farmId: order.farm_id, role: 'viewer' },
    { storage: deps.storage, limits: deps.config.uploads },
    { ...form, kind: 'dispute' },
  );
  const url = buyerPhotoUrl(orderId, stored.id);
  return { ...stored, url, thumb_url: stored.thumb_url ? `${url}?size=thumb` : null };
}

/**
 * Makes `ids` the photos of one side of a dispute, in the transaction that opens or answers it.
 * The buyer's must be their own uploads for this farm; the farm's, uploads of the farm by anyone
 * but the buyer. Each must be a dispute photo no record has taken yet.
 */
export async function attachDisputePhotosIn(
  tx: Tx,
  dispute: { id: string; farmId: string; buyerId: string | null },
  { side, ids }: { side: 'buyer' | 'seller'; ids: readonly string[] },
): Promise<void> {
  if (ids.length === 0) return;
  const byWhom =
    side === 'buyer'
      ? eq(files.created_by, dispute.buyerId ?? '')
      : dispute.buyerId
        ? ne(files.created_by, dispute.buyerId)
        : undefined;
  const taken = await tx
    .update(files)
    .set({ attached_to_table: DISPUTES, attached_to_id: dispute.id })
    .where(
      and(
        eq(files.farm_id, dispute.farmId),
        inArray(files.id, [...ids]),
        eq(files.kind, 'dispute'),
        isNull(files.attached_to_id),
        isNull(files.deleted_at),
        byWhom,
      ),
    )
    .returning({ id: files.id });
  if (taken.length < new Set(ids).size)
    throw new AppError('VALIDATION', undefined, { photo_ids: 'A photo could not be found. Add it again.' });
}

/**
 * A photo of the dispute on the buyer's order, for its buyer: both sides' once the dispute has
 * them, and before that the buyer's own uploads for it. Any other file is 404.
 */
export async function openBuyerDisputePhoto(
  ctx: Ctx,
  orderId: string,
  input: OpenQuery & { fileId: string },
  deps: Pick<Deps, 'db' | 'logger' | 'storage'>,
): Promise<OpenedFile> {
  const { userId } = ctx;
  const { fileId, ...query } = input;
  const [order] = await deps.db
    .select({ farm_id: orders.farm_id, dispute_id: disputes.id })
    .from(orders)
    .leftJoin(disputes, eq(disputes.order_id, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.buyer_id, userId)));
  if (!order?.farm_id) throw new AppError('NOT_FOUND', NOT_FOUND);
  const mine = and(isNull(files.attached_to_id), eq(files.created_by, userId));
  const ofDispute = order.dispute_id
    ? and(eq(files.attached_to_table, DISPUTES), eq(files.attached_to_id, order.dispute_id))
    : undefined;
  return openDisputeFile(
    deps,
    and(eq(files.farm_id, order.farm_id), ofDispute ? or(mine, ofDispute) : mine),
    fileId,
    query,
  );
}

/** A photo of one dispute, for Gona's staff. */
export async function openAdminDisputePhoto(
  deps: Pick<Deps, 'db' | 'logger' | 'storage'>,
  disputeId: string,
  fileId: string,
  query: OpenQuery,
): Promise<OpenedFile> {
  return openDisputeFile(
    deps,
    and(eq(files.attached_to_table, DISPUTES), eq(files.attached_to_id, disputeId)),
    fileId,
    query,
  );
}

async function openDisputeFile(
  deps: Pick<Deps, 'db' | 'logger' | 'storage'>,
  where: SQL | undefined,
  fileId: string,
  query: OpenQuery,
): Promise<OpenedFile> {
  const db: Db = deps.db;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.kind, 'dispute'), isNull(files.deleted_at), where));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return openRow(deps, deps.storage, row, query);
}
