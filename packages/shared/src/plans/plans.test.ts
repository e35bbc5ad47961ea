import { describe, expect, it } from 'vitest';
import { plansResponse, PlansResponseSchema } from './index';

describe('plansResponse', () => {
  it('lists Free then Pro with the configured price and the spec terms', () => {
    const body = PlansResponseSchema.parse(plansResponse(60000));
    expect(body.plans.map((p) => [p.id, p.price_naira_per_year, p.worker_limit])).toEqual([
      ['free', 0, 10],
      ['pro', 60000, null],
    ]);
    expect(body.terms).toEqual({ billed_annually: true, cancel_any_time: true, refund_unused: false });
  });
});
