import { createRoute } from '@hono/zod-openapi';
import { PageQuerySchema } from '@gona/shared/pagination';
import { AlertCountSchema, InventoryAlertPageSchema, InventoryAlertSchema } from '@gona/shared/inventory';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, farmParamsWith, jsonContent } from '../../lib/openapi';
import { countOpenAlerts, listOpenAlerts, resolveAlert } from './alerts.service';

export const alertsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/inventory-alerts',
      tags: ['Inventory'],
      summary: 'Open alerts with their supply, newest first',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(InventoryAlertPageSchema, 'A page of open alerts'), ...ErrorResponses },
    }),
    async (c) => c.json(await listOpenAlerts(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/inventory-alerts/count',
      tags: ['Inventory'],
      summary: 'How many alerts are open (the sidebar and dashboard badge)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(AlertCountSchema, 'The count'), ...ErrorResponses },
    }),
    async (c) => c.json(await countOpenAlerts(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/inventory-alerts/{alertId}/resolve',
      tags: ['Inventory'],
      summary: 'Resolve an alert (is_resolved true, resolved_at now)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: farmParamsWith('alertId') },
      responses: { 200: jsonContent(InventoryAlertSchema, 'The resolved alert'), ...ErrorResponses },
    }),
    async (c) => c.json(await resolveAlert(farmCtxOf(c), c.req.valid('param').alertId), 200),
  );
