import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminListingPageSchema,
  AdminListingQuerySchema,
  AdminListingSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  HideListingInputSchema,
  SuspendSellingInputSchema,
} from '@gona/shared/marketplace';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonBody, jsonContent } from '../../lib/openapi';
import { requireAdmin } from './admin-guard';
import {
  hideListing,
  listAdminListings,
  listAdminUsers,
  restoreSelling,
  suspendSelling,
  unhideListing,
} from './moderation.service';

const ListingParams = z.object({ listingId: z.uuid() });
const UserParams = z.object({ userId: z.uuid() });

/**
 * The back office's moderation (platform admins only, docs/decisions/045): listings hidden from
 * buyers with a reason, and people stopped selling.
 */
export const moderationRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/listings',
      tags: ['Admin'],
      summary:
        'Listings of every farm and status, newest first: ?q= part of the title or farm name, ?hidden=true|false',
      middleware: [requireAdmin] as const,
      request: { query: AdminListingQuerySchema },
      responses: { 200: jsonContent(AdminListingPageSchema, 'A page of listings'), ...ErrorResponses },
    }),
    async (c) => c.json(await listAdminListings(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/listings/{listingId}/hide',
      tags: ['Admin'],
      summary:
        'Hide a listing from buyers with the reason its farm reads: not browsed, not ordered, not put on sale by the farm until shown again (orders already placed go on)',
      middleware: [requireAdmin] as const,
      request: { params: ListingParams, ...jsonBody(HideListingInputSchema) },
      responses: { 200: jsonContent(AdminListingSchema, 'The hidden listing'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await hideListing(ctxOf(c), c.req.valid('param').listingId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/listings/{listingId}/unhide',
      tags: ['Admin'],
      summary: 'Show a hidden listing to buyers again (as its status allows)',
      middleware: [requireAdmin] as const,
      request: { params: ListingParams },
      responses: { 200: jsonContent(AdminListingSchema, 'The listing'), ...ErrorResponses },
    }),
    async (c) => c.json(await unhideListing(ctxOf(c), c.req.valid('param').listingId, c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/users',
      tags: ['Admin'],
      summary:
        'People, newest first, with the farms they own: ?q= an email (or its start), a phone number, or part of a name',
      middleware: [requireAdmin] as const,
      request: { query: AdminUserQuerySchema },
      responses: { 200: jsonContent(AdminUserPageSchema, 'A page of people'), ...ErrorResponses },
    }),
    async (c) => c.json(await listAdminUsers(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{userId}/suspend-selling',
      tags: ['Admin'],
      summary:
        'Stop a person selling, with the reason they read: the farms they own leave the marketplace, and they cannot put listings on sale or accept orders on any farm (orders already paid go on)',
      middleware: [requireAdmin] as const,
      request: { params: UserParams, ...jsonBody(SuspendSellingInputSchema) },
      responses: { 200: jsonContent(AdminUserSchema, 'The person'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await suspendSelling(ctxOf(c), c.req.valid('param').userId, c.req.valid('json'), c.var.deps),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{userId}/restore-selling',
      tags: ['Admin'],
      summary: 'Let a person sell again',
      middleware: [requireAdmin] as const,
      request: { params: UserParams },
      responses: { 200: jsonContent(AdminUserSchema, 'The person'), ...ErrorResponses },
    }),
    async (c) => c.json(await restoreSelling(ctxOf(c), c.req.valid('param').userId, c.var.deps), 200),
  );
