import { and, eq, sql } from 'drizzle-orm';
import type { Page, PageQuery } from '@gona/shared/pagination';
import type { CreateSupplier, Supplier, UpdateSupplier } from '@gona/shared/inventory';
import type { Tx } from '../../db/client';
import { suppliers } from '../../db/schema/index';
import { diff, writeAudit } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
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
    const [row] = await tx
      .insert(suppliers)
      .values({ ...input, id: input.id ?? newId(), farm_id: ctx.farmId })
      .onConflictDoNothing({ target: suppliers.id })
      .returning();
    if (!row) return replayedSupplier(tx, ctx.farmId, input.id);
    await writeAudit(tx, {
      userId: ctx.userId,
      farmId: ctx.farmId,
      tableName: 'suppliers',
      recordId: row.id,
      action: 'insert',
      changes: input,
    });
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
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.id, supplierId)));
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (current.version !== version) throw new AppError('CONFLICT');
    const [row] = await tx
      .update(suppliers)
      .set({ ...changes, version: sql`${suppliers.version} + 1`, updated_at: new Date() })
      .where(
        and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.id, supplierId), eq(suppliers.version, version)),
      )
      .returning();
    if (!row) throw new AppError('CONFLICT');
    await writeAudit(tx, {
      userId: ctx.userId,
      farmId: ctx.farmId,
      tableName: 'suppliers',
      recordId: supplierId,
      action: 'update',
      changes: { name: current.name, ...diff(current, changes) },
    });
    return toSupplier(row);
  });
}

/**
 * Deactivating hides a supplier from the pick list; supplies that name it keep the name. Suppliers
 * are never deleted, so old records stay readable. Deactivating twice is harmless.
 */
export async function deactivateSupplier(ctx: FarmCtx, supplierId: string): Promise<Supplier> {
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(suppliers)
      .set({ is_active: false, version: sql`${suppliers.version} + 1`, updated_at: new Date() })
      .where(
        and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.id, supplierId), eq(suppliers.is_active, true)),
      )
      .returning();
    if (changed) {
      await writeAudit(tx, {
        userId: ctx.userId,
        farmId: ctx.farmId,
        tableName: 'suppliers',
        recordId: supplierId,
        action: 'update',
        changes: { name: changed.name, is_active: { from: true, to: false } },
      });
      return toSupplier(changed);
    }
    const [row] = await tx
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.farm_id, ctx.farmId), eq(suppliers.id, supplierId)));
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return toSupplier(row);
  });
}

async function replayedSupplier(tx: Tx, farmId: string, id: string | undefined): Promise<Supplier> {
  const [existing] = id
    ? await tx
        .select()
        .from(suppliers)
        .where(and(eq(suppliers.farm_id, farmId), eq(suppliers.id, id)))
    : [];
  if (!existing) throw new AppError('CONFLICT', 'This record already exists.');
  return toSupplier(existing);
}

function toSupplier(row: typeof suppliers.$inferSelect): Supplier {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
