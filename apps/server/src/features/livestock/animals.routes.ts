import { createRoute } from '@hono/zod-openapi';
import {
  CreateLivestockInputSchema,
  LivestockListQuerySchema,
  LivestockPageSchema,
  LivestockSummarySchema,
  LivestockWithPhotosSchema,
  UpdateLivestockInputSchema,
} from '@gona/shared/livestock';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { visiblePage, visibleRecord } from '../../lib/visible-fields';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  createLivestock,
  deleteLivestock,
  getLivestock,
  listLivestock,
  livestockSummary,
  updateLivestock,
} from './livestock.service';

const AnimalParams = farmParamsWith('animalId');

/**
 * The farm's animals and groups under /api/farms/{farmId}/livestock. Every member reads them; the
 * owner and managers add, change and delete them (`records.write`); prices reach only roles that
 * may read money.
 */
export const animalsRoutes = createRouter()
  // Before /livestock/{animalId}, which would otherwise take "summary" as an id.
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/livestock/summary',
      tags: ['Livestock'],
      summary: 'Heads by species, deaths this month and mortality %, eggs today',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(LivestockSummarySchema, 'The summary'), ...ErrorResponses },
    }),
    async (c) => c.json(await livestockSummary(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/livestock',
      tags: ['Livestock'],
      summary: 'List animals and groups, newest first; ?search= (name, tag or breed), ?species=, ?status=',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: LivestockListQuerySchema },
      responses: { 200: jsonContent(LivestockPageSchema, 'A page of animals and groups'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(visiblePage(ctx.role, 'livestock', await listLivestock(ctx, c.req.valid('query'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/livestock',
      tags: ['Livestock'],
      summary: "Add an animal or a group (a group's head count becomes its first event)",
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateLivestockInputSchema) },
      responses: {
        201: jsonContent(LivestockWithPhotosSchema, 'The new animal or group, with its photos'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await createLivestock(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/livestock/{animalId}',
      tags: ['Livestock'],
      summary: 'Get an animal or group, with its photos and any withdrawal period still running',
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams },
      responses: {
        200: jsonContent(LivestockWithPhotosSchema, 'The animal or group, with its photos'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(
        visibleRecord(ctx.role, 'livestock', await getLivestock(ctx, c.req.valid('param').animalId)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/livestock/{animalId}',
      tags: ['Livestock'],
      summary:
        'Change an animal or group (send the version you edited; a stale one gets 409); head counts change through events',
      middleware: [requireFarm('records.write')] as const,
      request: { params: AnimalParams, ...jsonBody(UpdateLivestockInputSchema) },
      responses: {
        200: jsonContent(LivestockWithPhotosSchema, 'The changed animal or group, with its photos'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(await updateLivestock(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/livestock/{animalId}',
      tags: ['Livestock'],
      summary: 'Delete an animal or group added by mistake, with its records and photos',
      middleware: [requireFarm('records.write')] as const,
      request: { params: AnimalParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteLivestock(farmCtxOf(c), c.req.valid('param').animalId);
      return c.body(null, 204);
    },
  );
