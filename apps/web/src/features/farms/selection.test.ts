import { describe, expect, it, vi } from 'vitest';
import type { FarmSummary } from '@gona/shared/farms';
import {
  decideAfterFetchById,
  decideSelection,
  initialFarmList,
  loadFarmList,
  signedOutSelection,
} from './selection';

const farm = (id: string): FarmSummary => ({
  id,
  name: `Farm ${id}`,
  location: 'Umuahia',
  farm_type: 'crop',
  role: 'owner',
});
const A = farm('a');
const B = farm('b');

describe('farm selection rules (spec section 4)', () => {
  it('shows the cached list first, before the server answers', () => {
    expect(initialFarmList(true, () => [A, B])).toEqual([A, B]);
    expect(initialFarmList(true, () => null)).toEqual([]);
  });

  describe('loading the list (spec section 8: full list, second query, cache, empty list)', () => {
    const failing = () => Promise.reject(new Error('offline'));

    it('1. loads the full list from the server and refreshes the cache', async () => {
      const writeCache = vi.fn();
      const fetchFarmsBasic = vi.fn(failing);
      const result = await loadFarmList({
        fetchFarms: () => Promise.resolve([B]),
        fetchFarmsBasic,
        readCache: () => [A],
        writeCache,
      });
      expect(result).toEqual({ farms: [B], source: 'server' });
      expect(writeCache).toHaveBeenCalledWith([B]);
      expect(fetchFarmsBasic).not.toHaveBeenCalled();
    });

    it('2. falls back to the second (basic) query when the full list fails, and refreshes the cache', async () => {
      const writeCache = vi.fn();
      const result = await loadFarmList({
        fetchFarms: failing,
        fetchFarmsBasic: () => Promise.resolve([B, A]),
        readCache: () => [A],
        writeCache,
      });
      expect(result).toEqual({ farms: [B, A], source: 'basic' });
      expect(writeCache).toHaveBeenCalledWith([B, A]);
      // The basic list drives the selection like the full one.
      expect(decideSelection(result.farms, 'a', 'load')).toEqual({ type: 'select', farmId: 'a' });
    });

    it('3. falls back to the cache when both queries fail, leaving the cache as it is', async () => {
      const writeCache = vi.fn();
      expect(
        await loadFarmList({
          fetchFarms: failing,
          fetchFarmsBasic: failing,
          readCache: () => [A],
          writeCache,
        }),
      ).toEqual({ farms: [A], source: 'cache' });
      expect(writeCache).not.toHaveBeenCalled();
    });

    it('4. answers an empty list when both queries fail and nothing is cached', async () => {
      const writeCache = vi.fn();
      expect(
        await loadFarmList({
          fetchFarms: failing,
          fetchFarmsBasic: failing,
          readCache: () => null,
          writeCache,
        }),
      ).toEqual({ farms: [], source: 'empty' });
      expect(writeCache).not.toHaveBeenCalled();
    });
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
