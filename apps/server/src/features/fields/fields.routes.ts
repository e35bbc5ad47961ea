import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateFieldInputSchema,
  CreateSoilRecordInputSchema,
  FieldListQuerySchema,
  FieldPageSchema,
  FieldSchema,
  SoilRecordSchema,
  UpdateFieldInputSchema,
} from '@gona/shared/crops';
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
  createField,
  deleteField,
  listFields,
  listSoil,
  readField,
  recordSoil,
  updateField,
} from './fields.service';

const FieldParams = farmParamsWith('fieldId');
const base = '/farms/{farmId}/fields/{fieldId}';

/**
 * The farm's fields (plots) and their soil tests under /api/farms/{farmId}/fields. Everyone reads;
 * the owner and managers add, change and delete fields and record soil tests (`records.write`).
 */
export const fieldsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/fields',
      tags: ['Crops'],
      summary: 'List fields, newest first, each with its latest soil pH',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: FieldListQuerySchema },
      responses: { 200: jsonContent(FieldPageSchema, 'A page of fields'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(visiblePage(ctx.role, 'fields', await listFields(ctx, c.req.valid('query'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/fields',
      tags: ['Crops'],
      summary: 'Add a field (once per client id)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateFieldInputSchema) },
      responses: { 201: jsonContent(FieldSchema, 'The field'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(visibleRecord(ctx.role, 'fields', await createField(ctx, c.req.valid('json'))), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: base,
      tags: ['Crops'],
      summary: 'One field',
      middleware: [requireFarm('records.read')] as const,
      request: { params: FieldParams },
      responses: { 200: jsonContent(FieldSchema, 'The field'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const field = await readField(ctx.db, ctx.farmId, c.req.valid('param').fieldId);
      return c.json(visibleRecord(ctx.role, 'fields', field), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: base,
      tags: ['Crops'],
      summary: 'Change a field (409 when someone changed it meanwhile)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: FieldParams, ...jsonBody(UpdateFieldInputSchema) },
      responses: { 200: jsonContent(FieldSchema, 'The field'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const field = await updateField(ctx, c.req.valid('param').fieldId, c.req.valid('json'));
      return c.json(visibleRecord(ctx.role, 'fields', field), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: base,
      tags: ['Crops'],
      summary: 'Delete a field recorded by mistake, with its soil tests (its crops stay, without the field)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: FieldParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteField(farmCtxOf(c), c.req.valid('param').fieldId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/soil-records`,
      tags: ['Crops'],
      summary: "A field's soil tests, the latest first, each with what it says to do",
      middleware: [requireFarm('records.read')] as const,
      request: { params: FieldParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(SoilRecordSchema) }), 'The soil tests'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listSoil(farmCtxOf(c), c.req.valid('param').fieldId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/soil-records`,
      tags: ['Crops'],
      summary: 'Record a soil test (once per client id)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: FieldParams, ...jsonBody(CreateSoilRecordInputSchema) },
      responses: { 201: jsonContent(SoilRecordSchema, 'The soil test'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await recordSoil(farmCtxOf(c), c.req.valid('param').fieldId, c.req.valid('json')), 201),
  );
