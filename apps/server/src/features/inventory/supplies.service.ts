import { and, eq, ilike, sql } from 'drizzle-orm';
import type { Page } from '@gona/shared/pagination';
import type {
  CreateSupply,
  Supply,
  SupplyListQuery,
  SupplyWithPhotos,
  UpdateSupply,
} from '@gona/shared/inventory';
import type { Db, Tx } from '../../db/client';
import { suppliers, supplies, supply_movements } from '../../db/schema/index';
import { auditDelete, auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { attachFilesIn, deleteFilesIn, listFilesOf } from '../files/files.service';
import { byName, keyset, newestFirst } from '../../lib/pagination';
import { containing } from '../../lib/search';
import { literalLimit } from '../../lib/prepared';
import { syncAlertIn } from './alerts.service';
import { selectSupplies, toSupply } from './inventory.rows';
import { changeUnitIn } from './unit-change';

const NOT_FOUND = 'Supply not found';
const newestPages = keyset({ order: newestFirst(supplies) });
const namePages = keyset({ order: byName(supplies) });

/**
 * The farm's supplies: newest first; by name within a category (spec); `low_stock` keeps those at
 * or below their threshold (the predicate matches the partial index supplies_low_stock_idx).
 */
export async function listSupplies(ctx: FarmCtx, query: SupplyListQuery): Promise<Page<Supply>> {
  const pages = query.category === undefined ? newestPages : namePages;
  const where = and(
    eq(supplies.farm_id, ctx.farmId),
    query.category ? eq(supplies.category, query.category) : undefined,
    query.search ? ilike(supplies.name, containing(query.search)) : undefined,
    query.low_stock === true ? sql`${supplies.quantity} <= ${supplies.low_threshold}` : undefined,
    query.low_stock === false ? sql`${supplies.quantity} > ${supplies.low_threshold}` : undefined,
    pages.after(query.cursor),
  );
  const rows = await selectSupplies(ctx.db, where)
    .orderBy(...pages.orderBy)
    .limit(literalLimit(query.limit + 1));
  return pages.page(rows.map(toSupply), query.limit);
}

export async function getSupply(ctx: FarmCtx, supplyId: string): Promise<SupplyWithPhotos> {
  return readSupplyWithPhotos(ctx.db, ctx.farmId, supplyId);
}

/**
 * A starting quantity above zero becomes the supply's first movement ("Opening stock"); photos
 * uploaded for it are attached. The client's id makes a replayed create return the supply the
 * first request made (`insertOnce`).
 */
export async function createSupply(ctx: FarmCtx, input: CreateSupply): Promise<SupplyWithPhotos> {
  const { photo_ids: photoIds = [], ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    await assertSupplierOfFarm(tx, ctx.farmId, input.supplier_id);
    const { row, replayed } = await insertOnce(tx, supplies, {
      id: input.id ?? newId(),
      farmId: ctx.farmId,
      values: fields,
    });
    if (replayed) return readSupplyWithPhotos(tx, ctx.farmId, row.id);
    await attachFilesIn(tx, ctx, { table: supplies, id: row.id, kind: 'supply', fileIds: photoIds });
    if (input.quantity !== '0') {
      await tx.insert(supply_movements).values({
        id: newId(),
        farm_id: ctx.farmId,
        supply_id: row.id,
        kind: 'adjusted',
        quantity: input.quantity,
        quantity_after: input.quantity,
        reason: 'Opening stock',
        user_id: ctx.userId,
      });
    }
    const record = photoIds.length > 0 ? { ...fields, photos: photoIds.length } : fields;
    await auditInsert(tx, ctx, supplies, { id: row.id, record });
    await syncAlertIn(tx, ctx, row);
    return readSupplyWithPhotos(tx, ctx.farmId, row.id);
  });
}

/**
 * Optimistic concurrency (`updateVersioned`): the caller's version must still be current, or
 * nothing changes (409). A new unit converts the stock and its history first (`changeUnitIn`).
 * `photo_ids`, when sent, is the supply's whole new list of photos.
 */
export async function updateSupply(
  ctx: FarmCtx,
  supplyId: string,
  input: UpdateSupply,
): Promise<SupplyWithPhotos> {
  const { version, photo_ids: photoIds, ...changes } = input;
  return ctx.db.transaction(async (tx) => {
    await assertSupplierOfFarm(tx, ctx.farmId, changes.supplier_id);
    const { set, converted } = changes.unit
      ? await changeUnitIn(tx, ctx.farmId, supplyId, version, changes)
      : { set: changes, converted: undefined };
    const updated = await updateVersioned(tx, supplies, {
      where: and(eq(supplies.farm_id, ctx.farmId), eq(supplies.id, supplyId)),
      version,
      changes: set,
      notFound: NOT_FOUND,
    });
    const photos = photoIds
      ? await attachFilesIn(tx, ctx, { table: supplies, id: supplyId, kind: 'supply', fileIds: photoIds })
      : null;
    const { name, unit } = updated.before;
    await auditUpdate(tx, ctx, supplies, {
      id: supplyId,
      changes: updated.changes || photos ? { ...updated.changes, ...photos } : null,
      context: { name, unit, ...(converted ? { unit_converted: converted } : {}) },
    });
    // An unchanged save leaves the alerts as they are (a dismissed alert stays dismissed).
    if (updated.changes) await syncAlertIn(tx, ctx, updated.row);
    return readSupplyWithPhotos(tx, ctx.farmId, supplyId);
  });
}

/** Deleting a supply removes its movements, alerts and photos with it; the audit log keeps the record. */
export async function deleteSupply(ctx: FarmCtx, supplyId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(supplies)
      .where(and(eq(supplies.farm_id, ctx.farmId), eq(supplies.id, supplyId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deleteFilesIn(tx, ctx, { table: supplies, id: supplyId });
    await auditDelete(tx, ctx, supplies, { id: supplyId, record: row });
  });
}

/** The supply as the API shows it, read inside the caller's transaction; 404 when it is not this farm's. */
export async function readSupply(tx: Db | Tx, farmId: string, supplyId: string): Promise<Supply> {
  const [row] = await selectSupplies(tx, and(eq(supplies.farm_id, farmId), eq(supplies.id, supplyId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toSupply(row);
}

async function readSupplyWithPhotos(
  tx: Db | Tx,
  farmId: string,
  supplyId: string,
): Promise<SupplyWithPhotos> {
  const supply = await readSupply(tx, farmId, supplyId);
  return { ...supply, photos: await listFilesOf(tx, farmId, supplies, supplyId) };
}

async function assertSupplierOfFarm(
  tx: Tx,
  farmId: string,
  supplierId: string | null | undefined,
): Promise<void> {
  if (!supplierId) return;
  const [found] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.farm_id, farmId), eq(suppliers.id, supplierId)));
  if (!found) throw new AppError('VALIDATION', undefined, { supplier_id: 'Choose a supplier from the list' });
}
