import { and, eq } from 'drizzle-orm';
import { CATEGORY_WORDS, isLowStock, KIND_WORDS } from '@gona/shared/inventory';
import { normalizeQuantity, UNIT_WORDS } from '@gona/shared/units';
import { suppliers, supplies, supply_movements, users } from '../../db/schema/index';
import type { FarmCtx } from '../../lib/ctx';
import { column, csvExport, type CsvExport } from '../../lib/csv';
import { keyset, newestFirst } from '../../lib/pagination';

const COST = 'Unit cost (₦)';
const supplyPages = keyset({ order: newestFirst(supplies) });
const movementPages = keyset({ order: newestFirst(supply_movements) });

/** Every supply of the farm as CSV, newest first; workers do not see money, so no cost column. */
export async function exportSuppliesCsv(ctx: FarmCtx): Promise<CsvExport> {
  type Row = Awaited<ReturnType<typeof readSupplies>>[number];
  const readSupplies = (cursor: string | undefined, limit: number) =>
    ctx.db
      .select({
        id: supplies.id,
        created_at: supplies.created_at,
        name: supplies.name,
        category: supplies.category,
        quantity: supplies.quantity,
        unit: supplies.unit,
        low_threshold: supplies.low_threshold,
        unit_cost_kobo: supplies.unit_cost_kobo,
        supplier: suppliers.name,
        storage_location: supplies.storage_location,
        expiry_date: supplies.expiry_date,
        notes: supplies.notes,
        updated_at: supplies.updated_at,
      })
      .from(supplies)
      .leftJoin(suppliers, eq(suppliers.id, supplies.supplier_id))
      .where(and(eq(supplies.farm_id, ctx.farmId), supplyPages.after(cursor)))
      .orderBy(...supplyPages.orderBy)
      .limit(limit + 1);
  return csvExport<Row>(ctx, {
    name: 'supplies',
    columns: [
      column.text('Name', (r) => r.name),
      column.words('Category', CATEGORY_WORDS, (r) => r.category),
      column.plain('Quantity', (r) => normalizeQuantity(r.quantity)),
      column.words('Unit', UNIT_WORDS, (r) => r.unit),
      column.plain('Low-stock level', (r) => normalizeQuantity(r.low_threshold)),
      column.plain('Low stock', (r) => (isLowStock(r.quantity, r.low_threshold) ? 'Yes' : 'No')),
      column.naira<Row>(COST, (r) => r.unit_cost_kobo),
      column.text('Supplier', (r) => r.supplier),
      column.text('Storage location', (r) => r.storage_location),
      column.date('Expiry date', (r) => r.expiry_date),
      column.text('Notes', (r) => r.notes),
      column.time('Added', (r) => r.created_at),
      column.time('Last changed', (r) => r.updated_at),
    ],
    readBatch: async ({ cursor, limit }) => supplyPages.page(await readSupplies(cursor, limit), limit),
  });
}

/** Every stock movement of the farm as CSV, newest first, with the supply and who recorded it. */
export async function exportMovementsCsv(ctx: FarmCtx): Promise<CsvExport> {
  type Row = Awaited<ReturnType<typeof readMovements>>[number];
  const readMovements = (cursor: string | undefined, limit: number) =>
    ctx.db
      .select({
        id: supply_movements.id,
        created_at: supply_movements.created_at,
        supply: supplies.name,
        unit: supplies.unit,
        kind: supply_movements.kind,
        quantity: supply_movements.quantity,
        quantity_after: supply_movements.quantity_after,
        reason: supply_movements.reason,
        note: supply_movements.note,
        unit_cost_kobo: supply_movements.unit_cost_kobo,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(supply_movements)
      .innerJoin(supplies, eq(supplies.id, supply_movements.supply_id))
      .innerJoin(users, eq(users.id, supply_movements.user_id))
      .where(and(eq(supply_movements.farm_id, ctx.farmId), movementPages.after(cursor)))
      .orderBy(...movementPages.orderBy)
      .limit(limit + 1);
  return csvExport<Row>(ctx, {
    name: 'stock-movements',
    columns: [
      column.time('Date', (r) => r.created_at),
      column.text('Supply', (r) => r.supply),
      column.words('What happened', KIND_WORDS, (r) => r.kind),
      column.plain('Change', (r) => signed(normalizeQuantity(r.quantity))),
      column.words('Unit', UNIT_WORDS, (r) => r.unit),
      column.plain('Stock after', (r) => normalizeQuantity(r.quantity_after)),
      column.text('Reason', (r) => r.reason),
      column.text('Note', (r) => r.note),
      column.naira<Row>(COST, (r) => r.unit_cost_kobo),
      column.text('Recorded by', (r) => `${r.first_name} ${r.last_name}`),
    ],
    readBatch: async ({ cursor, limit }) => movementPages.page(await readMovements(cursor, limit), limit),
  });
}

/** "+5" for 5 received, "-2" for 2 used: the column sums to the change in stock. */
function signed(quantity: string): string {
  return quantity.startsWith('-') || quantity === '0' ? quantity : `+${quantity}`;
}
