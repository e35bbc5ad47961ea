import { receiptAmountKobo, type Movement, type Supply } from '@gona/shared/inventory';

/** The supply fields an expense for one of its receipts is made from. */
export type ReceiptSupply = Pick<
  Supply,
  'id' | 'name' | 'unit' | 'category' | 'supplier_id' | 'supplier_name'
>;

/** A store receipt that may be recorded as an expense: what came in, what it cost, and on which day. */
export type ReceiptOffer = {
  movementId: string;
  supply: ReceiptSupply;
  /** How much came in, in the supply's unit ("4", "2.5"). */
  quantity: string;
  amountKobo: number;
  /** The farm's day it came in (yyyy-mm-dd). */
  date: string;
};

/** What of a movement (recorded, or saved on the phone) an offer is made from. */
export type OfferedMovement = Pick<
  Movement,
  'id' | 'kind' | 'quantity' | 'unit_cost_kobo' | 'expense_id' | 'created_at'
>;

/**
 * The expense a movement offers: only stock received with a unit cost, worth something, and not
 * paid yet (a movement without `expense_id` comes from someone who may not see money: no offer).
 */
export function receiptOffer(supply: ReceiptSupply, movement: OfferedMovement): ReceiptOffer | null {
  if (movement.kind !== 'received' || movement.unit_cost_kobo == null || movement.expense_id !== null)
    return null;
  const amountKobo = receiptAmountKobo(movement.quantity, movement.unit_cost_kobo);
  if (amountKobo === null) return null;
  return {
    movementId: movement.id,
    supply,
    quantity: movement.quantity.replace(/^-/, ''),
    amountKobo,
    date: dayOnFarm(movement.created_at),
  };
}

/** The calendar day (yyyy-mm-dd) a moment fell on, on the farm's clock (Africa/Lagos unless given). */
export function dayOnFarm(iso: string, timeZone = 'Africa/Lagos'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}
