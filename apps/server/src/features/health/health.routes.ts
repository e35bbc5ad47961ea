import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { isDatabaseUnreachable } from '../../lib/errors';
import { createRouter, jsonContent } from '../../lib/openapi';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const UnhealthySchema = z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') });

/** For load balancers and uptime checks: 200 only when the database answers too, else 503. */
export const healthRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/health',
    tags: ['system'],
    summary: 'Liveness and database check',
    responses: {
      200: jsonContent(HealthSchema, 'Healthy'),
      503: jsonContent(UnhealthySchema, 'The database cannot be reached'),
    },
  }),
  async (c) => {
    try {
      await c.var.deps.db.execute(sql`select 1`);
    } catch (err) {
      if (!isDatabaseUnreachable(err)) throw err;
      return c.json({ status: 'unavailable' as const, database: 'unreachable' as const }, 503);
    }
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  },
);
