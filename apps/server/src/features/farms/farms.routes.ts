import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateFarmInputSchema,
  FarmListQuerySchema,
  FarmSchema,
  FarmSummarySchema,
  UpdateFarmInputSchema,
  pageSchema,
} from '@gona/shared';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonBody, jsonContent } from '../../lib/openapi';
import { createFarm, deleteFarm, getFarm, listFarmSummaries, listFarms, updateFarm } from './farms.service';

export const farmsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms',
      tags: ['farms'],
      summary: 'Farms the user owns or works on, newest first (?fields=basic: summaries only)',
      middleware: [requireSession] as const,
      request: { query: FarmListQuerySchema },
      responses: {
        200: jsonContent(
          z.union([pageSchema(FarmSchema), pageSchema(FarmSummarySchema)]),
          'A page of farms (of farm summaries with ?fields=basic)',
        ),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { fields, ...page } = c.req.valid('query');
      const ctx = ctxOf(c);
      return c.json(
        fields === 'basic' ? await listFarmSummaries(ctx, page) : await listFarms(ctx, page),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms',
      tags: ['farms'],
      summary: 'Create a farm; the creator becomes its owner',
      middleware: [requireSession] as const,
      request: jsonBody(CreateFarmInputSchema),
      responses: { 201: jsonContent(FarmSchema, 'The new farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await createFarm(ctxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'One farm (members only)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(FarmSchema, 'The farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await getFarm(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'Change a farm (owner or manager); send the version you saw',
      middleware: [requireFarm('farm.update')] as const,
      request: { params: farmParams, ...jsonBody(UpdateFarmInputSchema) },
      responses: { 200: jsonContent(FarmSchema, 'The changed farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await updateFarm(farmCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'Delete a farm and everything on it (owner only)',
      middleware: [requireFarm('farm.delete')] as const,
      request: { params: farmParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteFarm(farmCtxOf(c));
      return c.body(null, 204);
    },
  );
