import { createRoute } from '@hono/zod-openapi';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams } from '../../lib/openapi';
import type { CsvExport } from '../../lib/csv';
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

function csvResponse(file: CsvExport): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
}
