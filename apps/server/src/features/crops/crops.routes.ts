import { createRoute, z } from '@hono/zod-openapi';
import {
  CROP_SEASONS,
  CreateCropInputSchema,
  CropListQuerySchema,
  CropPageSchema,
  CropSchema,
  GrowthStageSchema,
  HarvestSchema,
  PlanningScheduleSchema,
  PlanSeasonInputSchema,
  PlanSeasonResultSchema,
  PlantingWindowsSchema,
  PredictionSchema,
  RecordHarvestInputSchema,
  RecordStageInputSchema,
  StageDateSchema,
  UpdateCropInputSchema,
} from '@gona/shared/crops';
import { PageQuerySchema, pageSchema } from '@gona/shared/pagination';
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
import { createCrop, deleteCrop, listFarmCrops, readCrop, updateCrop } from './crops.service';
import {
  listPlantingSchedules,
  planSeason,
  planTasksForCrop,
  plantingWindows,
  schedulePlanting,
} from './planning.service';
import {
  cropTimeline,
  listHarvests,
  listPredictions,
  listCropStages,
  listFarmStages,
  predictCrop,
  produceStock,
  recordHarvest,
  recordStage,
} from './records.service';

const CropParams = farmParamsWith('cropId');
const CropKeyQuery = z.object({
  crop_key: z.string().regex(/^[a-z0-9_]{1,40}$/, 'Choose a crop from the list'),
});
const ScheduleInput = CropKeyQuery.extend({ season: z.enum(CROP_SEASONS, { error: 'Choose the season' }) });
const ProduceSchema = z.object({
  items: z.array(z.object({ crop_key: z.string(), crop_name: z.string(), kg: z.string() })),
});
const base = '/farms/{farmId}/crops/{cropId}';

/**
 * Crops under /api/farms/{farmId}: plantings, their stages, harvests and yield predictions, the
 * planting windows and schedules of the farm's zone, and planning a season. Every member reads;
 * the owner and managers plant, change and plan (`records.write`); workers record stages and
 * harvests (`records.recordEvent`).
 */
