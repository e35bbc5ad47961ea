import { createRoute } from '@hono/zod-openapi';
import { ClimateSchema } from '@gona/shared/climate';
import { requireFarm } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonContent } from '../../lib/openapi';
import { farmClimate } from './climate.service';

export const climateRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/farms/{farmId}/climate',
    tags: ['Climate'],
    summary:
      "The farm's weather from its 0.1° cell as last fetched (today and 16 days, 90 days of rain) and the risk alerts for what it grows and raises",
    middleware: [requireFarm('records.read')] as const,
    request: { params: farmParams },
    responses: { 200: jsonContent(ClimateSchema, 'The weather and its alerts'), ...ErrorResponses },
  }),
  async (c) => c.json(await farmClimate(farmCtxOf(c), c.var.deps.config.weather), 200),
);
