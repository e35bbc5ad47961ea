import { and, eq } from 'drizzle-orm';
import type { Page, PageQuery } from '@gona/shared/pagination';
import {
  applyMovement,
  type Movement,
  type MovementResult,
  type RecordMovement,
} from '@gona/shared/inventory';
import { normalizeQuantity } from '@gona/shared/units';
import type { Tx } from '../../db/client';
import { expenses, supplies, supply_movements } from '../../db/schema/index';
import { auditInsert } from '../../lib/audit';
import type { FarmCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { readsMoney } from '../../lib/visible-fields';
import { notifyLowStockIn, syncAlertIn } from './alerts.service';
import { insertOnce } from '../../lib/writes';
import { keyset, newestFirst } from '../../lib/pagination';
import { toMovement } from './inventory.rows';
import { expenseOfMovement } from './receipt-expense.service';
import { readSupply } from './supplies.service';

const WORKER_COST = 'Only the owner or a manager records what stock cost; leave the cost empty';

/**
 * Records one stock movement in one transaction: lock the supply row (concurrent movements on the
 * same supply queue here, so none can read a stale quantity), apply the stock rule, write the
 * movement, the new quantity, the alert change and the audit row.
 *
 * The movement id is the client's idempotency key (`insertOnce`). It is looked up after taking the
 * lock, so a retry racing its own original waits for it and then returns the first result instead
 * of recording twice, and before the stock rule, so a retry of the movement that took the last of
 * the stock is not refused.
 */
export async function recordMovement(
  ctx: FarmCtx,
  supplyId: string,
  input: RecordMovement,
): Promise<MovementResult> {
  // Workers do not see money (product.md), so they do not set it either.
  if (input.unit_cost_kobo != null && !readsMoney(ctx.role)) {
    throw new AppError('VALIDATION', undefined, { unit_cost_kobo: WORKER_COST });
  }
  return ctx.db.transaction((tx) => recordMovementIn(tx, ctx, { ...input, supplyId }));
}

/**
 * `recordMovement` inside the caller's transaction: a feature that records a stock use as part of
 * its own event (a task done with the fertilizer it used) commits or rolls back both together.
 */
export async function recordMovementIn(
  tx: Tx,
  ctx: Omit<FarmCtx, 'db'>,
  input: RecordMovement & { supplyId: string },
): Promise<MovementResult> {
  const { supplyId } = input;
  const [supply] = await tx
    .select({
      id: supplies.id,
      name: supplies.name,
      unit: supplies.unit,
      quantity: supplies.quantity,
      low_threshold: supplies.low_threshold,
    })
    .from(supplies)
    .where(and(eq(supplies.farm_id, ctx.farmId), eq(supplies.id, supplyId)))
    .for('update');
  if (!supply) throw new AppError('NOT_FOUND', 'Supply not found');

  const { row: movement, replayed } = await insertOnce(tx, supply_movements, {
    id: input.id,
    farmId: ctx.farmId,
    parent: { supply_id: supplyId },
    values: () => ({
      ...newMovement(normalizeQuantity(supply.quantity), input),
      supply_id: supplyId,
      user_id: ctx.userId,
    }),
  });
  if (replayed) {
    // A retry that comes after the receipt was paid says so, so the phone does not offer it again.
    const expenseId =
      movement.kind === 'received' ? await expenseOfMovement(tx, ctx.farmId, movement.id) : null;
    return { movement: toMovement(movement, expenseId), supply: await readSupply(tx, ctx.farmId, supplyId) };
  }

  const quantityAfter = normalizeQuantity(movement.quantity_after);
  await tx
    .update(supplies)
    .set({
      quantity: quantityAfter,
      // The latest purchase price becomes the supply's unit cost, so stock value follows the market.
      ...(input.kind === 'received' && input.unit_cost_kobo != null
        ? { unit_cost_kobo: input.unit_cost_kobo }
        : {}),
      updated_at: new Date(),
    })
    .where(and(eq(supplies.farm_id, ctx.farmId), eq(supplies.id, supplyId)));
  await auditInsert(tx, ctx, supply_movements, {
    id: movement.id,
    record: {
      supply_id: supplyId,
      supply_name: supply.name,
      unit: supply.unit,
      kind: movement.kind,
      quantity: normalizeQuantity(movement.quantity),
      quantity_after: quantityAfter,
      reason: movement.reason,
      unit_cost_kobo: movement.unit_cost_kobo,
    },
  });
  const lowStockAlert = await syncAlertIn(tx, ctx, { ...supply, quantity: quantityAfter });
  if (lowStockAlert) await notifyLowStockIn(tx, ctx, lowStockAlert, { ...supply, quantity: quantityAfter });
  return { movement: toMovement(movement), supply: await readSupply(tx, ctx.farmId, supplyId) };
}

const pages = keyset({ order: newestFirst(supply_movements) });

/** A supply's movement history, newest first, each receipt with the expense that paid it (if one has). */
export async function listMovements(
  ctx: FarmCtx,
  supplyId: string,
  query: PageQuery,
): Promise<Page<Movement>> {
  await readSupply(ctx.db, ctx.farmId, supplyId);
  const rows = await ctx.db
    .select({ movement: supply_movements, expense_id: expenses.id })
    .from(supply_movements)
    .leftJoin(
      expenses,
      and(eq(expenses.movement_id, supply_movements.id), eq(expenses.farm_id, supply_movements.farm_id)),
    )
    .where(
      and(
        eq(supply_movements.farm_id, ctx.farmId),
        eq(supply_movements.supply_id, supplyId),
        pages.after(query.cursor),
      ),
    )
    .orderBy(...pages.orderBy)
    .limit(query.limit + 1);
  return pages.page(
    rows.map((row) => toMovement(row.movement, row.expense_id)),
    query.limit,
  );
}

/** The movement's columns after the stock rule, or the 409 that says how much is left. */
function newMovement(quantity: string, input: RecordMovement) {
  const outcome = applyMovement(quantity, input);
  if (!outcome.ok) {
    throw new AppError(
      'CONFLICT',
      `Not enough stock: only ${outcome.available} left, so ${input.quantity} cannot be taken out. Record what came in first, or count the stock.`,
      { quantity: `Only ${outcome.available} left` },
    );
  }
  return {
    kind: input.kind,
    quantity: outcome.delta,
    quantity_after: outcome.quantityAfter,
    reason: input.reason ?? null,
    note: input.note ?? null,
    unit_cost_kobo: input.unit_cost_kobo ?? null,
  };
}
