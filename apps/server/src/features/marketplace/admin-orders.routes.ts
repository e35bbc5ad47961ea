import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminOrderPageSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminPaymentPageSchema,
  AdminPaymentSchema,
  AdminPaymentsQuerySchema,
} from '@gona/shared/marketplace';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { requireAdmin } from './admin-guard';
import { getAdminOrder, listAdminPayments, readAdminPayment, searchOrders } from './admin-orders.service';
import { refundExtraPayment } from './order-payments.service';

const OrderParams = z.object({ orderId: z.uuid() });
const PaymentParams = z.object({ paymentId: z.uuid() });

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
    async (c) => c.json(await searchOrders(ctxOf(c), c.req.valid('query')), 200),
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
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payments',
      tags: ['Admin'],
      summary:
        'Payments that paid for nothing (in suspense): those needing staff (a refund that failed or was refused, a charge of no order), or all of them; newest first',
      middleware: [requireAdmin] as const,
      request: { query: AdminPaymentsQuerySchema },
      responses: { 200: jsonContent(AdminPaymentPageSchema, 'A page of payments'), ...ErrorResponses },
    }),
    async (c) => c.json(await listAdminPayments(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payments/{paymentId}/refund',
      tags: ['Admin'],
      summary:
        'Refund a payment that needs staff, through the gateway, once (a second tap is 409); if the gateway refuses again it comes back to the list',
      middleware: [requireAdmin] as const,
      request: { params: PaymentParams },
      responses: { 200: jsonContent(AdminPaymentSchema, 'The payment, its refund asked'), ...ErrorResponses },
    }),
    async (c) => {
      const { paymentId } = c.req.valid('param');
      await refundExtraPayment(ctxOf(c), paymentId, c.var.deps);
      return c.json(await readAdminPayment(ctxOf(c), paymentId), 200);
    },
  );
