import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { isDatabaseUnreachable } from '../../lib/errors';
import { createRouter } from '../../lib/openapi';

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
      200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
      503: {
        description: 'The database cannot be reached',
        content: { 'application/json': { schema: UnhealthySchema } },
      },
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
