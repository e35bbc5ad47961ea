/**
 * The stock rules a screen needs at once (what a movement does to the quantity on hand, when stock
 * is low), without the inventory schemas, so the first load carries no validator.
 */
export { applyMovement, isLowStock, type MovementChange, type MovementOutcome } from '../inventory/movement';
