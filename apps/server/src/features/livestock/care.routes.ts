import { createRoute, z } from '@hono/zod-openapi';
import {
  AcceptCarePlanInputSchema,
  CarePlanResultSchema,
  CarePlanSchema,
  CareProgrammeSchema,
  CareProgrammesSchema,
  SaveCareProgrammeInputSchema,
} from '@gona/shared/livestock';
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
import { acceptCarePlan, carePlan, listProgrammes, restoreProgramme, saveProgramme } from './care.service';

const AnimalParams = farmParamsWith('animalId');
const ProgrammeParams = farmParams.extend({
  programmeKey: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Care programme not found'),
});

/**
 * Care programmes (vaccinations, dewormings, checks by age) from the knowledge base: every member
 * reads them; the owner and managers keep the farm's own copy and plan an animal's programme into
 * its tasks (`records.write`).
 */
export const careRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/care-programmes',
      tags: ['Livestock'],
      summary: "The care programmes, each with the farm's own steps where it keeps a copy",
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(CareProgrammesSchema, 'The programmes'), ...ErrorResponses },
    }),
    async (c) => {
      const ctx = farmCtxOf(c);
      return c.json({ items: await listProgrammes(ctx.db, ctx.farmId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/farms/{farmId}/care-programmes/{programmeKey}',
      tags: ['Livestock'],
      summary: "Keep the farm's own steps for a programme (409 when someone saved it meanwhile)",
      middleware: [requireFarm('records.write')] as const,
      request: { params: ProgrammeParams, ...jsonBody(SaveCareProgrammeInputSchema) },
      responses: {
        200: jsonContent(CareProgrammeSchema, 'The programme as the farm keeps it'),
        ...ErrorResponses,
      },
    }),
    async (c) =>
      c.json(await saveProgramme(farmCtxOf(c), c.req.valid('param').programmeKey, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/care-programmes/{programmeKey}',
      tags: ['Livestock'],
      summary: 'Go back to the built-in steps of a programme',
      middleware: [requireFarm('records.write')] as const,
      request: { params: ProgrammeParams },
      responses: { 200: jsonContent(CareProgrammeSchema, 'The built-in programme'), ...ErrorResponses },
    }),
    async (c) => c.json(await restoreProgramme(farmCtxOf(c), c.req.valid('param').programmeKey), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/livestock/{animalId}/care-plan',
      tags: ['Livestock'],
      summary: 'The programme that fits an animal or group, laid on its age, with what is already planned',
      middleware: [requireFarm('records.read')] as const,
      request: { params: AnimalParams },
      responses: { 200: jsonContent(CarePlanSchema, 'The plan'), ...ErrorResponses },
    }),
    async (c) => c.json(await carePlan(farmCtxOf(c), c.req.valid('param').animalId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/livestock/{animalId}/care-plan',
      tags: ['Livestock'],
      summary: "Put a programme's steps from today into the farm's tasks about the animal (once)",
      middleware: [requireFarm('records.write')] as const,
      request: { params: AnimalParams, ...jsonBody(AcceptCarePlanInputSchema) },
      responses: { 200: jsonContent(CarePlanResultSchema, 'How many tasks were made'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await acceptCarePlan(farmCtxOf(c), c.req.valid('param').animalId, c.req.valid('json').programme_key),
        200,
      ),
  );
