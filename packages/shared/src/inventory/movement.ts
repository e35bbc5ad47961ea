import type { MovementKind } from './constants';
import { fromMilli, toMilli, type Quantity } from '../units/index';

export type MovementChange = { kind: MovementKind; quantity: Quantity };

export type MovementOutcome =
  | { ok: true; quantityAfter: Quantity; delta: Quantity }
  | { ok: false; reason: 'below_zero'; available: Quantity };

/**
 * The stock rule: what a movement does to the quantity on hand. Received adds; used, sold, lost and
 * expired take away; adjusted sets the counted quantity. Stock never goes below zero, so taking away
 * more than there is is refused (an expected outcome, returned rather than thrown).
 */
export function applyMovement(onHand: Quantity, change: MovementChange): MovementOutcome {
  const before = parse(onHand);
  const amount = parse(change.quantity);
  const after =
    change.kind === 'adjusted' ? amount : change.kind === 'received' ? before + amount : before - amount;
  if (after < 0) return { ok: false, reason: 'below_zero', available: fromMilli(before) };
  return { ok: true, quantityAfter: fromMilli(after), delta: fromMilli(after - before) };
}

/** Low stock means at or below the threshold (spec: quantity at most low_threshold). */
export function isLowStock(quantity: Quantity, lowThreshold: Quantity): boolean {
  return parse(quantity) <= parse(lowThreshold);
}

function parse(quantity: Quantity): number {
  const milli = toMilli(quantity);
  if (milli === null) throw new RangeError(`Not a quantity: ${quantity}`);
  return milli;
}
