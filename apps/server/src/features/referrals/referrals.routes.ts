import { createRoute } from '@hono/zod-openapi';
import { MyReferralsSchema } from '@gona/shared/referrals';
import { requireSession } from '../../lib/auth-guard';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { getMyReferrals } from './referrals.service';

/** Invite a farmer: the person's own link and who joined through it (not a farm's: no farm in the path). */
export const referralsRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/referrals',
    tags: ['account'],
    summary:
      'The signed-in person’s link to invite another farmer, who joined through it, and the Pro it earned',
    middleware: [requireSession] as const,
    responses: { 200: jsonContent(MyReferralsSchema, 'The link and who joined'), ...ErrorResponses },
  }),
  async (c) => c.json(await getMyReferrals(ctxOf(c), c.var.deps), 200),
);
