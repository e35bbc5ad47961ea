import { createRoute, z } from '@hono/zod-openapi';
import { AdminPayoutPageSchema, AdminPayoutSchema, AdminPayoutsQuerySchema } from '@gona/shared/marketplace';
import { ctxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { requireAdmin } from './admin-guard';
import { listAdminPayouts, retryPayout } from './admin-payouts.service';

const PayoutParams = z.object({ payoutId: z.uuid() });

/** The back office's payouts (platform admins only): failed and held ones, and sending a failed one again. */
export const adminPayoutsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payouts',
      tags: ['Admin'],
      summary:
        "Payouts that need Gona's staff, newest first: failed ones, or held ones (the farm has no payout account, or changed it and the hold runs)",
      middleware: [requireAdmin] as const,
      request: { query: AdminPayoutsQuerySchema },
      responses: { 200: jsonContent(AdminPayoutPageSchema, 'A page of payouts'), ...ErrorResponses },
    }),
    async (c) => c.json(await listAdminPayouts(c.var.deps, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payouts/{payoutId}/retry',
      tags: ['Admin'],
      summary:
        'Send a failed payout again: it waits for the next payout run, which sends it with a new reference (409 unless it is failed)',
      middleware: [requireAdmin] as const,
      request: { params: PayoutParams },
      responses: { 200: jsonContent(AdminPayoutSchema, 'The payout, pending again'), ...ErrorResponses },
    }),
    async (c) => c.json(await retryPayout(ctxOf(c), c.req.valid('param').payoutId, c.var.deps), 200),
  );
