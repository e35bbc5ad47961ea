import { createRoute } from '@hono/zod-openapi';
import { AnimalGrowthTargetSchema } from '@gona/shared/livestock';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParamsWith, jsonContent } from '../../lib/openapi';
import { growthTarget } from './growth.service';

const AnimalParams = farmParamsWith('animalId');

/** An animal's growth target from the knowledge base: every member reads it (`records.read`). */
export const growthRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/livestock/{animalId}/growth-target',
    tags: ['Livestock'],
    summary: "The target weights for the animal's species by age, and the day its age counts from",
    middleware: [requireFarm('records.read')] as const,
    request: { params: AnimalParams },
    responses: { 200: jsonContent(AnimalGrowthTargetSchema, 'The target, or null'), ...ErrorResponses },
  }),
  async (c) => c.json(await growthTarget(farmCtxOf(c), c.req.valid('param').animalId), 200),
);
