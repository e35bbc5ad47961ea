import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useSession } from './session';

describe('hooks outside their providers', () => {
  it('useSession throws without a SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within a SessionProvider');
  });

  it('useFarmSelection throws without a FarmSelectionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useFarmSelection())).toThrow('useFarmSelection must be used within a FarmSelectionProvider');
  });
});
