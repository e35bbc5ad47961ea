import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { isRefusal } from './query-client';

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
