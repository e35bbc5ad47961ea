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
import { ctxOf, farmCtxOf } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { ErrorResponses } from '../../lib/responses';
import { createFarm, deleteFarm, getFarm, listFarmSummaries, listFarms, updateFarm } from './farms.service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const FarmParams = z.object({ farmId: z.string() });

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
        200: json(
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
      request: {
        body: { content: { 'application/json': { schema: CreateFarmInputSchema } }, required: true },
      },
      responses: { 201: json(FarmSchema, 'The new farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await createFarm(ctxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'One farm (members only)',
      middleware: [requireSession, requireFarm('records.read')] as const,
      request: { params: FarmParams },
      responses: { 200: json(FarmSchema, 'The farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await getFarm(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'Change a farm (owner or manager); send the version you saw',
      middleware: [requireSession, requireFarm('farm.update')] as const,
      request: {
        params: FarmParams,
        body: { content: { 'application/json': { schema: UpdateFarmInputSchema } }, required: true },
      },
      responses: { 200: json(FarmSchema, 'The changed farm'), ...ErrorResponses },
    }),
    async (c) => c.json(await updateFarm(farmCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}',
      tags: ['farms'],
      summary: 'Delete a farm and everything on it (owner only)',
      middleware: [requireSession, requireFarm('farm.delete')] as const,
      request: { params: FarmParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteFarm(farmCtxOf(c));
      return c.body(null, 204);
    },
  );
