import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FarmSummary } from '@gona/shared/farms';
import { readCachedFarms, readSelectedFarmId, writeCachedFarms, writeSelectedFarmId } from '@/lib/storage';
import { fetchFarm, fetchFarms, fetchFarmsBasic } from './api';
import { farmKeys } from './keys';
import {
  decideAfterFetchById,
  decideSelection,
  initialFarmList,
  loadFarmList,
  signedOutSelection,
  type SelectionDecision,
} from './selection';

/** The list holds summaries: the fallback list answers no more, and the screens need no more. */
export type FarmSelectionValue = {
  farms: FarmSummary[];
  selectedFarm: FarmSummary | null;
  selectedFarmId: string | null;
  /** True once the server (or, failing that, its fallback list or the cache) has answered for this session. */
  ready: boolean;
  selectFarm: (farmId: string) => void;
  /** A farm just created: it joins the list at the top and becomes the selected farm. */
  addFarm: (farm: FarmSummary) => void;
  /** A farm whose settings were just saved: the list shows its new name and type. */
  replaceFarm: (farm: FarmSummary) => void;
  /** A farm just deleted: it leaves the list, and the selection if it was selected. */
  removeFarm: (farmId: string) => void;
  /** Re-reads the list from the server (after creating or deleting a farm). */
  refresh: () => Promise<void>;
};

const FarmSelectionContext = createContext<FarmSelectionValue | null>(null);

type Props = { sessionStatus: 'loading' | 'signed-in' | 'signed-out'; children: ReactNode };

export function FarmSelectionProvider({ sessionStatus, children }: Props) {
  const queryClient = useQueryClient();
  const signedIn = sessionStatus === 'signed-in';
  const [selectedFarmId, setSelectedFarmId] = useState<string | null>(() => readSelectedFarmId());
  const [directFarms, setDirectFarms] = useState<FarmSummary[]>([]);
  const loadedOnce = useRef(false);

  const list = useQuery({
    queryKey: farmKeys.list,
    queryFn: () =>
      loadFarmList({ fetchFarms, fetchFarmsBasic, readCache: readCachedFarms, writeCache: writeCachedFarms }),
    enabled: signedIn,
    // The spec's farm cache is user_farms in local storage (the placeholder below). The list is
    // kept out of the IndexedDB query cache: a list restored from an earlier visit would pass for
    // the server's answer and drive redirects and the selection with stale farms.
    meta: { persist: false },
    placeholderData: () => ({ farms: initialFarmList(signedIn, readCachedFarms), source: 'cache' as const }),
  });

  const apply = useCallback((decision: SelectionDecision) => {
    if (decision.type === 'select') {
      writeSelectedFarmId(decision.farmId);
      setSelectedFarmId(decision.farmId);
    } else if (decision.type === 'clear') {
      writeSelectedFarmId(null);
      setSelectedFarmId(null);
    }
  }, []);

  const serverList = signedIn && list.isSuccess && !list.isPlaceholderData ? list.data.farms : null;
  // The list the selection was last decided on: until then the server's list is not ready to act on
  // (a screen would see "no farm selected" for the render before the only farm gets selected).
  const [decidedOn, setDecidedOn] = useState<FarmSummary[] | null>(null);
  useEffect(() => {
    if (!serverList) return;
    const decision = decideSelection(
      serverList,
      readSelectedFarmId(),
      loadedOnce.current ? 'refresh' : 'load',
    );
    loadedOnce.current = true;
    if (decision.type !== 'fetch-by-id') {
      setDirectFarms([]);
      apply(decision);
      setDecidedOn(serverList);
      return;
    }
    let cancelled = false;
    fetchFarm(decision.farmId).then(
      (farm) => {
        if (cancelled) return;
        const outcome = decideAfterFetchById(farm);
        setDirectFarms(outcome.farms);
        apply(outcome.decision);
        setDecidedOn(serverList);
      },
      // Unreachable server: keep the stored selection until the next refresh decides.
      () => {
        if (!cancelled) setDecidedOn(serverList);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [serverList, apply]);

  useEffect(() => {
    if (sessionStatus !== 'signed-out') return;
    loadedOnce.current = false;
    setDirectFarms([]);
    setSelectedFarmId(signedOutSelection().selectedFarmId);
  }, [sessionStatus]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: farmKeys.list, exact: true });
  }, [queryClient]);

  const selectFarm = useCallback((farmId: string) => apply({ type: 'select', farmId }), [apply]);

  /** Changes the listed farms here and in the user_farms cache, as the server now has them. */
  const changeList = useCallback(
    (change: (farms: FarmSummary[]) => FarmSummary[]) => {
      const farms = change(
        queryClient.getQueryData<{ farms: FarmSummary[] }>(farmKeys.list)?.farms ?? readCachedFarms() ?? [],
      );
      writeCachedFarms(farms);
      queryClient.setQueryData(farmKeys.list, { farms, source: 'server' as const });
    },
    [queryClient],
  );

  const addFarm = useCallback(
    (farm: FarmSummary) => {
      changeList((farms) => [farm, ...farms.filter((f) => f.id !== farm.id)]);
      apply({ type: 'select', farmId: farm.id });
    },
    [changeList, apply],
  );

  const replaceFarm = useCallback(
    (farm: FarmSummary) => changeList((farms) => farms.map((f) => (f.id === farm.id ? summaryOf(farm) : f))),
    [changeList],
  );

  const removeFarm = useCallback(
    (farmId: string) => {
      changeList((farms) => farms.filter((f) => f.id !== farmId));
      queryClient.removeQueries({ queryKey: farmKeys.detail(farmId) });
      if (readSelectedFarmId() === farmId) apply({ type: 'clear' });
    },
    [changeList, queryClient, apply],
  );

  const value = useMemo<FarmSelectionValue>(() => {
    const listed = signedIn ? (list.data?.farms ?? []) : signedOutSelection().farms;
    const farms = listed.length === 0 && directFarms.length > 0 ? directFarms : listed;
    const selectedId = signedIn ? selectedFarmId : null;
    return {
      farms,
      selectedFarm: farms.find((farm) => farm.id === selectedId) ?? null,
      selectedFarmId: selectedId,
      ready: serverList !== null && decidedOn === serverList,
      selectFarm,
      addFarm,
      replaceFarm,
      removeFarm,
      refresh,
    };
  }, [
    signedIn,
    list.data,
    directFarms,
    selectedFarmId,
    serverList,
    decidedOn,
    selectFarm,
    addFarm,
    replaceFarm,
    removeFarm,
    refresh,
  ]);

  return <FarmSelectionContext.Provider value={value}>{children}</FarmSelectionContext.Provider>;
}

export function useFarmSelection(): FarmSelectionValue {
  const value = useContext(FarmSelectionContext);
  if (!value) throw new Error('useFarmSelection must be used within a FarmSelectionProvider');
  return value;
}

function summaryOf(farm: FarmSummary): FarmSummary {
  return {
    id: farm.id,
    name: farm.name,
    location: farm.location,
    farm_type: farm.farm_type,
    role: farm.role,
  };
}
