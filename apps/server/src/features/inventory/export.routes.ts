import { createRoute } from '@hono/zod-openapi';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, csvResponse, farmParams } from '../../lib/openapi';
import { exportMovementsCsv, exportSuppliesCsv } from './export.service';

export const exportRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/supplies/export.csv',
      tags: ['Inventory'],
      summary: 'Every supply of the farm as CSV',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: { description: 'text/csv attachment' }, ...ErrorResponses },
    }),
    async (c) => csvResponse(await exportSuppliesCsv(farmCtxOf(c))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/supply-movements/export.csv',
      tags: ['Inventory'],
      summary: 'Every stock movement of the farm as CSV',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: { description: 'text/csv attachment' }, ...ErrorResponses },
    }),
    async (c) => csvResponse(await exportMovementsCsv(farmCtxOf(c))),
  );
