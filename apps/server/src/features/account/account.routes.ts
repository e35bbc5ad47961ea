import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { ErrorBodySchema, MeSchema } from '@gona/shared';
import {
  AccountExportSchema,
  AccountSessionListSchema,
  DeleteAccountInputSchema,
  UpdateLanguageSchema,
  UpdateProfileSchema,
} from '@gona/shared/account';
import { sessionCookieName } from '../../lib/auth';
import { requireSession } from '../../lib/auth-guard';
import { ctxOf, type AppEnv } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonBody, jsonContent } from '../../lib/openapi';
import { signedSessionToken } from '../../lib/session';
import {
  deleteAccount,
  exportMyData,
  listSessions,
  signOutSession,
  updateLanguage,
  updateProfile,
} from './account.service';

/**
 * The signed-in person's own account under /api/account: profile, signed-in devices, and their
 * data (download, delete). Changing the email and the password go through better-auth
 * (/api/auth/change-email, /api/auth/change-password), signing out the other devices too
 * (/api/auth/revoke-other-sessions).
 */
export const accountRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'put',
      path: '/account/profile',
      tags: ['account'],
      summary: 'Your name, phone (stored as +234…) and language',
      middleware: [requireSession] as const,
      request: jsonBody(UpdateProfileSchema),
      responses: { 200: jsonContent(MeSchema, 'You, as saved'), ...ErrorResponses },
    }),
    async (c) => c.json(await updateProfile(ctxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/account/language',
      tags: ['account'],
      summary: 'The language of your screens, mails, SMS and push, on every device',
      middleware: [requireSession] as const,
      request: jsonBody(UpdateLanguageSchema),
      responses: { 200: jsonContent(MeSchema, 'You, as saved'), ...ErrorResponses },
    }),
    async (c) => c.json(await updateLanguage(ctxOf(c), c.req.valid('json').language), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/sessions',
      tags: ['account'],
      summary: 'Devices signed in to your account, most recently used first; this one is marked',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(AccountSessionListSchema, 'Your signed-in devices'), ...ErrorResponses },
    }),
    async (c) => c.json(await listSessions(ctxOf(c), currentSessionToken(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/account/sessions/{sessionId}',
      tags: ['account'],
      summary: 'Sign one device out',
      middleware: [requireSession] as const,
      request: { params: z.object({ sessionId: z.uuid() }) },
      responses: { 204: { description: 'Signed out' }, ...ErrorResponses },
    }),
    async (c) => {
      await signOutSession(ctxOf(c), c.req.valid('param').sessionId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/account/export',
      tags: ['account'],
      summary: 'Everything Gona holds about you, as one JSON file (Nigeria Data Protection Act 2023)',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(AccountExportSchema, 'Your data'), ...ErrorResponses },
    }),
    async (c) => {
      const now = new Date(c.var.deps.now());
      const day = now.toISOString().slice(0, 10);
      c.header('content-disposition', `attachment; filename="gona-my-data-${day}.json"`);
      c.header('cache-control', 'no-store');
      return c.json(await exportMyData(ctxOf(c), now), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/account/delete',
      tags: ['account'],
      summary: 'Delete your account, after typing its email (refused while you are the only owner of a farm)',
      middleware: [requireSession] as const,
      request: jsonBody(DeleteAccountInputSchema),
      responses: {
        204: { description: 'Deleted; signed out everywhere' },
        ...ErrorResponses,
        503: jsonContent(
          ErrorBodySchema,
          "UNAVAILABLE: the card renewal of a farm's Gona Pro that you pay for could not be stopped now",
        ),
      },
    }),
    async (c) => {
      await deleteAccount(ctxOf(c), c.req.valid('json'), c.var.deps);
      const { config } = c.var.deps;
      deleteCookie(c, sessionCookieName(config), {
        path: '/',
        secure: sessionCookieName(config).startsWith('__Secure-'),
      });
      return c.body(null, 204);
    },
  );

/** The token of this request's session (to mark "this device"); null without a valid cookie. */
function currentSessionToken(c: Context<AppEnv>): string | null {
  const { config } = c.var.deps;
  return signedSessionToken(c.req.header('cookie') ?? '', sessionCookieName(config), config.authSecret);
}
