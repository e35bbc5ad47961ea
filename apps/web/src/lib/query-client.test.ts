import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { isRefusal, SAVED_CACHE_SHAPE, upgradeSavedCache } from './query-client';

describe('isRefusal', () => {
  it('is the server saying no to the change itself: invalid, not allowed, gone, stale', () => {
    for (const status of [400, 403, 404, 409, 422]) {
      expect(isRefusal(new ApiError(status, 'X', 'No'))).toBe(true);
    }
  });

  it('is not a lost connection, a lost session, a timeout, a busy or a failing server', () => {
    for (const status of [0, 401, 408, 429, 500, 503]) {
      expect(isRefusal(new ApiError(status, 'X', 'No'))).toBe(false);
    }
    expect(isRefusal(new Error('boom'))).toBe(false);
  });
});

describe('upgradeSavedCache', () => {
  const client = (buster: string) => ({
    buster,
    timestamp: 1,
    clientState: {
      queries: [{ queryKey: ['money', 'f', 'sales'], queryHash: 'h', state: { data: { quantity: 2.5 } } }],
      mutations: [{ mutationKey: ['money', 'createSale'], state: { variables: { quantity: 2.5 } } }],
    },
  });

  it("drops an older release's answers and keeps its waiting changes, as they were saved", () => {
    const old = client('') as unknown as Parameters<typeof upgradeSavedCache>[0];
    const upgraded = upgradeSavedCache(old);
    expect(upgraded?.buster).toBe(SAVED_CACHE_SHAPE);
    expect(upgraded?.clientState.queries).toEqual([]);
    expect(upgraded?.clientState.mutations).toEqual(old?.clientState.mutations);
  });

  it("keeps this release's cache as it is, and nothing as nothing", () => {
    const current = client(SAVED_CACHE_SHAPE) as unknown as Parameters<typeof upgradeSavedCache>[0];
    expect(upgradeSavedCache(current)).toBe(current);
    expect(upgradeSavedCache(undefined)).toBeUndefined();
  });
});
