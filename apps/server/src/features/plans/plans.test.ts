import { describe, expect, it } from 'vitest';
import { FREE_WORKER_LIMIT, PlansResponseSchema } from '@gona/shared/plans';
import { createTestContext } from '../../test/context';

const ctx = await createTestContext({ PLAN_PRO_PRICE_NAIRA: '45000' });

describe('GET /api/plans', () => {
  it('lists Free and Pro with the configured yearly price, limits and terms, without a session', async () => {
    const res = await ctx.request('GET', '/api/plans');
    expect(res.status).toBe(200);
    const body = PlansResponseSchema.parse(res.body);
    expect(
      body.plans.map((p) => ({
        id: p.id,
        name: p.name,
        price: p.price_naira_per_year,
        billing: p.billing,
        workers: p.worker_limit,
      })),
    ).toEqual([
      { id: 'free', name: 'Free', price: 0, billing: 'annual', workers: FREE_WORKER_LIMIT },
      { id: 'pro', name: 'Pro', price: 45000, billing: 'annual', workers: null },
    ]);
    expect(body.plans.every((p) => p.features.length > 0)).toBe(true);
    expect(body.terms).toEqual({ billed_annually: true, cancel_any_time: true, refund_unused: false });
  });
});
