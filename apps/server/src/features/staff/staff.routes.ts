import { createRoute } from '@hono/zod-openapi';
import {
  CreateStaffInputSchema,
  StaffListQuerySchema,
  StaffMemberWithPhotosSchema,
  StaffPageSchema,
  UpdateStaffInputSchema,
  WorkerCountSchema,
} from '@gona/shared/staff';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { visiblePage, visibleRecord } from '../../lib/visible-fields';
import {
  ErrorResponses,
  PlanLimitResponse,
  createRouter,
  csvResponse,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { exportStaffCsv } from './export.service';
import {
  countWorkers,
  createStaff,
  deleteStaff,
  getStaffMember,
  listStaff,
  updateStaff,
} from './staff.service';

const StaffParams = farmParamsWith('staffId');

/**
 * The people who work on the farm, under /api/farms/{farmId}/staff. Every member may read them;
 * the owner and managers keep them (`staff.manage`); pay reaches only roles that may read money.
 */
export const staffRoutes = createRouter()
  // Before /staff/{staffId}, which would otherwise take these names as ids.
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/staff/summary',
      tags: ['Staff'],
      summary: "Active workers against the plan's worker limit (null: no limit)",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(WorkerCountSchema, 'The count and the limit'), ...ErrorResponses },
    }),
    async (c) => c.json(await countWorkers(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/staff/export.csv',
      tags: ['Staff'],
      summary: 'Every staff record of the farm as CSV (pay only for roles that may read money)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: { description: 'text/csv attachment' }, ...ErrorResponses },
    }),
    async (c) => csvResponse(await exportStaffCsv(farmCtxOf(c))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/staff',
      tags: ['Staff'],
      summary: 'List staff: active first, then by name; ?search= (name or phone), ?job=, ?status=',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: StaffListQuerySchema },
      responses: { 200: jsonContent(StaffPageSchema, 'A page of staff'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(visiblePage(ctx, 'staff', await listStaff(ctx, c.req.valid('query'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/staff',
      tags: ['Staff'],
      summary: "Add a staff member (an active one must fit the plan's worker limit)",
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: farmParams, ...jsonBody(CreateStaffInputSchema) },
      responses: {
        201: jsonContent(StaffMemberWithPhotosSchema, 'The new staff member, with their photo'),
        ...ErrorResponses,
        ...PlanLimitResponse,
      },
    }),
    async (c) => c.json(await createStaff(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/staff/{staffId}',
      tags: ['Staff'],
      summary: 'Get a staff member',
      middleware: [requireFarm('records.read')] as const,
      request: { params: StaffParams },
      responses: {
        200: jsonContent(StaffMemberWithPhotosSchema, 'The staff member, with their photo'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(
        visibleRecord(ctx, 'staff', await getStaffMember(ctx, c.req.valid('param').staffId)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/staff/{staffId}',
      tags: ['Staff'],
      summary:
        'Change a staff member, mark them as left or bring them back (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: StaffParams, ...jsonBody(UpdateStaffInputSchema) },
      responses: {
        200: jsonContent(StaffMemberWithPhotosSchema, 'The changed staff member, with their photo'),
        ...ErrorResponses,
        ...PlanLimitResponse,
      },
    }),
    async (c) =>
      c.json(await updateStaff(farmCtxOf(c), c.req.valid('param').staffId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/staff/{staffId}',
      tags: ['Staff'],
      summary: 'Delete a staff record made by mistake (someone who left is marked as left instead)',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: StaffParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteStaff(farmCtxOf(c), c.req.valid('param').staffId);
      return c.body(null, 204);
    },
  );
