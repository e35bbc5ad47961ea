import { and, eq, isNull } from 'drizzle-orm';
import { payment_events } from '../../db/schema/index';
import { errorBody } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { applyChargeSuccess, applyRefundEvent, type EventOutcome } from './order-payments.service';
import { applyTransferEvent, type TransferEventOutcome } from './payouts.service';

/** Where Paystack sends its events; outside the session, origin and CSRF checks (app.ts). */
export const PAYSTACK_WEBHOOK_PATH = '/api/webhooks/paystack';

/**
 * Paystack's webhook. The signature (HMAC-SHA512 of the exact body bytes with the secret key) is
 * checked on the raw body before anything is parsed or stored: a forged or altered event is 401
 * and leaves no trace. Each event is kept once by its key (event and the provider's id or
 * reference): a retry of one already applied is acknowledged and changes nothing. Money moves only
 * after the payment is verified with the gateway itself (order-payments.service).
 */
export const webhooksRoutes = createRouter().post('/webhooks/paystack', async (c) => {
  const { deps } = c.var;
  if (!deps.payments) return c.json(errorBody('UNAVAILABLE', 'Payments are not configured.'), 503);
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (!deps.payments.verifyWebhookSignature(raw, c.req.header('x-paystack-signature') ?? null)) {
    deps.logger.warn('marketplace: a webhook with a wrong signature was refused');
    return c.json(errorBody('UNAUTHENTICATED', 'The signature does not match.'), 401);
  }
  let body: { event?: unknown; data?: unknown };
  try {
    body = JSON.parse(new TextDecoder().decode(raw)) as typeof body;
  } catch {
    return c.json(errorBody('VALIDATION', 'The body is not JSON.'), 400);
  }
  const event = typeof body?.event === 'string' ? body.event : null;
  const data = body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
  if (!event || !data) return c.json(errorBody('VALIDATION', 'An event needs its name and data.'), 400);
  const reference =
    typeof data.reference === 'string'
      ? data.reference
      : typeof data.transaction_reference === 'string'
        ? data.transaction_reference
        : null;
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : reference;
  if (!id) return c.json(errorBody('VALIDATION', 'An event needs its id or reference.'), 400);
  const key = `${event}:${id}`;

  const [stored] = await deps.db
    .insert(payment_events)
    .values({ event, key, reference, payload: body as Record<string, unknown> })
    .onConflictDoNothing({ target: [payment_events.provider, payment_events.key] })
    .returning({ id: payment_events.id });
  let eventId = stored?.id;
  if (!eventId) {
    // Seen before: done unless applying it failed last time (then Paystack's retry applies it now).
    const [seen] = await deps.db
      .select({ id: payment_events.id, processed_at: payment_events.processed_at })
      .from(payment_events)
      .where(and(eq(payment_events.provider, 'paystack'), eq(payment_events.key, key)));
    if (!seen || seen.processed_at) return c.json({ received: true, duplicate: true }, 200);
    eventId = seen.id;
  }

  let outcome: EventOutcome | TransferEventOutcome;
  if (event === 'charge.success') outcome = await applyChargeSuccess(deps, data);
  else if (event === 'refund.processed' || event === 'refund.failed')
    outcome = await applyRefundEvent(deps, event, data);
  else if (event === 'transfer.success' || event === 'transfer.failed' || event === 'transfer.reversed')
    outcome = await applyTransferEvent(deps, event, data);
  else outcome = 'ignored';
  await deps.db
    .update(payment_events)
    .set({ outcome, processed_at: new Date(deps.now()) })
    .where(and(eq(payment_events.id, eventId), isNull(payment_events.processed_at)));
  return c.json({ received: true, outcome }, 200);
});
