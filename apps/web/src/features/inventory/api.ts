import {
  mutationOptions,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@gona/shared/pagination';
import type {
  AlertCount,
  CreateSupplierInput,
  CreateSupply,
  InventoryAlert,
  Movement,
  MovementResult,
  RecordMovementInput,
  Supplier,
  Supply,
  SupplyCategory,
  UpdateSupplierInput,
  UpdateSupplyInput,
} from '@gona/shared/inventory';
import { apiFetch } from '@/lib/http';

export type SupplyFilters = { search: string; category: SupplyCategory | ''; lowStock: boolean };

/** Every inventory query of a farm starts with ['inventory', farmId], so one invalidation refreshes them all. */
export const inventoryKeys = {
  all: (farmId: string) => ['inventory', farmId] as const,
  supplies: (farmId: string, filters: SupplyFilters) => ['inventory', farmId, 'supplies', filters] as const,
  supply: (farmId: string, supplyId: string) => ['inventory', farmId, 'supply', supplyId] as const,
  movements: (farmId: string, supplyId: string) => ['inventory', farmId, 'movements', supplyId] as const,
  alerts: (farmId: string) => ['inventory', farmId, 'alerts'] as const,
  alertCount: (farmId: string) => ['inventory', farmId, 'alert-count'] as const,
  suppliers: (farmId: string) => ['inventory', farmId, 'suppliers'] as const,
};

/** Rows per page: a few phone screens of cards, small enough to be cheap on a metered connection. */
export const PAGE_SIZE = 25;

const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;

export const exportUrls = (farmId: string) => ({
  supplies: `${farmPath(farmId)}/supplies/export.csv`,
  movements: `${farmPath(farmId)}/supply-movements/export.csv`,
});

export function useSupplies(farmId: string, filters: SupplyFilters) {
  return useInfiniteQuery({
    queryKey: inventoryKeys.supplies(farmId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (filters.search.trim()) params.set('search', filters.search.trim());
      if (filters.category) params.set('category', filters.category);
      if (filters.lowStock) params.set('low_stock', 'true');
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<Page<Supply>>(`${farmPath(farmId)}/supplies?${params.toString()}`);
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useSupply(farmId: string, supplyId: string) {
  return useQuery({
    queryKey: inventoryKeys.supply(farmId, supplyId),
    queryFn: () => apiFetch<Supply>(`${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}`),
  });
}

export function useMovements(farmId: string, supplyId: string) {
  return useInfiniteQuery({
    queryKey: inventoryKeys.movements(farmId, supplyId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<Page<Movement>>(
        `${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}/movements?${params.toString()}`,
      );
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * Whether a supply has stock or any stock history, which limits the units it may change to. Stock
 * on hand answers it; only a supply without stock asks the server for one movement.
 */
export function useHasStockHistory(farmId: string, supply: Supply | undefined): boolean {
  const empty = supply?.quantity === '0';
  const anyMovement = useQuery({
    queryKey: [...inventoryKeys.movements(farmId, supply?.id ?? ''), 'any'],
    queryFn: () =>
      apiFetch<Page<Movement>>(
        `${farmPath(farmId)}/supplies/${encodeURIComponent(supply?.id ?? '')}/movements?limit=1`,
      ),
    enabled: empty,
  });
  if (!supply) return false;
  return !empty || (anyMovement.data?.items.length ?? 0) > 0;
}

export function useOpenAlerts(farmId: string) {
  return useQuery({
    queryKey: inventoryKeys.alerts(farmId),
    queryFn: () => apiFetch<Page<InventoryAlert>>(`${farmPath(farmId)}/inventory-alerts?limit=${PAGE_SIZE}`),
  });
}

export function useOpenAlertCount(farmId: string | null) {
  return useQuery({
    queryKey: inventoryKeys.alertCount(farmId ?? ''),
    queryFn: () => apiFetch<AlertCount>(`${farmPath(farmId ?? '')}/inventory-alerts/count`),
    enabled: Boolean(farmId),
  });
}

/** The number of open low-stock alerts, for the sidebar badge; undefined until known. */
export function useOpenAlertTotal(farmId: string | null): number | undefined {
  return useOpenAlertCount(farmId).data?.open;
}

/** Active suppliers by name; farms keep a handful, so the first page of 200 is all of them. */
export function useSuppliers(farmId: string) {
  return useQuery({
    queryKey: inventoryKeys.suppliers(farmId),
    queryFn: () => apiFetch<Page<Supplier>>(`${farmPath(farmId)}/suppliers?limit=200`),
  });
}

/** Mutations refresh every inventory query of the farm: stock, alerts and counts move together. */
function useInventoryMutation<TInput, TResult>(farmId: string, run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all(farmId) }),
  });
}

/** A supply to add, with the phone-made id that makes a replay record it once. */
export type CreateSupplyVariables = CreateSupply & { id: string; farmId: string };

/**
 * Adding a supply may wait for the connection like a stock movement: the id is made on the phone,
 * sent with every attempt, and the server answers a replay with the supply it made the first time.
 */
export function useCreateSupply() {
  return useMutation(createSupplyOptions(useQueryClient()));
}

/** Supplies added on this phone that are still waiting to be sent, oldest first. */
export function useWaitingSupplies(farmId: string): CreateSupplyVariables[] {
  return useMutationState({
    filters: { mutationKey: inventoryMutationKeys.createSupply, status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateSupplyVariables,
  }).filter((variables) => variables.farmId === farmId);
}

function createSupplyOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: inventoryMutationKeys.createSupply,
    mutationFn: ({ farmId, ...input }: CreateSupplyVariables) =>
      apiFetch<Supply>(`${farmPath(farmId)}/supplies`, { method: 'POST', json: input }),
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all(variables.farmId) }),
  });
}

export function useUpdateSupply(farmId: string) {
  return useInventoryMutation(farmId, ({ id, ...input }: UpdateSupplyInput & { id: string }) =>
    apiFetch<Supply>(`${farmPath(farmId)}/supplies/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: input,
    }),
  );
}

export function useDeleteSupply(farmId: string) {
  return useInventoryMutation(farmId, (supplyId: string) =>
    apiFetch<null>(`${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}`, { method: 'DELETE' }),
  );
}

/** A movement to record: the farm and supply it belongs to travel with it, so a replay needs nothing else. */
export type RecordMovementVariables = RecordMovementInput & { farmId: string; supplyId: string };

/**
 * Mutations that may wait for the connection, persisted with the query cache. A queued mutation
 * restored after a reload has no component to give it a function, so it finds one by its key.
 */
export const inventoryMutationKeys = {
  recordMovement: ['inventory', 'record-movement'] as const,
  createSupply: ['inventory', 'create-supply'] as const,
};

/**
 * Lets queued inventory changes run after a reload: call once on the app's QueryClient, before the
 * persisted cache is restored.
 */
export function registerInventoryMutationDefaults(queryClient: QueryClient) {
  queryClient.setMutationDefaults(inventoryMutationKeys.recordMovement, recordMovementOptions(queryClient));
  queryClient.setMutationDefaults(inventoryMutationKeys.createSupply, createSupplyOptions(queryClient));
}

/**
 * The movement's id is part of the variables and sent with every attempt, including a replay after
 * a reload, so a double tap, a retry or a queued save records the movement once.
 */
export function useRecordMovement() {
  return useMutation(recordMovementOptions(useQueryClient()));
}

function recordMovementOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: inventoryMutationKeys.recordMovement,
    mutationFn: recordMovement,
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all(variables.farmId) }),
  });
}

function recordMovement({ farmId, supplyId, ...input }: RecordMovementVariables) {
  return apiFetch<MovementResult>(`${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}/movements`, {
    method: 'POST',
    json: input,
  });
}

export function useResolveAlert(farmId: string) {
  return useInventoryMutation(farmId, (alertId: string) =>
    apiFetch<InventoryAlert>(`${farmPath(farmId)}/inventory-alerts/${encodeURIComponent(alertId)}/resolve`, {
      method: 'POST',
    }),
  );
}

export function useCreateSupplier(farmId: string) {
  return useInventoryMutation(farmId, (input: CreateSupplierInput) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers`, { method: 'POST', json: input }),
  );
}

export function useUpdateSupplier(farmId: string) {
  return useInventoryMutation(farmId, ({ id, ...input }: UpdateSupplierInput & { id: string }) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: input,
    }),
  );
}

export function useDeactivateSupplier(farmId: string) {
  return useInventoryMutation(farmId, (supplierId: string) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers/${encodeURIComponent(supplierId)}/deactivate`, {
      method: 'POST',
    }),
  );
}

/**
 * A UUID v7 made on the phone (time-ordered like the server's ids), the movement's idempotency key.
 * crypto.getRandomValues works on plain http too, unlike crypto.randomUUID.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = Date.now();
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time & 0xff;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
