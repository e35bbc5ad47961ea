import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  AdminDisputeSchema,
  AnswerDisputeInputSchema,
  DecideDisputeInputSchema,
  DisputePageSchema,
  OpenDisputeInputSchema,
  OrderSchema,
} from '@gona/shared/marketplace';
import { PageQuerySchema } from '@gona/shared/pagination';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { AppError } from '../../lib/errors';
import { ctxOf, farmCtxOf, type AppEnv } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParamsWith, jsonBody, jsonContent } from '../../lib/openapi';
import { answerDispute, decideDispute, getDispute, listDisputes, openDispute } from './disputes.service';

/** Gona's staff only (users.platform_role 'admin'): no session 401, anyone else 403. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.platform_role !== 'admin') throw new AppError('FORBIDDEN');
  await next();
});

const OrderParams = z.object({ orderId: z.uuid() });
const DisputeParams = z.object({ disputeId: z.uuid() });

/**
 * Disputes: the buyer reports a problem (/api/marketplace/orders/{id}/dispute), the selling farm
 * answers (/api/farms/{farmId}/orders/{id}/dispute/answer, owners and managers), and Gona's staff
 * read the queue and decide (/api/admin/disputes).
 */
export const disputesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/dispute',
      tags: ['Marketplace'],
      summary:
        'Report a problem with my dispatched or delivered order before it completes: the money stays held until Gona decides; the seller has 48 hours to answer',
      middleware: [requireSession] as const,
      request: { params: OrderParams, ...jsonBody(OpenDisputeInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The disputed order'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await openDispute(c.var.deps, ctxOf(c).userId, c.req.valid('param').orderId, c.req.valid('json')),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/dispute/answer',
      tags: ['Marketplace'],
      summary: "Answer the buyer's problem with an order (once, within 48 hours)",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParamsWith('orderId'), ...jsonBody(AnswerDisputeInputSchema) },
      responses: { 200: jsonContent(OrderSchema, 'The order with the answer'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(
        await answerDispute(
          c.var.deps,
          ctx.farmId,
          ctx.userId,
          c.req.valid('param').orderId,
          c.req.valid('json'),
        ),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/disputes',
      tags: ['Admin'],
      summary: 'Disputes to decide (open and answered first, oldest first), then decided ones',
      middleware: [requireAdmin] as const,
      request: { query: PageQuerySchema },
      responses: { 200: jsonContent(DisputePageSchema, 'A page of disputes'), ...ErrorResponses },
    }),
    async (c) => c.json(await listDisputes(c.var.deps.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/disputes/{disputeId}',
      tags: ['Admin'],
      summary: "A dispute: the order and both sides' words",
      middleware: [requireAdmin] as const,
      request: { params: DisputeParams },
      responses: { 200: jsonContent(AdminDisputeSchema, 'The dispute'), ...ErrorResponses },
    }),
    async (c) => c.json(await getDispute(c.var.deps.db, c.req.valid('param').disputeId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/disputes/{disputeId}/decide',
      tags: ['Admin'],
      summary:
        'Decide a dispute: release the money to the farm, refund part of it (the order completes for the rest), or refund all of it (the order is cancelled)',
      middleware: [requireAdmin] as const,
      request: { params: DisputeParams, ...jsonBody(DecideDisputeInputSchema) },
      responses: { 200: jsonContent(AdminDisputeSchema, 'The decided dispute'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await decideDispute(c.var.deps, ctxOf(c).userId, c.req.valid('param').disputeId, c.req.valid('json')),
        200,
      ),
  );
