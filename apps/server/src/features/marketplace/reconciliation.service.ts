import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@gona/shared/farms';
import { ledger_entries } from '../../db/schema/index';
import { PaymentGatewayError, type VerifiedPayment } from '../../integrations/payments';
import type { Deps } from '../../lib/ctx';
import { dateIn } from '../../lib/farm-time';
import { applyBillingCharge, isBillingCharge } from '../billing/billing-events.service';
import { applyCharge, orderIdOf, tellStaff } from './order-payments.service';

/**
 * The daily check of the gateway's money against the ledger (docs/decisions/054): every successful
 * charge Paystack lists (GET /transaction?status=success, by creation time) must be in the ledger
 * as money in on its reference (a payment of its order, or an extra payment in suspense) for the
 * same amount, and every reference the ledger took money in on must be a charge at Paystack.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How far back each run looks: a charge whose event was lost is found on each of these days. */
export const RECONCILE_DAYS = 7;
/** Charges younger than this may still have their webhook on the way: the next run checks them. */
const SETTLING_MS = 15 * MINUTE_MS;
const PER_PAGE = 100;
/** A bound on pages read, so a gateway answering pages for ever cannot hold the job. */
const MAX_PAGES = 500;
const MONEY_IN_KINDS = ['payment', 'extra_payment', 'subscription_payment'];
/** References named in staff's notification; the log has them all. */
const REFERENCES_TOLD = 5;

export type ReconciliationDifference = {
  reference: string;
  /**
   * missing: Paystack charged it and the ledger has no money in on it (it is applied now, as its
   * webhook would have: `recorded`); amount: both have it, for different amounts; not_at_gateway:
   * the ledger took money in on a reference Paystack does not show as charged.
   */
  kind: 'missing' | 'amount' | 'not_at_gateway';
  gateway_kobo: number | null;
  ledger_kobo: number | null;
  recorded: boolean;
};

export type ReconciliationResult = {
  from: Date;
  to: Date;
  /** Successful charges Paystack listed in the window, and their total. */
  charges: number;
  charged_kobo: number;
  differences: ReconciliationDifference[];
};

type ReconcileDeps = Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>;

export async function reconcilePayments(
  deps: ReconcileDeps,
  now: Date,
): Promise<ReconciliationResult | null> {
  const gateway = deps.payments;
  if (!gateway) return null;
  const to = new Date(now.getTime() - SETTLING_MS);
  const from = new Date(to.getTime() - RECONCILE_DAYS * DAY_MS);

  const charges: VerifiedPayment[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await gateway.listTransactions({ status: 'success', from, to, page, perPage: PER_PAGE });
    charges.push(...answer.transactions.filter((t) => t.status === 'success'));
    if (answer.transactions.length === 0 || page >= answer.pageCount) break;
  }

  const moneyIn = async (where: ReturnType<typeof and>) =>
    new Map(
      (
        await deps.db
          .select({
            reference: ledger_entries.reference,
            sum: sql<string>`sum(${ledger_entries.amount_kobo})`,
          })
          .from(ledger_entries)
          .where(
            and(
              eq(ledger_entries.account, 'gateway'),
              inArray(ledger_entries.kind, MONEY_IN_KINDS),
              isNotNull(ledger_entries.reference),
              where,
            ),
          )
          .groupBy(ledger_entries.reference)
      ).map((r) => [r.reference!, Number(r.sum)]),
    );

  const differences: ReconciliationDifference[] = [];
  const charged = new Set(charges.map((c) => c.reference));
  const ledgerOfCharges =
    charges.length > 0
      ? await moneyIn(inArray(ledger_entries.reference, [...charged]))
      : new Map<string, number>();
  for (const charge of charges) {
    const ledger = ledgerOfCharges.get(charge.reference) ?? 0;
    if (ledger === charge.amountKobo) continue;
    if (ledger !== 0) {
      differences.push({
        reference: charge.reference,
        kind: 'amount',
        gateway_kobo: charge.amountKobo,
        ledger_kobo: ledger,
        recorded: false,
      });
      continue;
    }
    // Its event never came (or never applied): applied now, to its order or into suspense (Gona
    // Pro's charges to their farm's subscription).
    let recorded = false;
    try {
      const outcome = isBillingCharge(charge)
        ? await applyBillingCharge(deps, charge.reference)
        : await applyCharge(deps, charge.reference, orderIdOf(charge.metadata));
      recorded = outcome !== 'already_applied' && outcome !== 'not_charged' && outcome !== 'waiting';
    } catch (err) {
      deps.logger.error('marketplace: reconciliation could not record a charge', {
        reference: charge.reference,
        err: String(err),
      });
    }
    differences.push({
      reference: charge.reference,
      kind: 'missing',
      gateway_kobo: charge.amountKobo,
      ledger_kobo: 0,
      recorded,
    });
  }

  // Money in the ledger took in the window on references Paystack did not list as charged: one
  // created before the window (paid late) or refunded in full (reversed) is fine; asked one by one.
  const ledgerInWindow = await moneyIn(
    and(gte(ledger_entries.created_at, from), lte(ledger_entries.created_at, to)),
  );
  for (const [reference, ledger] of ledgerInWindow) {
    if (charged.has(reference)) continue;
    let verified: VerifiedPayment | null = null;
    try {
      verified = await gateway.verify(reference);
    } catch (err) {
      if (!(err instanceof PaymentGatewayError)) throw err;
    }
    const fine =
      verified !== null &&
      (verified.status === 'reversed' || verified.status === 'success') &&
      verified.amountKobo === ledger;
    if (!fine)
      differences.push({
        reference,
        kind: 'not_at_gateway',
        gateway_kobo: verified?.status === 'success' ? verified.amountKobo : null,
        ledger_kobo: ledger,
        recorded: false,
      });
  }

  const result = {
    from,
    to,
    charges: charges.length,
    charged_kobo: charges.reduce((sum, c) => sum + c.amountKobo, 0),
    differences,
  };
  if (differences.length > 0) {
    deps.logger.error('marketplace: the gateway and the ledger differ', {
      from: from.toISOString(),
      to: to.toISOString(),
      differences,
    });
    await tellStaff(deps.db, {
      status: 'reconciliation',
      day: dateIn(DEFAULT_TIMEZONE, to),
      differences: differences.length,
      recorded: differences.filter((d) => d.recorded).length,
      references: differences.slice(0, REFERENCES_TOLD).map((d) => d.reference),
    });
  } else
    deps.logger.info('marketplace: the gateway and the ledger agree', {
      charges: result.charges,
      charged_kobo: result.charged_kobo,
    });
  return result;
}
