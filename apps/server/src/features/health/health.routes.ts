import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { createRouter } from '../../lib/openapi';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** For load balancers and uptime checks: answers 200 only when the database answers too. */
export const healthRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/health',
    tags: ['system'],
    summary: 'Liveness and database check',
    responses: { 200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } } },
  }),
  async (c) => {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  },
);
