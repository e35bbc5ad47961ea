import { createRoute, z } from '@hono/zod-openapi';
import {
  AttendanceDaySchema,
  AttendanceQuerySchema,
  CasualLabourSchema,
  CreateCasualLabourInputSchema,
  CreatePayRunInputSchema,
  PayPayRunInputSchema,
  PayRunListSchema,
  PayRunWithLinesSchema,
  PeriodQuerySchema,
  SaveAttendanceInputSchema,
  UpdatePayRunLineInputSchema,
} from '@gona/shared/finance';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  attendanceDay,
  createCasualLabour,
  createPayRun,
  deleteCasualLabour,
  deletePayRun,
  getPayRun,
  listCasualLabour,
  listPayRuns,
  payPayRun,
  saveAttendance,
  updatePayRunLine,
} from './wages.service';

const RunParams = farmParamsWith('runId');
const LineParams = RunParams.extend({ lineId: z.uuid() });
const CasualParams = farmParamsWith('casualId');

const attendanceRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/attendance',
      tags: ['Wages'],
      summary:
        'One day’s register (?date=yyyy-mm-dd): the staff employed that day with their marks, and its casual labour',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: AttendanceQuerySchema },
      responses: { 200: jsonContent(AttendanceDaySchema, 'The day'), ...ErrorResponses },
    }),
    async (c) => c.json(await attendanceDay(farmCtxOf(c), c.req.valid('query').date), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/farms/{farmId}/attendance',
      tags: ['Wages'],
      summary: 'Save a day’s marks: present, half day or absent per staff member (null takes a mark away)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(SaveAttendanceInputSchema) },
      responses: { 200: jsonContent(AttendanceDaySchema, 'The day as saved'), ...ErrorResponses },
    }),
    async (c) => c.json(await saveAttendance(farmCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/casual-labour',
      tags: ['Wages'],
      summary: 'Casual labour over ?from=&to=, latest day first',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams, query: PeriodQuerySchema },
      responses: {
        200: jsonContent(z.object({ items: z.array(CasualLabourSchema) }), 'The days'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listCasualLabour(farmCtxOf(c), c.req.valid('query')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/casual-labour',
      tags: ['Wages'],
      summary: 'Record a day’s casual labour: headcount × rate, for what work and enterprise',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateCasualLabourInputSchema) },
      responses: { 201: jsonContent(CasualLabourSchema, 'The casual labour'), ...ErrorResponses },
    }),
    async (c) => c.json(await createCasualLabour(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/casual-labour/{casualId}',
      tags: ['Wages'],
      summary: 'Delete casual labour recorded by mistake (not once it is in a pay run)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: CasualParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteCasualLabour(farmCtxOf(c), c.req.valid('param').casualId);
      return c.body(null, 204);
    },
  );

const payRunRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/pay-runs',
      tags: ['Wages'],
      summary: 'The farm’s pay runs, latest period first',
      middleware: [requireFarm('money.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(PayRunListSchema, 'The pay runs'), ...ErrorResponses },
    }),
    async (c) => c.json(await listPayRuns(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/pay-runs',
      tags: ['Wages'],
      summary:
        'Draft a pay run for a period: each staff member’s pay from rate and attendance, and casual labour',
      middleware: [requireFarm('money.write')] as const,
      request: { params: farmParams, ...jsonBody(CreatePayRunInputSchema) },
      responses: { 201: jsonContent(PayRunWithLinesSchema, 'The draft'), ...ErrorResponses },
    }),
    async (c) => c.json(await createPayRun(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/pay-runs/{runId}',
      tags: ['Wages'],
      summary: 'A pay run and its lines',
      middleware: [requireFarm('money.read')] as const,
      request: { params: RunParams },
      responses: { 200: jsonContent(PayRunWithLinesSchema, 'The pay run'), ...ErrorResponses },
    }),
    async (c) => c.json(await getPayRun(farmCtxOf(c), c.req.valid('param').runId), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/pay-runs/{runId}/lines/{lineId}',
      tags: ['Wages'],
      summary: 'Adjust one line of a draft (the run’s version guards against another tab’s change)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: LineParams, ...jsonBody(UpdatePayRunLineInputSchema) },
      responses: { 200: jsonContent(PayRunWithLinesSchema, 'The draft'), ...ErrorResponses },
    }),
    async (c) => {
      const { runId, lineId } = c.req.valid('param');
      return c.json(await updatePayRunLine(farmCtxOf(c), runId, lineId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/pay-runs/{runId}/pay',
      tags: ['Wages'],
      summary: 'Record that a draft was paid: writes one labour expense per line with pay',
      middleware: [requireFarm('money.write')] as const,
      request: { params: RunParams, ...jsonBody(PayPayRunInputSchema) },
      responses: { 200: jsonContent(PayRunWithLinesSchema, 'The paid run'), ...ErrorResponses },
    }),
    async (c) => c.json(await payPayRun(farmCtxOf(c), c.req.valid('param').runId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/pay-runs/{runId}',
      tags: ['Wages'],
      summary: 'Delete a draft pay run (a paid one stays)',
      middleware: [requireFarm('money.write')] as const,
      request: { params: RunParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deletePayRun(farmCtxOf(c), c.req.valid('param').runId);
      return c.body(null, 204);
    },
  );

/**
 * Wages under /api/farms/{farmId}: attendance by day, casual labour, and pay runs that write the
 * farm's labour expenses. Money: owners and managers keep it, viewers read it, workers never see it.
 */
export const wagesRoutes = createRouter().route('/', attendanceRoutes).route('/', payRunRoutes);
