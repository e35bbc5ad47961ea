import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { useSaveFailure } from './errors';

describe('useSaveFailure', () => {
  const { result } = renderHook(() => useSaveFailure());

  it('asks to reopen a record someone else changed, without field messages', () => {
    expect(result.current(new ApiError(409, 'CONFLICT', 'Stale'), 'form.failed')).toEqual({
      fields: null,
      message: 'Someone else changed this supply. Close and open it again to see their change.',
    });
  });

  it("puts the server's field messages next to the fields and says what failed", () => {
    const error = new ApiError(400, 'VALIDATION', 'Some fields need attention', { name: 'Enter a name' });
    expect(result.current(error, 'form.failed')).toEqual({
      fields: { name: 'Enter a name' },
      message: 'Could not save the supply. Some fields need attention',
    });
  });

  it('says the server could not be reached when the network failed', () => {
    expect(result.current(new ApiError(0, 'NETWORK', 'offline'), 'form.failed').message).toBe(
      'Could not save the supply. Cannot reach Gona. Check your connection and try again.',
    );
  });
});
