import { and, eq, type SQL } from 'drizzle-orm';
import { isLowStock, type InventoryAlert, type Movement, type Supply } from '@gona/shared/inventory';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import type { inventory_alerts, supply_movements } from '../../db/schema/index';
import { suppliers, supplies } from '../../db/schema/index';

/**
 * Row → wire mapping and the supply select that every read shares (a supply always travels with
 * its supplier's name and its low-stock flag, so lists and details look the same).
 */

const supplyColumns = {
  id: supplies.id,
  farm_id: supplies.farm_id,
  category: supplies.category,
  name: supplies.name,
  quantity: supplies.quantity,
  unit: supplies.unit,
  low_threshold: supplies.low_threshold,
  unit_cost_kobo: supplies.unit_cost_kobo,
  supplier_id: supplies.supplier_id,
  supplier_name: suppliers.name,
  storage_location: supplies.storage_location,
  expiry_date: supplies.expiry_date,
  notes: supplies.notes,
  created_at: supplies.created_at,
  updated_at: supplies.updated_at,
  version: supplies.version,
};

export function selectSupplies(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(supplyColumns)
    .from(supplies)
    .leftJoin(suppliers, and(eq(suppliers.id, supplies.supplier_id), eq(suppliers.farm_id, supplies.farm_id)))
    .where(where);
}

type SupplyRow = Awaited<ReturnType<typeof selectSupplies>>[number];

export function toSupply(row: SupplyRow): Supply {
  const quantity = normalizeQuantity(row.quantity);
  const lowThreshold = normalizeQuantity(row.low_threshold);
  return {
    ...row,
    quantity,
    low_threshold: lowThreshold,
    is_low_stock: isLowStock(quantity, lowThreshold),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A history row, with the expense that pays for it when it is a receipt someone has paid. */
export function toMovement(
  row: typeof supply_movements.$inferSelect,
  expenseId: string | null = null,
): Movement {
  return {
    ...row,
    quantity: normalizeQuantity(row.quantity),
    quantity_after: normalizeQuantity(row.quantity_after),
    expense_id: expenseId,
    created_at: row.created_at.toISOString(),
  };
}

export function toAlert(
  row: typeof inventory_alerts.$inferSelect,
  supply: Pick<Supply, 'id' | 'name' | 'category' | 'quantity' | 'unit' | 'low_threshold'>,
): InventoryAlert {
  return {
    ...row,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    supply: {
      ...supply,
      quantity: normalizeQuantity(supply.quantity),
      low_threshold: normalizeQuantity(supply.low_threshold),
    },
  };
}
