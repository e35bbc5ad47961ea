import { createRoute } from '@hono/zod-openapi';
import { plansResponse, PlansResponseSchema } from '@gona/shared/plans';
import { createRouter, jsonContent } from '../../lib/openapi';

/** Public: the plans and their terms, with the Pro price from configuration (PLAN_PRO_PRICE_NAIRA). */
export const plansRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/plans',
    tags: ['plans'],
    summary: 'Free and Pro plans, yearly prices in naira, worker limits, features and billing terms',
    responses: { 200: jsonContent(PlansResponseSchema, 'The plans') },
  }),
  (c) => c.json(plansResponse(c.var.deps.config.proPriceNaira), 200),
);