export const cropsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/crops',
      tags: ['Crops'],
      summary: 'List plantings, newest first; ?status=, ?field_id=',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: CropListQuerySchema },
      responses: { 200: jsonContent(CropPageSchema, 'A page of plantings'), ...ErrorResponses },
    }),
    async (c) => c.json(await listFarmCrops(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/crops',
      tags: ['Crops'],
      summary: 'Add a planting (once per client id; seed from the store is used once)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(CreateCropInputSchema) },
      responses: { 201: jsonContent(CropSchema, 'The planting'), ...ErrorResponses },
    }),
    async (c) => c.json(await createCrop(farmCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/crop-plans',
      tags: ['Crops'],
      summary: 'Plan a season: plantings, their planting schedules and their tasks, at once',
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(PlanSeasonInputSchema) },
      responses: {
        200: jsonContent(PlanSeasonResultSchema, 'The plantings and tasks made'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await planSeason(farmCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/planting-windows',
      tags: ['Crops'],
      summary: "A crop's planting windows in the farm's zone, as the coming dates",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: CropKeyQuery },
      responses: { 200: jsonContent(PlantingWindowsSchema, 'The windows'), ...ErrorResponses },
    }),
    async (c) => c.json(await plantingWindows(farmCtxOf(c), c.req.valid('query').crop_key), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/planting-schedules',
      tags: ['Crops'],
      summary: "The farm's planting schedules, the soonest first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(PlanningScheduleSchema) }), 'The schedules'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listPlantingSchedules(farmCtxOf(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/planting-schedules',
      tags: ['Crops'],
      summary: "Keep a crop's window for a season in the farm's zone as a planting schedule (once)",
      middleware: [requireFarm('records.write')] as const,
      request: { params: farmParams, ...jsonBody(ScheduleInput) },
      responses: { 200: jsonContent(PlanningScheduleSchema, 'The schedule'), ...ErrorResponses },
    }),
    async (c) => c.json(await schedulePlanting(farmCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/crop-stages',
      tags: ['Crops'],
      summary: "The farm's recorded growth stages over all its crops, start date first, a page at a time",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(pageSchema(GrowthStageSchema), 'A page of stages'), ...ErrorResponses },
    }),
    async (c) => c.json(await listFarmStages(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/crop-predictions',
      tags: ['Crops'],
      summary: "The farm's yield predictions through its crops, the latest first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(PredictionSchema) }), 'The predictions'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listPredictions(farmCtxOf(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/produce-stock',
      tags: ['Crops'],
      summary: 'Stored harvest by crop, in kg',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(ProduceSchema, 'The produce in store'), ...ErrorResponses },
    }),
    async (c) => c.json({ items: await produceStock(farmCtxOf(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: base,
      tags: ['Crops'],
      summary: 'One planting with its current stage',
      middleware: [requireFarm('records.read')] as const,
      request: { params: CropParams },
      responses: { 200: jsonContent(CropSchema, 'The planting'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json(await readCrop(ctx.db, ctx.farmId, c.req.valid('param').cropId), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: base,
      tags: ['Crops'],
      summary: 'Change a planting (409 when someone changed it meanwhile)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: CropParams, ...jsonBody(UpdateCropInputSchema) },
      responses: { 200: jsonContent(CropSchema, 'The planting'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await updateCrop(farmCtxOf(c), c.req.valid('param').cropId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: base,
      tags: ['Crops'],
      summary: 'Delete a planting recorded by mistake, with its records and open tasks',
      middleware: [requireFarm('records.write')] as const,
      request: { params: CropParams },
      responses: { 204: { description: 'Deleted' }, ...ErrorResponses },
    }),
    async (c) => {
      await deleteCrop(farmCtxOf(c), c.req.valid('param').cropId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/tasks-plan`,
      tags: ['Crops'],
      summary:
        "Put the crop's practice (land, planting, fertilizer, weeding, scouting, harvest) into tasks (once)",
      middleware: [requireFarm('records.write')] as const,
      request: { params: CropParams },
      responses: {
        200: jsonContent(z.object({ created: z.number().int() }), 'How many tasks were made'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await planTasksForCrop(farmCtxOf(c), c.req.valid('param').cropId), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/stages`,
      tags: ['Crops'],
      summary: "A planting's recorded stages, start date first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: CropParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(GrowthStageSchema) }), 'The stages'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listCropStages(farmCtxOf(c), c.req.valid('param').cropId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/timeline`,
      tags: ['Crops'],
      summary:
        "A planting's stages and harvest with their expected dates (from the planting day) and actual ones (as recorded), and which came late",
      middleware: [requireFarm('records.read')] as const,
      request: { params: CropParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(StageDateSchema) }), 'The dated stages'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await cropTimeline(farmCtxOf(c), c.req.valid('param').cropId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/stages`,
      tags: ['Crops'],
      summary: 'Record a growth stage seen (once per client id)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: CropParams, ...jsonBody(RecordStageInputSchema) },
      responses: { 201: jsonContent(GrowthStageSchema, 'The stage'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await recordStage(farmCtxOf(c), c.req.valid('param').cropId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/harvests`,
      tags: ['Crops'],
      summary: "A planting's harvests, the latest first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: CropParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(HarvestSchema) }), 'The harvests'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listHarvests(farmCtxOf(c), c.req.valid('param').cropId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/harvests`,
      tags: ['Crops'],
      summary: 'Record a harvest (once per client id)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: CropParams, ...jsonBody(RecordHarvestInputSchema) },
      responses: { 201: jsonContent(HarvestSchema, 'The harvest'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await recordHarvest(farmCtxOf(c), c.req.valid('param').cropId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/predictions`,
      tags: ['Crops'],
      summary: "A planting's yield predictions, the latest first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: CropParams },
      responses: {
        200: jsonContent(z.object({ items: z.array(PredictionSchema) }), 'The predictions'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listPredictions(farmCtxOf(c), c.req.valid('param').cropId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/predictions`,
      tags: ['Crops'],
      summary: 'Predict the yield now (kept with the earlier predictions)',
      middleware: [requireFarm('records.write')] as const,
      request: { params: CropParams },
      responses: { 201: jsonContent(PredictionSchema, 'The prediction'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await predictCrop(farmCtxOf(c), c.req.valid('param').cropId, c.var.deps.config.weather), 201),
  );
