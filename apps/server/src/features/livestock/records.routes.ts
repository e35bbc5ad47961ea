import { createRoute } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@gona/shared';
import {
  CreateGrowthLogInputSchema,
  CreateHealthRecordInputSchema,
  EventResultSchema,
  GrowthLogPageSchema,
  GrowthLogSchema,
  HealthRecordPageSchema,
  HealthRecordSchema,
  LivestockEventPageSchema,
  ProductionPageSchema,
  ProductionSchema,
  RecordEventInputSchema,
  RecordProductionInputSchema,
  TimelinePageSchema,
  type TimelineEntry,
} from '@gona/shared/livestock';
import { PageQuerySchema } from '@gona/shared/pagination';
import type { FarmRole } from '@gona/shared/permissions';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { visiblePage, visibleRecord } from '../../lib/visible-fields';
import { ErrorResponses, createRouter, farmParamsWith, jsonBody, jsonContent } from '../../lib/openapi';
import {
  listEvents,
  listGrowth,
  listHealth,
  listProduction,
  listTimeline,
  recordEvent,
  recordGrowth,
  recordHealth,
  recordProduction,
} from './records.service';

const AnimalParams = farmParamsWith('animalId');
const base = '/farms/{farmId}/livestock/{animalId}';
const RecordConflict = { 409: jsonContent(ErrorBodySchema, 'CONFLICT: not enough heads or stock') };

/**
 * What is recorded about an animal or group over time. Every member reads it; the owner, managers
 * and workers record it (`records.recordEvent`): workers record events but do not add or delete
 * animals. Each record's client-made id makes a retry or a queued replay record it once.
 */
export const recordsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/health-records`,
      tags: ['Livestock'],
      summary: "An animal's health records, latest date first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams, query: PageQuerySchema },
      responses: { 200: jsonContent(HealthRecordPageSchema, 'A page of health records'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const page = await listHealth(ctx, c.req.valid('param').animalId, c.req.valid('query'));
      return c.json(visiblePage(ctx.role, 'livestock_health_records', page), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/health-records`,
      tags: ['Livestock'],
      summary:
        'Record a vaccination, treatment, deworming, illness or check-up (a store product uses its stock once)',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: AnimalParams, ...jsonBody(CreateHealthRecordInputSchema) },
      responses: {
        201: jsonContent(HealthRecordSchema, 'The health record'),
        ...ErrorResponses,
        ...RecordConflict,
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const record = await recordHealth(ctx, c.req.valid('param').animalId, c.req.valid('json'));
      return c.json(visibleRecord(ctx.role, 'livestock_health_records', record), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/growth-logs`,
      tags: ['Livestock'],
      summary: "An animal's weighings, latest date first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams, query: PageQuerySchema },
      responses: { 200: jsonContent(GrowthLogPageSchema, 'A page of weighings'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await listGrowth(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/growth-logs`,
      tags: ['Livestock'],
      summary: "Record a weighing (a group's average weight and how many were weighed)",
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: AnimalParams, ...jsonBody(CreateGrowthLogInputSchema) },
      responses: { 201: jsonContent(GrowthLogSchema, 'The weighing'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await recordGrowth(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/events`,
      tags: ['Livestock'],
      summary: "An animal's or group's head-count events, latest date first",
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams, query: PageQuerySchema },
      responses: { 200: jsonContent(LivestockEventPageSchema, 'A page of events'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const page = await listEvents(ctx, c.req.valid('param').animalId, c.req.valid('query'));
      return c.json(visiblePage(ctx.role, 'livestock_events', page), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/events`,
      tags: ['Livestock'],
      summary: 'Record deaths, births, a purchase, a sale, slaughter, culling or a move to another group',
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: AnimalParams, ...jsonBody(RecordEventInputSchema) },
      responses: {
        201: jsonContent(EventResultSchema, 'The event and the animal or group after it'),
        ...ErrorResponses,
        ...RecordConflict,
      },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const { event, animal } = await recordEvent(ctx, c.req.valid('param').animalId, c.req.valid('json'));
      return c.json(
        {
          event: visibleRecord(ctx.role, 'livestock_events', event),
          animal: visibleRecord(ctx.role, 'livestock', animal),
        },
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/production`,
      tags: ['Livestock'],
      summary: "An animal's or group's production, latest date first, with the hen-day rate",
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams, query: PageQuerySchema },
      responses: {
        200: jsonContent(ProductionPageSchema, 'A page of production records'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(await listProduction(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${base}/production`,
      tags: ['Livestock'],
      summary:
        "Record a day's eggs, milk, fish harvested or feed given (feed from the store uses its stock once)",
      middleware: [requireFarm('records.recordEvent')] as const,
      request: { params: AnimalParams, ...jsonBody(RecordProductionInputSchema) },
      responses: {
        201: jsonContent(ProductionSchema, 'The production record'),
        ...ErrorResponses,
        ...RecordConflict,
      },
    }),
    async (c) =>
      c.json(await recordProduction(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: `${base}/timeline`,
      tags: ['Livestock'],
      summary: 'Health, weighings, events and production of an animal or group, merged by date, latest first',
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams, query: PageQuerySchema },
      responses: { 200: jsonContent(TimelinePageSchema, 'A page of the timeline'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      const page = await listTimeline(ctx, c.req.valid('param').animalId, c.req.valid('query'));
      return c.json({ ...page, items: page.items.map((entry) => visibleEntry(ctx.role, entry)) }, 200);
    },
  );

/** A timeline entry as the role may see it: its record by the record's kind. */
function visibleEntry(role: FarmRole, entry: TimelineEntry): TimelineEntry {
  if (entry.type === 'health')
    return { ...entry, record: visibleRecord(role, 'livestock_health_records', entry.record) };
  if (entry.type === 'event')
    return { ...entry, record: visibleRecord(role, 'livestock_events', entry.record) };
  return entry;
}
