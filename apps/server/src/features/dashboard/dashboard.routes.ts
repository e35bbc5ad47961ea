import { createRoute } from '@hono/zod-openapi';
import { DashboardSchema } from '@gona/shared/dashboard';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonContent } from '../../lib/openapi';
import { farmDashboard } from './dashboard.service';

/** The dashboard's cards under /api/farms/{farmId}: every member reads them, money only those who read money. */
export const dashboardRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/dashboard',
    tags: ['Dashboard'],
    summary:
      'Today on the farm in one answer: tasks due and late, open alerts, this month’s money against last month, today’s eggs and milk against the week before, animals needing care, orders to act on, market prices',
    middleware: [requireFarm('records.read')] as const,
    request: { params: farmParams },
    responses: { 200: jsonContent(DashboardSchema, 'The dashboard’s cards'), ...ErrorResponses },
  }),
  async (c) => c.json(await farmDashboard(farmCtxOf(c), new Date(c.var.deps.now())), 200),
);
