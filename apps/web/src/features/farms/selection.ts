import type { FarmSummary } from '@gona/shared/farms';

/**
 * The farm-selection rules of spec section 4, as pure functions. The provider in
 * useFarmSelection.tsx only wires them to storage, the server and React state.
 */

export type FarmListSource = 'server' | 'basic' | 'cache' | 'empty';

/**
 * The app's farm list holds FarmSummary (id, name, location, farm_type, role): what the screens
 * use, and all the fallback list answers. A full Farm is a FarmSummary, so either fits.
 */
export type FarmListDeps = {
  fetchFarms: () => Promise<FarmSummary[]>;
  /** The fallback query: the same farms with only the summary fields. */
  fetchFarmsBasic: () => Promise<FarmSummary[]>;
  readCache: () => FarmSummary[] | null;
  writeCache: (farms: FarmSummary[]) => void;
};

/** Rule: the list shows from the cache first (before the server answers). */
export function initialFarmList(signedIn: boolean, readCache: () => FarmSummary[] | null): FarmSummary[] {
  return signedIn ? (readCache() ?? []) : [];
}

/**
 * Rule (spec section 8): the server list replaces the cache; when it fails, the second (basic)
 * query, which also replaces the cache; when that fails too, the cache, then an empty list.
 */
export async function loadFarmList(
  deps: FarmListDeps,
): Promise<{ farms: FarmSummary[]; source: FarmListSource }> {
  const fromServer = await listOrNull(deps.fetchFarms);
  if (fromServer) {
    deps.writeCache(fromServer);
    return { farms: fromServer, source: 'server' };
  }
  const basic = await listOrNull(deps.fetchFarmsBasic);
  if (basic) {
    deps.writeCache(basic);
    return { farms: basic, source: 'basic' };
  }
  const cached = deps.readCache();
  return cached ? { farms: cached, source: 'cache' } : { farms: [], source: 'empty' };
}

/** The list a fetch answers, or null when it fails. */
async function listOrNull(fetchList: () => Promise<FarmSummary[]>): Promise<FarmSummary[] | null> {
  try {
    return await fetchList();
  } catch {
    return null;
  }
}

export type SelectionDecision =
  { type: 'select'; farmId: string } | { type: 'fetch-by-id'; farmId: string } | { type: 'clear' };

/**
 * Which farm is selected once the list is known.
 * - one farm: auto-selected;
 * - the stored id is in the list: kept; not in the list: the first farm;
 * - no farms but a stored id: fetch that farm directly (on first load) — on a refresh the farm
 *   is gone, so the selection is cleared.
 */
export function decideSelection(
  farms: readonly FarmSummary[],
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
export function decideAfterFetchById(farm: FarmSummary | null): {
  farms: FarmSummary[];
  decision: SelectionDecision;
} {
  return farm
    ? { farms: [farm], decision: { type: 'select', farmId: farm.id } }
    : { farms: [], decision: { type: 'clear' } };
}

/** Rule: a signed-out user has no farms and no selection. */
export function signedOutSelection(): { farms: FarmSummary[]; selectedFarmId: null } {
  return { farms: [], selectedFarmId: null };
}
