import type { LedgerAccount } from '@gona/shared/marketplace';
import type { Db, Tx } from '../../db/client';
import { ledger_entries } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/** One line of a ledger transaction: signed kobo (debit positive, credit negative). */
export type LedgerLine = { account: LedgerAccount; amountKobo: number };

/** What moved the money; kept on each line. */
export type LedgerKind =
  | 'payment'
  | 'extra_payment'
  | 'refund'
  | 'refund_processed'
  | 'refund_failed'
  | 'completion'
  | 'payout'
  /** A farm's Gona Pro payment: gateway +price / subscription_revenue −(price − VAT) / vat_payable −VAT. */
  | 'subscription_payment';

/**
 * Writes one balanced ledger transaction for an order, inside the caller's transaction so it
 * commits with the order's change. Refuses lines that do not add up to zero (a bug, never input).
 *
 * - payment (charge.success verified): gateway +total, held −total;
 * - extra_payment (a verified charge that pays nothing: a second payment, one that does not match
 *   its order, a reference no order issued): gateway +amount, suspense −amount; its refund is a
 *   `refund` suspense +amount, refunds_payable −amount, and a failed one refunds_payable +amount,
 *   suspense −amount (back in suspense for staff);
 * - refund asked of the provider: held +total, refunds_payable −total;
 * - refund processed: refunds_payable +total, gateway −total;
 * - refund failed: refunds_payable +total, held −total (the money is held again for people to look at);
 * - completion (a delivered order's window passed): held +(delivered value + delivery fee),
 *   commission −(its commission), seller_payable −(the rest, what the farm is owed);
 * - payout (transfer.success of the farm's payout): seller_payable +amount, gateway −amount.
 *
 * Until an order completes its whole total (less refunds) stays held; a refund of what was short on
 * delivery is a `refund` of that amount.
 */
export async function recordLedger(
  db: Db | Tx,
  /** Null only for an extra payment on a reference no order issued. */
  orderId: string | null,
  kind: LedgerKind,
  lines: LedgerLine[],
  /** The gateway reference the money came in or goes out on (payments and their refunds). */
  reference: string | null = null,
): Promise<string> {
  const sum = lines.reduce((s, l) => s + l.amountKobo, 0);
  if (sum !== 0 || lines.some((l) => !Number.isSafeInteger(l.amountKobo) || l.amountKobo === 0))
    throw new Error(`ledger: a ${kind} transaction must be whole kobo adding up to 0`);
  const txnId = newId();
  await db.insert(ledger_entries).values(
    lines.map((l) => ({
      txn_id: txnId,
      order_id: orderId,
      account: l.account,
      amount_kobo: l.amountKobo,
      kind,
      reference,
    })),
  );
  return txnId;
}
