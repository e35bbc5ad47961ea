import { createRoute } from '@hono/zod-openapi';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  CreateSupplierInputSchema,
  SupplierPageSchema,
  SupplierSchema,
  UpdateSupplierInputSchema,
} from '@gona/shared/inventory';
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
import { createSupplier, deactivateSupplier, listSuppliers, updateSupplier } from './suppliers.service';

const SupplierParams = farmParamsWith('supplierId');

export const suppliersRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/suppliers',
      tags: ['Inventory'],
      summary: 'Active suppliers by name',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(SupplierPageSchema, 'A page of suppliers'), ...ErrorResponses },
    }),
    async (c) => c.json(await listSuppliers(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/suppliers',
      tags: ['Inventory'],
      summary: 'Add a supplier',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateSupplierInputSchema) },
      responses: { 201: jsonContent(SupplierSchema, 'The new supplier'), ...ErrorResponses },
    }),
    async (c) => c.json(await createSupplier(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/suppliers/{supplierId}',
      tags: ['Inventory'],
      summary: 'Change a supplier (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SupplierParams, ...jsonBody(UpdateSupplierInputSchema) },
      responses: { 200: jsonContent(SupplierSchema, 'The changed supplier'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateSupplier(farmCtxOf(c), c.req.valid('param').supplierId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/suppliers/{supplierId}/deactivate',
      tags: ['Inventory'],
      summary: 'Deactivate a supplier (hidden from the pick list, kept on old supplies)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: SupplierParams },
      responses: { 200: jsonContent(SupplierSchema, 'The deactivated supplier'), ...ErrorResponses },
    }),
    async (c) => c.json(await deactivateSupplier(farmCtxOf(c), c.req.valid('param').supplierId), 200),
  );
