import { createRoute } from '@hono/zod-openapi';
import {
  CreateSupplyInputSchema,
  SupplyListQuerySchema,
  SupplyPageSchema,
  SupplyWithPhotosSchema,
  UpdateSupplyInputSchema,
} from '@gona/shared/inventory';
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
import { createSupply, deleteSupply, getSupply, listSupplies, updateSupply } from './supplies.service';

const SupplyParams = farmParamsWith('supplyId');

export const suppliesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/supplies',
      tags: ['Inventory'],
      summary:
        'List supplies: newest first; by name within a category; ?low_stock=true for quantity ≤ low_threshold',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: SupplyListQuerySchema },
      responses: { 200: jsonContent(SupplyPageSchema, 'A page of supplies'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(visiblePage(ctx.role, 'supplies', await listSupplies(ctx, c.req.valid('query'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/supplies',
      tags: ['Inventory'],
      summary: 'Add a supply',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateSupplyInputSchema) },
      responses: { 201: jsonContent(SupplyWithPhotosSchema, 'The new supply'), ...ErrorResponses },
    }),
    async (c) => c.json(await createSupply(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/supplies/{supplyId}',
      tags: ['Inventory'],
      summary: 'Get a supply',
      middleware: [requireFarm('records.read')] as const,
      request: { params: SupplyParams },
      responses: {
        200: jsonContent(SupplyWithPhotosSchema, 'The supply, with its photos'),
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(
        visibleRecord(ctx.role, 'supplies', await getSupply(ctx, c.req.valid('param').supplyId)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/supplies/{supplyId}',
      tags: ['Inventory'],
      summary: 'Change a supply (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SupplyParams, ...jsonBody(UpdateSupplyInputSchema) },
      responses: { 200: jsonContent(SupplyWithPhotosSchema, 'The changed supply'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateSupply(farmCtxOf(c), c.req.valid('param').supplyId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/supplies/{supplyId}',
      tags: ['Inventory'],
      summary: 'Delete a supply with its movements, alerts and photos',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SupplyParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteSupply(farmCtxOf(c), c.req.valid('param').supplyId);
      return c.body(null, 204);
    },
  );
