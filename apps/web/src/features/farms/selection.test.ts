import { describe, expect, it, vi } from 'vitest';
import type { Farm } from '@gona/shared/farms';
import { decideAfterFetchById, decideSelection, initialFarmList, loadFarmList, signedOutSelection } from './selection';

const farm = (id: string) => ({ id, name: `Farm ${id}` }) as Farm;
const A = farm('a');
const B = farm('b');

describe('farm selection rules (spec section 4)', () => {
  it('shows the cached list first, before the server answers', () => {
    expect(initialFarmList(true, () => [A, B])).toEqual([A, B]);
    expect(initialFarmList(true, () => null)).toEqual([]);
  });

  it('then loads the list from the server and refreshes the cache', async () => {
    const writeCache = vi.fn();
    const result = await loadFarmList({ fetchFarms: () => Promise.resolve([B]), readCache: () => [A], writeCache });
    expect(result).toEqual({ farms: [B], source: 'server' });
    expect(writeCache).toHaveBeenCalledWith([B]);
  });

  it('falls back to the cache, then to an empty list, when the server list fails', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    expect(await loadFarmList({ fetchFarms: failing, readCache: () => [A], writeCache: vi.fn() })).toEqual({ farms: [A], source: 'cache' });
    expect(await loadFarmList({ fetchFarms: failing, readCache: () => null, writeCache: vi.fn() })).toEqual({ farms: [], source: 'empty' });
  });

  it('auto-selects the only farm', () => {
    expect(decideSelection([A], null, 'load')).toEqual({ type: 'select', farmId: 'a' });
    expect(decideSelection([A], 'gone', 'load')).toEqual({ type: 'select', farmId: 'a' });
  });

  it('keeps a stored selection that is in the list', () => {
    expect(decideSelection([A, B], 'b', 'load')).toEqual({ type: 'select', farmId: 'b' });
  });

  it('chooses the first farm when the stored selection is not in the list', () => {
    expect(decideSelection([A, B], 'gone', 'load')).toEqual({ type: 'select', farmId: 'a' });
    expect(decideSelection([A, B], null, 'load')).toEqual({ type: 'select', farmId: 'a' });
  });

  it('fetches the stored farm directly when there are no farms but a stored id', () => {
    expect(decideSelection([], 'b', 'load')).toEqual({ type: 'fetch-by-id', farmId: 'b' });
    expect(decideAfterFetchById(B)).toEqual({ farms: [B], decision: { type: 'select', farmId: 'b' } });
  });

  it('clears the selection when the direct fetch finds nothing', () => {
    expect(decideAfterFetchById(null)).toEqual({ farms: [], decision: { type: 'clear' } });
  });

  it('on refresh picks the first farm when the selected one is gone, or clears when none are left', () => {
    expect(decideSelection([B], 'a', 'refresh')).toEqual({ type: 'select', farmId: 'b' });
    expect(decideSelection([A, B], 'gone', 'refresh')).toEqual({ type: 'select', farmId: 'a' });
    expect(decideSelection([], 'a', 'refresh')).toEqual({ type: 'clear' });
  });

  it('gives signed-out users an empty list and a cleared selection', () => {
    expect(signedOutSelection()).toEqual({ farms: [], selectedFarmId: null });
    expect(initialFarmList(false, () => [A])).toEqual([]);
  });
});
