import type { Context } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { errorBody } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';
import type { AppEnv } from '../../lib/http-context';
import { receiveSms } from './sms-commands.service';
import { answerUssd } from './ussd.service';

/** Where Africa's Talking calls; outside the origin check (app.ts), guarded by `?key=` instead. */
export const USSD_PATH = '/api/ussd';
export const SMS_INCOMING_PATH = '/api/sms/incoming';

/** The callback's `key` is USSD_CALLBACK_SECRET; unset or wrong answers 404, as if nothing were here. */
function keyMatches(c: Context<AppEnv>): boolean {
  const secret = c.var.deps.config.ussdCallbackSecret;
  const given = c.req.query('key');
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function formOf(c: Context<AppEnv>): Promise<URLSearchParams | null> {
  if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return null;
  return new URLSearchParams(await c.req.text());
}

/**
 * Africa's Talking's USSD callback: a form with sessionId, serviceCode, phoneNumber, networkCode and
 * text (inputs joined by `*`), answered with plain text starting CON (more to come) or END.
 */
export const phoneRoutes = createRouter()
  .post('/ussd', async (c) => {
    if (!keyMatches(c)) return c.json(errorBody('NOT_FOUND', 'Not found.'), 404);
    const form = await formOf(c);
    const sessionId = form?.get('sessionId');
    const phoneNumber = form?.get('phoneNumber');
    if (!form || !sessionId || !phoneNumber)
      return c.json(
        errorBody('VALIDATION', 'A USSD callback needs its sessionId and phoneNumber as a form.'),
        400,
      );
    const text = form.get('text') ?? '';
    return c.text(await answerUssd(c.var.deps, { sessionId, phoneNumber, text }), 200);
  })
  .post('/sms/incoming', async (c) => {
    if (!keyMatches(c)) return c.json(errorBody('NOT_FOUND', 'Not found.'), 404);
    const form = await formOf(c);
    const id = form?.get('id');
    const from = form?.get('from');
    if (!form || !id || !from)
      return c.json(errorBody('VALIDATION', 'An incoming SMS needs its id and from as a form.'), 400);
    await receiveSms(c.var.deps, { id, from, text: form.get('text') ?? '' });
    return c.body(null, 200);
  });
