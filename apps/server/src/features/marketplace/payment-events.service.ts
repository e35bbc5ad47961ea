import { and, eq, isNull } from 'drizzle-orm';
import { payment_events } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { isBillingEvent, receiveBillingEvent, type BillingOutcome } from '../billing/billing-events.service';
import { applyChargeSuccess, applyRefundEvent, type EventOutcome } from './order-payments.service';
import { applyTransferEvent, type TransferEventOutcome } from './payouts.service';

/** One verified Paystack event (webhooks.routes.ts checked its signature and shape). */
export type PaymentEventInput = {
  event: string;
  /** The provider's id of the event's object, or its reference. */
  id: string;
  reference: string | null;
  data: Record<string, unknown>;
  payload: Record<string, unknown>;
};

export type PaymentEventAnswer =
  | { received: true; duplicate: true }
  | { received: true; outcome: EventOutcome | TransferEventOutcome | BillingOutcome };

/**
 * Applies a payment event once. Each event is kept by its key (event and the provider's id or
 * reference): a retry of one already applied is acknowledged and changes nothing; one whose applying
 * failed last time is applied now. Money moves only after the payment is verified with the gateway
 * itself (order-payments.service, payouts.service). An integration's entry point: `(deps, input)`,
 * as there is no person acting (docs/decisions/059).
 */
export async function receivePaymentEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'logger' | 'now' | 'config'>,
  input: PaymentEventInput,
): Promise<PaymentEventAnswer> {
  const { event, reference, data } = input;
  const key = `${event}:${input.id}`;
  const [stored] = await deps.db
    .insert(payment_events)
    .values({ event, key, reference, payload: input.payload })
    .onConflictDoNothing({ target: [payment_events.provider, payment_events.key] })
    .returning({ id: payment_events.id });
  let eventId = stored?.id;
  if (!eventId) {
    // Seen before: done unless applying it failed last time (then Paystack's retry applies it now).
    const [seen] = await deps.db
      .select({ id: payment_events.id, processed_at: payment_events.processed_at })
      .from(payment_events)
      .where(and(eq(payment_events.provider, 'paystack'), eq(payment_events.key, key)));
    if (!seen || seen.processed_at) return { received: true, duplicate: true };
    eventId = seen.id;
  }

  let outcome: EventOutcome | TransferEventOutcome | BillingOutcome;
  // Gona Pro's: subscription and invoice events, and charges of its checkouts and renewals.
  if (isBillingEvent(event, data)) outcome = await receiveBillingEvent(deps, { event, data });
  else if (event === 'charge.success') outcome = await applyChargeSuccess(deps, data);
  else if (event === 'refund.processed' || event === 'refund.failed')
    outcome = await applyRefundEvent(deps, event, data);
  else if (event === 'transfer.success' || event === 'transfer.failed' || event === 'transfer.reversed')
    outcome = await applyTransferEvent(deps, event, data);
  else outcome = 'ignored';
  await deps.db
    .update(payment_events)
    .set({ outcome, processed_at: new Date(deps.now()) })
    .where(and(eq(payment_events.id, eventId), isNull(payment_events.processed_at)));
  return { received: true, outcome };
}
