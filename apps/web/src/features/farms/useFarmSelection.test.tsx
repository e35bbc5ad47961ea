import { describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';
import { STORAGE_KEYS } from '@/lib/storage';
import { useFarmSelection } from './useFarmSelection';

const GREEN_ACRES = farm('01900000-0000-7000-8000-00000000000a', 'Green Acres');
const { id, name, location, farm_type, role } = GREEN_ACRES;

describe('the farm list fallback, wired to the API', () => {
  it('when the full list fails, asks for ?fields=basic and runs the dashboard on the summaries', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([]),
      'GET /api/farms?limit=200': { status: 500 },
      'GET /api/farms?fields=basic&limit=200': {
        status: 200,
        body: { items: [{ id, name, location, farm_type, role }], next_cursor: null },
      },
    });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Green Acres' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/farms?limit=200', '/api/farms?fields=basic&limit=200']),
    );
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.selectedFarmId)).toBe(id));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userFarms) ?? 'null')).toEqual([
      { id, name, location, farm_type, role },
    ]);
  });
});

describe('useFarmSelection outside its provider', () => {
  it('useFarmSelection throws without a FarmSelectionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useFarmSelection())).toThrow(
      'useFarmSelection must be used within a FarmSelectionProvider',
    );
  });
});
