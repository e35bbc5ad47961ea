import type { Farm } from '@gona/shared/farms';

/**
 * The farm-selection rules of spec section 4, as pure functions. The provider in
 * useFarmSelection.tsx only wires them to storage, the server and React state.
 */

export type FarmListSource = 'server' | 'cache' | 'empty';

export type FarmListDeps = {
  fetchFarms: () => Promise<Farm[]>;
  readCache: () => Farm[] | null;
  writeCache: (farms: Farm[]) => void;
};

/** Rule: the list shows from the cache first (before the server answers). */
export function initialFarmList(signedIn: boolean, readCache: () => Farm[] | null): Farm[] {
  return signedIn ? (readCache() ?? []) : [];
}

/** Rule: the server list replaces the cache; when the server fails, the cache, then an empty list. */
export async function loadFarmList(deps: FarmListDeps): Promise<{ farms: Farm[]; source: FarmListSource }> {
  try {
    const farms = await deps.fetchFarms();
    deps.writeCache(farms);
    return { farms, source: 'server' };
  } catch {
    const cached = deps.readCache();
    return cached ? { farms: cached, source: 'cache' } : { farms: [], source: 'empty' };
  }
}

export type SelectionDecision =
  | { type: 'select'; farmId: string }
  | { type: 'fetch-by-id'; farmId: string }
  | { type: 'clear' };

/**
 * Which farm is selected once the list is known.
 * - one farm: auto-selected;
 * - the stored id is in the list: kept; not in the list: the first farm;
 * - no farms but a stored id: fetch that farm directly (on first load) — on a refresh the farm
 *   is gone, so the selection is cleared.
 */
export function decideSelection(
  farms: readonly Farm[],
  storedId: string | null,
  reason: 'load' | 'refresh',
): SelectionDecision {
  const [first] = farms;
  if (!first) {
    return storedId && reason === 'load' ? { type: 'fetch-by-id', farmId: storedId } : { type: 'clear' };
  }
  if (farms.length === 1) return { type: 'select', farmId: first.id };
  if (storedId && farms.some((farm) => farm.id === storedId)) return { type: 'select', farmId: storedId };
  return { type: 'select', farmId: first.id };
}

/** Rule: the direct fetch by id selects the farm it finds; not found clears the selection. */
export function decideAfterFetchById(farm: Farm | null): { farms: Farm[]; decision: SelectionDecision } {
  return farm ? { farms: [farm], decision: { type: 'select', farmId: farm.id } } : { farms: [], decision: { type: 'clear' } };
}

/** Rule: a signed-out user has no farms and no selection. */
export function signedOutSelection(): { farms: Farm[]; selectedFarmId: null } {
  return { farms: [], selectedFarmId: null };
}
