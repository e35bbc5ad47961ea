import { createRoute } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { ChangeEmailInputSchema } from '@gona/shared/account';
import {
  ChangePasswordInputSchema,
  UpdateProfileInputSchema,
  MeSchema,
  SignInInputSchema,
  SignUpInputSchema,
  rateLimitedMessage,
  signupIntent,
  signupRole,
} from '@gona/shared';
import { isLanguage } from '@gona/shared/languages';
import { recordReferral } from '../referrals/referrals.service';
import { existingAccountName } from './auth.service';
import { mails } from '../../integrations/email';
import { ACCOUNT_SIGN_IN_LIMIT, CLIENT_IP_HEADER, EMAIL_CHANGED_CALLBACK, accountKey } from '../../lib/auth';
import { requireSession } from '../../lib/auth-guard';
import { clientIp } from '../../lib/client-ip';
import type { AppEnv } from '../../lib/http-context';
import { errorBody } from '../../lib/errors';
import { validationResponse } from '../../lib/http-errors';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { clearRateLimit, consumeRateLimit, rateLimitWait } from '../../lib/rate-limit';

/**
 * better-auth's endpoints under /api/auth/*. Sign-up is validated first with the same shared schema
 * as the form, so a bad field answers our VALIDATION shape; the rest is better-auth as it is
 * (sign-in errors keep its codes EMAIL_NOT_VERIFIED 403 and INVALID_EMAIL_OR_PASSWORD 401).
 */
export const authHandlerRoutes = new Hono<AppEnv>()
  .post('/auth/sign-up/email', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    const parsed = SignUpInputSchema.safeParse(raw);
    if (!parsed.success) return validationResponse(c, parsed.error);
    const input = parsed.data;
    const body = {
      email: input.email,
      password: input.password,
      name: `${input.first_name} ${input.last_name}`,
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      role: signupRole(input.role),
      intent: signupIntent(input.intent),
      // The language of the page they signed up on (anything else is English): their mails follow it.
      language: isLanguage(input.language) ? input.language : 'en',
      // A buyer confirms their address into the marketplace; a farmer into creating their farm.
      callbackURL: signupIntent(input.intent) === 'buy' ? '/dashboard/marketplace' : '/create-farm',
    };
    const owner = await existingAccountName(c.var.deps, { email: input.email });
    const response = await forwardToAuth(c, JSON.stringify(body));
    // Who invited a new account (/signup?ref=…) is kept now, so confirming the address keeps it.
    if (owner === null && response.ok)
      await recordReferral(c.var.deps, { code: (raw as { ref?: unknown } | null)?.ref, email: input.email });
    // The answer is the same as for a new address (no account enumeration); the owner hears of it.
    // The mail is only queued, so the answer takes no longer than for a new address.
    if (owner !== null && response.ok) {
      const { mail, config } = c.var.deps;
      await mail.enqueue({
        message: mails.signUpAttempt(input.email, owner, `${config.baseUrl}/login`),
      });
    }
    return response;
  })
  .post('/auth/sign-in/email', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    const email = SignInInputSchema.shape.email.safeParse((raw as { email?: unknown } | null)?.email);
    if (!email.success) return forwardToAuth(c, JSON.stringify(raw));
    const { db, now } = c.var.deps;
    const key = accountKey(email.data);
    // Checked before the password, so the right one inside a pause is refused too and tells nothing.
    const wait = await rateLimitWait(db, key, ACCOUNT_SIGN_IN_LIMIT, now());
    if (wait !== null) return tooManyAttempts(c, wait);
    const response = await forwardToAuth(c, JSON.stringify(raw));
    // Only wrong passwords count; a successful sign-in starts the count again.
    if (response.status === 401) await consumeRateLimit(db, key, ACCOUNT_SIGN_IN_LIMIT, now());
    else if (response.status === 200) await clearRateLimit(db, key);
    return response;
  })
  .post('/auth/update-user', async (c) => {
    const parsed = UpdateProfileInputSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return validationResponse(c, parsed.error);
    return forwardToAuth(c, JSON.stringify(parsed.data));
  })
  .post('/auth/change-password', async (c) => {
    const parsed = ChangePasswordInputSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return validationResponse(c, parsed.error);
    const { current_password, password } = parsed.data;
    // Every other session ends: whoever knew the old password is signed out everywhere.
    const body = { currentPassword: current_password, newPassword: password, revokeOtherSessions: true };
    const response = await forwardToAuth(c, JSON.stringify(body));
    if (response.status !== 400) return response;
    return c.json(
      errorBody('VALIDATION', undefined, { current_password: 'That is not your current password' }),
      400,
    );
  })
  .post('/auth/change-email', async (c) => {
    const parsed = ChangeEmailInputSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return validationResponse(c, parsed.error);
    // The address changes once the link mailed to it is opened. An address taken by another
    // account answers the same, and nothing is sent (no finding out who has an account).
    const body = JSON.stringify({ newEmail: parsed.data.new_email, callbackURL: EMAIL_CHANGED_CALLBACK });
    const response = await forwardToAuth(c, body);
    if (response.status !== 400) return response;
    const refusal = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const same = typeof refusal?.message === 'string' && /same/i.test(refusal.message);
    return c.json(
      errorBody('VALIDATION', undefined, {
        new_email: same ? 'This is already your email address' : 'This address cannot be used. Try another.',
      }),
      400,
    );
  })
  .on(['GET', 'POST'], '/auth/*', (c) => forwardToAuth(c));

export const meRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/me',
    tags: ['account'],
    summary: 'The signed-in user',
    middleware: [requireSession] as const,
    responses: { 200: jsonContent(MeSchema, 'The signed-in user'), ...ErrorResponses },
  }),
  (c) => {
    const user = c.var.user!;
    return c.json(MeSchema.parse(user), 200);
  },
);

/** Hands the request to better-auth with the socket's address (for its rate limits), never a client-sent one. */
async function forwardToAuth(c: Context<AppEnv>, body?: string): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIp(c);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  if (body !== undefined) headers.delete('content-length');
  const request = new Request(c.req.raw.url, {
    method: c.req.method,
    headers,
    body: body ?? (c.req.method === 'GET' ? undefined : await c.req.raw.arrayBuffer()),
  });
  const response = await c.var.auth.handler(request);
  if (response.status !== 429) return response;
  const retryAfter = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after'));
  return tooManyAttempts(c, retryAfter > 0 ? retryAfter : null);
}

/** Our wire shape for a limit, so the web shows one message whichever limit refused; it says how long to wait when known. */
function tooManyAttempts(c: Context<AppEnv>, seconds: number | null): Response {
  if (seconds === null) return c.json(errorBody('RATE_LIMITED'), 429);
  return c.json(errorBody('RATE_LIMITED', rateLimitedMessage(seconds)), 429, {
    'Retry-After': String(seconds),
  });
}
