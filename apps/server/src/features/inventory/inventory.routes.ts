import { createRoute, z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@gona/shared';
import { PageQuerySchema } from '@gona/shared/pagination';
import {
  AlertCountSchema,
  CreateSupplierInputSchema,
  CreateSupplyInputSchema,
  InventoryAlertPageSchema,
  InventoryAlertSchema,
  MovementPageSchema,
  MovementResultSchema,
  RecordMovementInputSchema,
  SupplierPageSchema,
  SupplierSchema,
  SupplyListQuerySchema,
  SupplyPageSchema,
  SupplySchema,
  UpdateSupplierInputSchema,
  UpdateSupplyInputSchema,
} from '@gona/shared/inventory';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/context';
import type { CsvExport } from '../../lib/csv';
import { createRouter } from '../../lib/openapi';
import { costsFor, pageCostsFor } from './inventory.rows';
import { countOpenAlerts, listOpenAlerts, resolveAlert } from './alerts.service';
import { exportMovementsCsv, exportSuppliesCsv } from './export.service';
import { listMovements, recordMovement } from './movements.service';
import { createSupplier, deactivateSupplier, listSuppliers, updateSupplier } from './suppliers.service';
import { createSupply, deleteSupply, getSupply, listSupplies, updateSupply } from './supplies.service';

/**
 * Supply inventory under /api/farms/{farmId}: supplies, stock movements, low-stock alerts,
 * suppliers and CSV exports. Every route: requireFarm(action) (401 / 404 / 403) → validate with the
 * shared schema → one service call → respond.
 */
export const inventoryRoutes = createRouter();

const tags = ['Inventory'];
const FarmParams = z.object({ farmId: z.string() });
const SupplyParams = FarmParams.extend({ supplyId: z.uuid() });
const AlertParams = FarmParams.extend({ alertId: z.uuid() });
const SupplierParams = FarmParams.extend({ supplierId: z.uuid() });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const errors = {
  400: json(ErrorBodySchema, 'Invalid input, with a message per field'),
  401: json(ErrorBodySchema, 'Not signed in'),
  403: json(ErrorBodySchema, 'Insufficient permissions'),
  404: json(ErrorBodySchema, 'Not found (or not this farm’s)'),
};

const read = requireFarm('records.read');
const recordEvent = requireFarm('records.recordEvent');
const write = requireFarm('records.write');

// Supplies

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/supplies',
    tags,
    summary:
      'List supplies: newest first; by name within a category; ?low_stock=true for quantity ≤ low_threshold',
    middleware: [read],
    request: { params: FarmParams, query: SupplyListQuerySchema },
    responses: { 200: json(SupplyPageSchema, 'A page of supplies'), ...errors },
  }),
  async (c) => {
    const ctx = farmCtxOf(c);
    return c.json(pageCostsFor(ctx.role, await listSupplies(ctx, c.req.valid('query'))), 200);
  },
);

inventoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/farms/{farmId}/supplies',
    tags,
    summary: 'Add a supply',
    middleware: [write],
    request: { params: FarmParams, ...body(CreateSupplyInputSchema) },
    responses: { 201: json(SupplySchema, 'The new supply'), ...errors },
  }),
  async (c) => c.json(await createSupply(farmCtxOf(c), c.req.valid('json')), 201),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/supplies/export.csv',
    tags,
    summary: 'Every supply of the farm as CSV',
    middleware: [read],
    request: { params: FarmParams },
    responses: { 200: { description: 'text/csv attachment' }, ...errors },
  }),
  async (c) => csvResponse(await exportSuppliesCsv(farmCtxOf(c))),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/supplies/{supplyId}',
    tags,
    summary: 'Get a supply',
    middleware: [read],
    request: { params: SupplyParams },
    responses: { 200: json(SupplySchema, 'The supply'), ...errors },
  }),
  async (c) => {
    const ctx = farmCtxOf(c);
    return c.json(costsFor(ctx.role, await getSupply(ctx, c.req.valid('param').supplyId)), 200);
  },
);

inventoryRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/farms/{farmId}/supplies/{supplyId}',
    tags,
    summary: 'Change a supply (send the version you edited; a stale one gets 409)',
    middleware: [write],
    request: { params: SupplyParams, ...body(UpdateSupplyInputSchema) },
    responses: {
      200: json(SupplySchema, 'The changed supply'),
      409: json(ErrorBodySchema, 'Changed by someone else'),
      ...errors,
    },
  }),
  async (c) =>
    c.json(await updateSupply(farmCtxOf(c), c.req.valid('param').supplyId, c.req.valid('json')), 200),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/farms/{farmId}/supplies/{supplyId}',
    tags,
    summary: 'Delete a supply with its movements and alerts',
    middleware: [write],
    request: { params: SupplyParams },
    responses: { 204: { description: 'Deleted' }, ...errors },
  }),
  async (c) => {
    await deleteSupply(farmCtxOf(c), c.req.valid('param').supplyId);
    return c.body(null, 204);
  },
);

