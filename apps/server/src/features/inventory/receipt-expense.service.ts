import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StockReceipt } from '@gona/shared/finance';
import { normalizeQuantity } from '@gona/shared/units';
import type { Db, Tx } from '../../db/client';
import { expenses, supplies, supply_movements } from '../../db/schema/index';

/**
 * Store receipts and the expenses that pay for them (`expenses.movement_id`, one each): the history
 * says which receipts are paid, an expense says which receipt it paid. The expense is written by the
 * money feature; this side only reads the link.
 */

/** The expense that pays for a movement, or null while none does. */
export async function expenseOfMovement(
  db: Db | Tx,
  farmId: string,
  movementId: string,
): Promise<string | null> {
  const [found] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.farm_id, farmId), eq(expenses.movement_id, movementId)));
  return found?.id ?? null;
}

/**
 * What each receipt was, for the expenses that pay for them: the supply, how much came in, in its
 * unit. A receipt whose supply has been deleted since is not found (its expense keeps its amount).
 */
export async function stockReceipts(
  db: Db | Tx,
  farmId: string,
  movementIds: readonly string[],
): Promise<Map<string, StockReceipt>> {
  if (movementIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: supply_movements.id,
      supply_id: supplies.id,
      supply_name: supplies.name,
      quantity: sql<string>`abs(${supply_movements.quantity})::text`,
      unit: supplies.unit,
    })
    .from(supply_movements)
    .innerJoin(
      supplies,
      and(eq(supplies.id, supply_movements.supply_id), eq(supplies.farm_id, supply_movements.farm_id)),
    )
    .where(and(eq(supply_movements.farm_id, farmId), inArray(supply_movements.id, [...movementIds])));
  return new Map(
    rows.map(({ id, quantity, ...receipt }) => [id, { ...receipt, quantity: normalizeQuantity(quantity) }]),
  );
}
