import { errorBody } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import { receivePaymentEvent } from './payment-events.service';

/** Where Paystack sends its events; outside the session, origin and CSRF checks (app.ts). */
export const PAYSTACK_WEBHOOK_PATH = '/api/webhooks/paystack';

/**
 * Paystack's webhook. The signature (HMAC-SHA512 of the exact body bytes with the secret key) is
 * checked on the raw body before anything is parsed or stored: a forged or altered event is 401
 * and leaves no trace. The event is then applied once (payment-events.service): a retry of one
 * already applied is acknowledged and changes nothing.
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
  const payload = body as Record<string, unknown>;
  return c.json(await receivePaymentEvent(deps, { event, id, reference, data, payload }), 200);
});
