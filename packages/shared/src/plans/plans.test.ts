import { describe, expect, it } from 'vitest';
import { hasRoomForWorker, plansResponse, PlansResponseSchema, workerLimitMessage } from './index';

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

describe('the worker limit', () => {
  it('lets a Free farm have 10 active workers and no 11th; Pro has no limit', () => {
    expect(hasRoomForWorker('free', 9)).toBe(true);
    expect(hasRoomForWorker('free', 10)).toBe(false);
    expect(hasRoomForWorker('pro', 10)).toBe(true);
    expect(hasRoomForWorker('pro', 10_000)).toBe(true);
  });

  it('tells a full Free farm what the spec says', () => {
    expect(workerLimitMessage('free')).toBe(
      'The Free plan allows up to 10 workers. Upgrade to Pro to add more.',
    );
  });
});
