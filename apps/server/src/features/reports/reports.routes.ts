import { createRoute, z } from '@hono/zod-openapi';
import { VersionSchema } from '@gona/shared/fields';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  CreateReportLinkInputSchema,
  ReportLinkListSchema,
  ReportLinkSchema,
  ReportLinkTokenSchema,
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
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { fileResponse } from '../../lib/file-http';
import {
  createReportLink,
  listReportLinks,
  openSharedReport,
  revokeReportLink,
} from './report-links.service';
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
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/reports/pdfs/{pdfId}/links',
      tags: ['Reports'],
      summary:
        'A read-only link to one PDF report for a lender, working for `days` (7 to 90); its secret is answered this once',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParamsWith('pdfId'), ...jsonBody(CreateReportLinkInputSchema) },
      responses: { 201: jsonContent(ReportLinkSchema, 'The link, with its address'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await createReportLink(farmCtxOf(c), c.req.valid('param').pdfId, c.req.valid('json'), {
          now: new Date(c.var.deps.now()),
          baseUrl: c.var.deps.config.baseUrl,
        }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/report-links',
      tags: ['Reports'],
      summary: 'The links the farm gave to its PDF reports, with how often and when each was opened',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(ReportLinkListSchema, 'The links'), ...ErrorResponses },
    }),
    async (c) => c.json(await listReportLinks(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/report-links/{linkId}/revoke',
      tags: ['Reports'],
      summary: 'Take a shared link back: it opens nothing from now on',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParamsWith('linkId'), ...jsonBody(z.object({ version: VersionSchema })) },
      responses: { 200: jsonContent(ReportLinkSchema, 'The link, taken back'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await revokeReportLink(
          farmCtxOf(c),
          c.req.valid('param').linkId,
          c.req.valid('json'),
          new Date(c.var.deps.now()),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/shared-reports/{token}',
      tags: ['Reports'],
      summary: 'The PDF report a farm shared (no session: the link is the key), while the link works',
      request: { params: z.object({ token: ReportLinkTokenSchema }) },
      responses: { 200: { description: 'The PDF (application/pdf)' }, ...ErrorResponses },
    }),
    async (c) => {
      const { db, storage, logger, now } = c.var.deps;
      const file = await openSharedReport(
        { db, storage, logger, now: new Date(now()) },
        c.req.valid('param').token,
      );
      // Never kept by a browser or a proxy: a link taken back must stop working at once.
      return fileResponse(file, 'private, no-store');
    },
  );
