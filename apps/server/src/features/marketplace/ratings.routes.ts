import { createRoute, z } from '@hono/zod-openapi';
import { RateBuyerInputSchema, RateSellerInputSchema, RatingSchema } from '@gona/shared/marketplace';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParamsWith, jsonBody, jsonContent } from '../../lib/openapi';
import { rateBuyer, rateSeller } from './ratings.service';

const OrderParams = z.object({ orderId: z.uuid() });
const FarmOrderParams = farmParamsWith('orderId');

/**
 * Ratings after a completed order: its buyer rates the seller under /api/marketplace/orders, and
 * the selling farm's owners and managers rate the buyer under /api/farms/{farmId}/orders; once per
 * side (a second is 409).
 */
export const ratingsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/marketplace/orders/{orderId}/rating',
      tags: ['Marketplace'],
      summary:
        'Rate the seller of my completed order (1 to 5 stars, tags, a comment); once (a second is 409); the farm is told',
      middleware: [requireSession] as const,
      request: { params: OrderParams, ...jsonBody(RateSellerInputSchema) },
      responses: { 201: jsonContent(RatingSchema, 'My rating'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await rateSeller(ctxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/orders/{orderId}/rating',
      tags: ['Marketplace'],
      summary:
        "Rate the buyer of the farm's completed order (owners and managers); once (a second is 409); the buyer is told",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: FarmOrderParams, ...jsonBody(RateBuyerInputSchema) },
      responses: { 201: jsonContent(RatingSchema, "The farm's rating"), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await rateBuyer(farmCtxOf(c), c.req.valid('param').orderId, c.req.valid('json'), c.var.deps),
        201,
      ),
  );
