import { createRoute, z } from '@hono/zod-openapi';
import { KnowledgeCropDetailSchema, KnowledgeCropSchema } from '@gona/shared/crops';
import { requireSession } from '../../lib/auth-guard';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { cropDetail, listCrops } from './knowledge.service';

const CropParams = z.object({
  cropKey: z.string().regex(/^[a-z0-9_]{1,40}$/, 'Crop not found'),
});

/**
 * The knowledge base under /api/knowledge: the same for every farm, read by anyone signed in. Every
 * row carries its source.
 */
export const knowledgeRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/knowledge/crops',
      tags: ['Knowledge'],
      summary: 'The crops, with local names, stages, practice and typical yields',
      middleware: [requireSession] as const,
      responses: {
        200: jsonContent(z.object({ items: z.array(KnowledgeCropSchema) }), 'The crops'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json({ items: await listCrops(c.var.deps.db) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/knowledge/crops/{cropKey}',
      tags: ['Knowledge'],
      summary: 'One crop with its varieties and planting calendars by zone and season',
      middleware: [requireSession] as const,
      request: { params: CropParams },
      responses: { 200: jsonContent(KnowledgeCropDetailSchema, 'The crop'), ...ErrorResponses },
    }),
    async (c) => c.json(await cropDetail(c.var.deps.db, c.req.valid('param').cropKey), 200),
  );
