import { createRoute } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@gona/shared';
import { PageQuerySchema } from '@gona/shared/pagination';
import { MovementPageSchema, MovementResultSchema, RecordMovementInputSchema } from '@gona/shared/inventory';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { visiblePage, visibleRecord } from '../../lib/visible-fields';
import { ErrorResponses, createRouter, farmParamsWith, jsonBody, jsonContent } from '../../lib/openapi';
import { listMovements, recordMovement } from './movements.service';

const SupplyParams = farmParamsWith('supplyId');

export const movementsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/supplies/{supplyId}/movements',
      tags: ['Inventory'],
      summary: 'Record a stock movement; the client-made id makes retries safe (same id → recorded once)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: SupplyParams, ...jsonBody(RecordMovementInputSchema) },
      responses: {
        201: jsonContent(MovementResultSchema, 'The movement and the supply after it'),
        ...ErrorResponses,
        409: jsonContent(ErrorBodySchema, 'CONFLICT: not enough stock'),
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const { movement, supply } = await recordMovement(
        ctx,
        c.req.valid('param').supplyId,
        c.req.valid('json'),
      );
      return c.json(
        {
          movement: visibleRecord(ctx.role, 'supply_movements', movement),
          supply: visibleRecord(ctx.role, 'supplies', supply),
        },
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/supplies/{supplyId}/movements',
      tags: ['Inventory'],
      summary: "A supply's movement history, newest first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: SupplyParams, query: PageQuerySchema },
      responses: { 200: jsonContent(MovementPageSchema, 'A page of movements'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const page = await listMovements(ctx, c.req.valid('param').supplyId, c.req.valid('query'));
      return c.json(visiblePage(ctx.role, 'supply_movements', page), 200);
    },
  );
