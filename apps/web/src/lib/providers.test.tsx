import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useSession } from './session';

describe('useSession outside its provider', () => {
  it('useSession throws without a SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within a SessionProvider');
  });
});
