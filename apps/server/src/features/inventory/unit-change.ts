import { and, eq, sql } from 'drizzle-orm';
import { type SupplyUnit, type UpdateSupply } from '@gona/shared/inventory';
import {
  convertibleUnits,
  convertMovement,
  convertQuantity,
  convertUnitCost,
  factorText,
  MAX_QUANTITY,
  normalizeQuantity,
  unitConversion,
  UNIT_WORDS,
  type Converted,
} from '@gona/shared/units';
import type { Tx } from '../../db/client';
import { supplies, supply_movements } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

type SupplyChanges = Omit<UpdateSupply, 'version'>;

export type UnitChange = {
  /** What the supply row gets: the caller's changes, with quantity, level and cost in the new unit. */
  set: SupplyChanges & { quantity?: string };
  /** For the audit row, when stock was converted. */
  converted?: { from: SupplyUnit; to: SupplyUnit; factor: string; rounded: boolean };
};

/**
 * A new unit for a supply, in the caller's transaction with the supply row locked (movements queue
 * behind the lock, so the stock cannot move mid-conversion).
 *
 * A supply with no stock and no history only gets a new label. Otherwise the unit must convert
 * exactly from the current one (kg ↔ bags, litre ↔ ml); the stock, the low-stock level and the unit
 * cost are converted, and so is every row of the history: its running total is converted and its
 * change recomputed from the converted totals (`convertMovement`), so the history reads in the new
 * unit and still adds up to the stock. A marked "converted" entry was the other choice; it leaves a
 * history half in one unit and half in another, which needs a unit on every row and cannot be
 * summed or exported as one column. The audit row keeps the original unit and the factor.
 *
 * A missing supply or a stale version is left to the update that follows (404, 409).
 */
export async function changeUnitIn(
  tx: Tx,
  farmId: string,
  supplyId: string,
  version: number,
  changes: SupplyChanges,
): Promise<UnitChange> {
  const ofSupply = and(eq(supplies.farm_id, farmId), eq(supplies.id, supplyId));
  const [supply] = await tx
    .select({
      unit: supplies.unit,
      quantity: supplies.quantity,
      low_threshold: supplies.low_threshold,
      unit_cost_kobo: supplies.unit_cost_kobo,
      version: supplies.version,
    })
    .from(supplies)
    .where(ofSupply)
    .for('update');
  const to = changes.unit;
  if (!supply || supply.version !== version || !to || to === supply.unit) return { set: changes };

  const history = await tx
    .select({
      id: supply_movements.id,
      quantity: supply_movements.quantity,
      quantity_after: supply_movements.quantity_after,
      unit_cost_kobo: supply_movements.unit_cost_kobo,
    })
    .from(supply_movements)
    .where(and(eq(supply_movements.farm_id, farmId), eq(supply_movements.supply_id, supplyId)));
  const quantity = normalizeQuantity(supply.quantity);
  if (history.length === 0 && quantity === '0') return { set: changes };

  const conversion = unitConversion(supply.unit, to);
  if (!conversion) throw unitError(cannotConvert(supply.unit));
  const stock = convertQuantity(quantity, conversion);
  const level = convertQuantity(changes.low_threshold ?? normalizeQuantity(supply.low_threshold), conversion);
  const movements = settled(
    history.map((row) =>
      convertMovement(
        { quantity: normalizeQuantity(row.quantity), quantity_after: normalizeQuantity(row.quantity_after) },
        conversion,
      ),
    ),
  );
  const costs = settled(
    [changes.unit_cost_kobo === undefined ? supply.unit_cost_kobo : changes.unit_cost_kobo]
      .concat(history.map((row) => row.unit_cost_kobo))
      .map((cost): Converted<number | null> =>
        cost == null ? { ok: true, value: null, rounded: false } : convertUnitCost(cost, conversion),
      ),
  );
  if (!stock.ok || !level.ok || !movements) {
    throw unitError(
      `In ${UNIT_WORDS[to]} this stock or its history would be more than ${MAX_QUANTITY}, the most Gona can store; keep ${UNIT_WORDS[supply.unit]}`,
    );
  }
  if (!costs) {
    throw unitError(
      `The cost per unit in ${UNIT_WORDS[to]} would be more than ₦21,474,836.47; keep ${UNIT_WORDS[supply.unit]}`,
    );
  }

  const [unitCost = null, ...movementCosts] = costs.values;
  if (history.length > 0) {
    const rows = history.map((row, i) => ({
      id: row.id,
      ...movements.values[i],
      unit_cost_kobo: movementCosts[i] ?? null,
    }));
    await tx.execute(sql`
      UPDATE ${supply_movements}
      SET quantity = v.quantity, quantity_after = v.quantity_after, unit_cost_kobo = v.unit_cost_kobo
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, quantity numeric, quantity_after numeric, unit_cost_kobo integer)
      WHERE ${supply_movements.farm_id} = ${farmId}
        AND ${supply_movements.supply_id} = ${supplyId}
        AND ${supply_movements.id} = v.id`);
  }
  return {
    set: { ...changes, quantity: stock.value, low_threshold: level.value, unit_cost_kobo: unitCost },
    converted: {
      from: supply.unit,
      to,
      factor: factorText(conversion),
      rounded: stock.rounded || level.rounded || movements.rounded || costs.rounded,
    },
  };
}

/** All the values when every conversion fits its column, with whether any was rounded; else null. */
function settled<T>(results: Converted<T>[]): { values: T[]; rounded: boolean } | null {
  const values: T[] = [];
  let rounded = false;
  for (const result of results) {
    if (!result.ok) return null;
    values.push(result.value);
    rounded ||= result.rounded;
  }
  return { values, rounded };
}

function cannotConvert(from: SupplyUnit): string {
  const words = UNIT_WORDS[from];
  const targets = convertibleUnits(from).map((unit) => UNIT_WORDS[unit]);
  return targets.length > 0
    ? `This supply has stock history in ${words}; it can only change to a unit Gona can convert ${words} to (${targets.join(', ')})`
    : `This supply has stock history in ${words}; Gona cannot convert ${words} to another unit, so add a new supply for the new unit`;
}

function unitError(message: string): AppError {
  return new AppError('VALIDATION', message, { unit: message });
}
