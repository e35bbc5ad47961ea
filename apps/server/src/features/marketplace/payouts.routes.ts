import { createRoute, z } from '@hono/zod-openapi';
import {
  BankSchema,
  PayoutAccountSchema,
  PayoutSchema,
  ResolveAccountInputSchema,
  ResolvedAccountSchema,
  SavePayoutAccountInputSchema,
} from '@gona/shared/marketplace';
import { PageQuerySchema, pageSchema } from '@gona/shared/pagination';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { farmCtxOf } from '../../lib/http-context';
import { ErrorResponses, createRouter, farmParams, jsonBody, jsonContent } from '../../lib/openapi';
import {
  getPayoutAccount,
  listBanks,
  listPayouts,
  resolvePayoutAccount,
  savePayoutAccount,
} from './payouts.service';

/**
 * Payouts: the banks (anyone signed in), a farm's payout account (owners save it with their
 * password; owners and managers read it) and the farm's payouts (owners and managers).
 */
export const payoutsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/banks',
      tags: ['Marketplace'],
      summary: "Nigerian banks for a payout account, by name (Paystack's list, kept a day)",
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(z.array(BankSchema), 'The banks'), ...ErrorResponses },
    }),
    async (c) => c.json(await listBanks(c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/payout-account/resolve',
      tags: ['Marketplace'],
      summary: "The name on a bank account, from the bank, before it is saved as the farm's payout account",
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(ResolveAccountInputSchema) },
      responses: { 200: jsonContent(ResolvedAccountSchema, 'The account and its name'), ...ErrorResponses },
    }),
    async (c) => c.json(await resolvePayoutAccount(c.var.deps, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/farms/{farmId}/payout-account',
      tags: ['Marketplace'],
      summary:
        "Save the farm's payout account with your password; a change holds payouts 24 hours and tells the owners",
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(SavePayoutAccountInputSchema) },
      responses: { 200: jsonContent(PayoutAccountSchema, 'The payout account'), ...ErrorResponses },
    }),
    async (c) => c.json(await savePayoutAccount(farmCtxOf(c), c.req.valid('json'), c.var.deps), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/payout-account',
      tags: ['Marketplace'],
      summary: "The farm's payout account (the number by its last 4 digits), or null when it has none",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParams },
      responses: {
        200: jsonContent(PayoutAccountSchema.nullable(), 'The payout account, or null'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await getPayoutAccount(farmCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/payouts',
      tags: ['Marketplace'],
      summary: "The farm's payouts of completed orders, newest first",
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(pageSchema(PayoutSchema), 'A page of payouts'), ...ErrorResponses },
    }),
    async (c) => c.json(await listPayouts(farmCtxOf(c), c.req.valid('query')), 200),
  );
