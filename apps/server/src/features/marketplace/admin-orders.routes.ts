import { createRoute, z } from '@hono/zod-openapi';
import { AdminOrderPageSchema, AdminOrderSchema, AdminOrdersQuerySchema } from '@gona/shared/marketplace';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { requireAdmin } from './admin-guard';
import { getAdminOrder, searchOrders } from './admin-orders.service';

const OrderParams = z.object({ orderId: z.uuid() });

/** The back office's orders (platform admins only): search, and one order's whole history. Read-only. */
export const adminOrdersRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/orders',
      tags: ['Admin'],
      summary:
        "Search every order, newest first: by reference (or its start), the buyer's email or phone, or part of the farm's name or the listing's title; an empty search lists them all",
      middleware: [requireAdmin] as const,
      request: { query: AdminOrdersQuerySchema },
      responses: { 200: jsonContent(AdminOrderPageSchema, 'A page of orders'), ...ErrorResponses },
    }),
    async (c) => c.json(await searchOrders(c.var.deps.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/orders/{orderId}',
      tags: ['Admin'],
      summary: 'One order with its refunds, payout, dispute and every ledger line',
      middleware: [requireAdmin] as const,
      request: { params: OrderParams },
      responses: { 200: jsonContent(AdminOrderSchema, 'The order and its money'), ...ErrorResponses },
    }),
    async (c) => c.json(await getAdminOrder(c.var.deps, c.req.valid('param').orderId), 200),
  );
