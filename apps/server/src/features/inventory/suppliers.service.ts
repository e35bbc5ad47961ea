import { and, eq } from 'drizzle-orm';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { CreateSupplier, Supplier, UpdateSupplier } from '@gona/shared/inventory';
import { suppliers } from '../../db/schema/index';
import { auditInsert, auditUpdate } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { newId } from '../../lib/ids';
import { insertOnce, updateVersioned } from '../../lib/writes';
import { byName, keyset } from '../../lib/pagination';

const NOT_FOUND = 'Supplier not found';
const pages = keyset({ order: byName(suppliers) });

/** Active suppliers by name (spec), the list a supply's supplier is picked from. */
export async function listSuppliers(ctx: FarmCtx, query: PageQuery): Promise<Page<Supplier>> {
  const rows = await ctx.db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.is_active, true), pages.after(query.cursor)))
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  return pages.page(rows.map(toSupplier), query.limit);
}

/**
 * The client's id is the idempotency key, as for supplies: a replay (a retry, a queued save sent
 * again) gets the supplier the first request made; an id taken by another farm's record is a conflict.
 */
export async function createSupplier(ctx: FarmCtx, input: CreateSupplier): Promise<Supplier> {
  return ctx.db.transaction(async (tx) => {
    const { row, replayed } = await insertOnce(tx, suppliers, {
      id: input.id ?? newId(),
      farmId: ctx.farmId,
      values: input,
    });
    if (!replayed) await auditInsert(tx, ctx, suppliers, { id: row.id, record: input });
    return toSupplier(row);
  });
}

/** Optimistic concurrency as for supplies; is_active false deactivates, true brings one back. */
export async function updateSupplier(
  ctx: FarmCtx,
  supplierId: string,
  input: UpdateSupplier,
): Promise<Supplier> {
  const { version, ...changes } = input;
  return saveSupplier(ctx, supplierId, version, changes);
}

/**
 * Deactivating hides a supplier from the pick list; supplies that name it keep the name. Suppliers
 * are never deleted, so old records stay readable. Deactivating twice is harmless.
 */
export async function deactivateSupplier(ctx: FarmCtx, supplierId: string): Promise<Supplier> {
  return saveSupplier(ctx, supplierId, null, { is_active: false });
}

async function saveSupplier(
  ctx: FarmCtx,
  supplierId: string,
  version: number | null,
  changes: Omit<UpdateSupplier, 'version'>,
): Promise<Supplier> {
  return ctx.db.transaction(async (tx) => {
    const {
      before,
      row,
      changes: changed,
    } = await updateVersioned(tx, suppliers, {
      where: and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.id, supplierId)),
      version,
      changes,
      notFound: NOT_FOUND,
    });
    await auditUpdate(tx, ctx, suppliers, {
      id: supplierId,
      changes: changed,
      context: { name: before.name },
    });
    return toSupplier(row);
  });
}

function toSupplier(row: typeof suppliers.$inferSelect): Supplier {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