// Stock movements

inventoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/farms/{farmId}/supplies/{supplyId}/movements',
    tags,
    summary: 'Record a stock movement; the client-made id makes retries safe (same id → recorded once)',
    middleware: [recordEvent],
    request: { params: SupplyParams, ...body(RecordMovementInputSchema) },
    responses: {
      201: json(MovementResultSchema, 'The movement and the supply after it'),
      409: json(ErrorBodySchema, 'Not enough stock'),
      ...errors,
    },
  }),
  async (c) => {
    const ctx = farmCtxOf(c);
    const { movement, supply } = await recordMovement(
      ctx,
      c.req.valid('param').supplyId,
      c.req.valid('json'),
    );
    return c.json({ movement: costsFor(ctx.role, movement), supply: costsFor(ctx.role, supply) }, 201);
  },
);

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/supplies/{supplyId}/movements',
    tags,
    summary: "A supply's movement history, newest first",
    middleware: [read],
    request: { params: SupplyParams, query: PageQuerySchema },
    responses: { 200: json(MovementPageSchema, 'A page of movements'), ...errors },
  }),
  async (c) => {
    const ctx = farmCtxOf(c);
    const page = await listMovements(ctx, c.req.valid('param').supplyId, c.req.valid('query'));
    return c.json(pageCostsFor(ctx.role, page), 200);
  },
);

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/supply-movements/export.csv',
    tags,
    summary: 'Every stock movement of the farm as CSV',
    middleware: [read],
    request: { params: FarmParams },
    responses: { 200: { description: 'text/csv attachment' }, ...errors },
  }),
  async (c) => csvResponse(await exportMovementsCsv(farmCtxOf(c))),
);

// Low-stock alerts

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/inventory-alerts',
    tags,
    summary: 'Open alerts with their supply, newest first',
    middleware: [read],
    request: { params: FarmParams, query: PageQuerySchema },
    responses: { 200: json(InventoryAlertPageSchema, 'A page of open alerts'), ...errors },
  }),
  async (c) => c.json(await listOpenAlerts(farmCtxOf(c), c.req.valid('query')), 200),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/inventory-alerts/count',
    tags,
    summary: 'How many alerts are open (the sidebar and dashboard badge)',
    middleware: [read],
    request: { params: FarmParams },
    responses: { 200: json(AlertCountSchema, 'The count'), ...errors },
  }),
  async (c) => c.json(await countOpenAlerts(farmCtxOf(c)), 200),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/farms/{farmId}/inventory-alerts/{alertId}/resolve',
    tags,
    summary: 'Resolve an alert (is_resolved true, resolved_at now)',
    middleware: [recordEvent],
    request: { params: AlertParams },
    responses: { 200: json(InventoryAlertSchema, 'The resolved alert'), ...errors },
  }),
  async (c) => c.json(await resolveAlert(farmCtxOf(c), c.req.valid('param').alertId), 200),
);

// Suppliers

inventoryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/suppliers',
    tags,
    summary: 'Active suppliers by name',
    middleware: [read],
    request: { params: FarmParams, query: PageQuerySchema },
    responses: { 200: json(SupplierPageSchema, 'A page of suppliers'), ...errors },
  }),
  async (c) => c.json(await listSuppliers(farmCtxOf(c), c.req.valid('query')), 200),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/farms/{farmId}/suppliers',
    tags,
    summary: 'Add a supplier',
    middleware: [write],
    request: { params: FarmParams, ...body(CreateSupplierInputSchema) },
    responses: { 201: json(SupplierSchema, 'The new supplier'), ...errors },
  }),
  async (c) => c.json(await createSupplier(farmCtxOf(c), c.req.valid('json')), 201),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/farms/{farmId}/suppliers/{supplierId}',
    tags,
    summary: 'Change a supplier (send the version you edited; a stale one gets 409)',
    middleware: [write],
    request: { params: SupplierParams, ...body(UpdateSupplierInputSchema) },
    responses: {
      200: json(SupplierSchema, 'The changed supplier'),
      409: json(ErrorBodySchema, 'Changed by someone else'),
      ...errors,
    },
  }),
  async (c) =>
    c.json(await updateSupplier(farmCtxOf(c), c.req.valid('param').supplierId, c.req.valid('json')), 200),
);

inventoryRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/farms/{farmId}/suppliers/{supplierId}/deactivate',
    tags,
    summary: 'Deactivate a supplier (hidden from the pick list, kept on old supplies)',
    middleware: [write],
    request: { params: SupplierParams },
    responses: { 200: json(SupplierSchema, 'The deactivated supplier'), ...errors },
  }),
  async (c) => c.json(await deactivateSupplier(farmCtxOf(c), c.req.valid('param').supplierId), 200),
);

function csvResponse(file: CsvExport): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
}
