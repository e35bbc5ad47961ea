import { createRoute } from '@hono/zod-openapi';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  ReportPdfPageSchema,
  ReportPdfSchema,
  ReportQuerySchema,
  ReportSchema,
  RequestReportPdfInputSchema,
} from '@gona/shared/reports';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  PlanLimitResponse,
  createRouter,
  farmParams,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { listReportPdfs, requestReportPdf } from './report-pdfs.service';
import { farmReport } from './reports.service';

/**
 * A farm's reports under /api/farms/{farmId}: every member reads them, money only those who read
 * money (decision 053); PDFs (Gona Pro) are asked for by those who keep the money, made by a job,
 * and downloaded through the files service.
 */
export const reportsRoutes = createRouter()
  .openapi(
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
    async (c) =>
      c.json(await farmReport(farmCtxOf(c), c.req.valid('query'), new Date(c.var.deps.now())), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/reports/pdfs',
      tags: ['Reports'],
      summary:
        'Ask for a period’s report as a PDF (Gona Pro): made by a job, the asker is told when it is ready',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(RequestReportPdfInputSchema) },
      responses: {
        201: jsonContent(ReportPdfSchema, 'The PDF asked for, waiting for the job'),
        ...PlanLimitResponse,
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await requestReportPdf(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/reports/pdfs',
      tags: ['Reports'],
      summary: 'The farm’s PDF reports, newest first, with where each has got to and its download address',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: {
        200: jsonContent(ReportPdfPageSchema, 'A page of PDF reports, and whether the plan makes them'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await listReportPdfs(farmCtxOf(c), c.req.valid('query')), 200),
  );
