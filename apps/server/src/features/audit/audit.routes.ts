import { createRoute } from '@hono/zod-openapi';
import { AuditListQuerySchema, AuditLogSchema, FarmAuditListQuerySchema, pageSchema } from '@gona/shared';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonContent } from '../../lib/openapi';
import { listFarmAuditLogs, listMyAuditLogs } from './audit.service';

const AuditPage = jsonContent(pageSchema(AuditLogSchema), 'A page of audit entries, newest first');

export const auditRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/audit-logs',
      tags: ['audit'],
      summary: "The signed-in user's activity",
      middleware: [requireSession] as const,
      request: { query: AuditListQuerySchema },
      responses: { 200: AuditPage, ...ErrorResponses },
    }),
    async (c) => c.json(await listMyAuditLogs(ctxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/audit-logs',
      tags: ['audit'],
      summary: "A farm's history, by table and record",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: FarmAuditListQuerySchema },
      responses: { 200: AuditPage, ...ErrorResponses },
    }),
    async (c) => c.json(await listFarmAuditLogs(farmCtxOf(c), c.req.valid('query')), 200),
  );
