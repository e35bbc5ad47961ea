import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminSubscriptionPageSchema,
  AdminSubscriptionSchema,
  AdminSubscriptionsQuerySchema,
  GrantProSchema,
} from '@gona/shared/billing';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonBody, jsonContent } from '../../lib/openapi';
import { requireAdmin } from '../../lib/auth-guard';
import { getAdminSubscription, grantPro, listAdminSubscriptions } from './admin-subscriptions.service';

const FarmParams = z.object({ farmId: z.uuid() });

/** The back office's Gona Pro (platform admins): subscriptions, and Pro granted with a reason. */
export const adminSubscriptionsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/subscriptions',
      tags: ['Admin'],
      summary:
        "Farms' Gona Pro subscriptions, newest first: by part of the farm's name or owner's email, and state",
      middleware: [requireAdmin] as const,
      request: { query: AdminSubscriptionsQuerySchema },
      responses: {
        200: jsonContent(AdminSubscriptionPageSchema, 'A page of subscriptions'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await listAdminSubscriptions(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/subscriptions/{farmId}',
      tags: ['Admin'],
      summary: "One farm's subscription with its payments, grants and open checkout",
      middleware: [requireAdmin] as const,
      request: { params: FarmParams },
      responses: { 200: jsonContent(AdminSubscriptionSchema, 'The subscription'), ...ErrorResponses },
    }),
    async (c) => c.json(await getAdminSubscription(ctxOf(c), c.req.valid('param').farmId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/subscriptions/{farmId}/grant',
      tags: ['Admin'],
      summary:
        'Grant or extend Pro to the end of a day, with the reason (audited; no payment, no money moves)',
      middleware: [requireAdmin] as const,
      request: { params: FarmParams, ...jsonBody(GrantProSchema) },
      responses: { 200: jsonContent(AdminSubscriptionSchema, 'The subscription'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await grantPro(ctxOf(c), c.req.valid('param').farmId, c.req.valid('json'), c.var.deps), 200),
  );
