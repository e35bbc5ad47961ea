import { createRoute } from '@hono/zod-openapi';
import { ReportQuerySchema, ReportSchema } from '@gona/shared/reports';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonContent } from '../../lib/openapi';
import { farmReport } from './reports.service';

/**
 * A farm's reports under /api/farms/{farmId}: every member reads them; money only those who read
 * money (decision 053).
 */
export const reportsRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/reports',
    tags: ['Reports'],
    summary:
      'A period of the farm (?from=&to=, yyyy-mm-dd in its time zone) for the farm or ?scope=crop:{id} / animal:{id}: money, production, livestock, crops, stock, work, marketplace',
    middleware: [requireFarm('records.read')] as const,
    request: { params: farmParams, query: ReportQuerySchema },
    responses: { 200: jsonContent(ReportSchema, 'The report'), ...ErrorResponses },
  }),
  async (c) => c.json(await farmReport(farmCtxOf(c), c.req.valid('query'), new Date(c.var.deps.now())), 200),
);
