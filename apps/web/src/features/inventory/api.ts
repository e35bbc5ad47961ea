import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '@gona/shared/page-size';
import type {
  AlertCount,
  InventoryAlert,
  Movement,
  Supplier,
  Supply,
  SupplyWithPhotos,
} from '@gona/shared/inventory';
import { dropRecord, findCached } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { filterPageItems, pagedQueryOptions } from '@/lib/paged-query';
import {
  alertsPath,
  inventoryKeys,
  suppliersPath,
  suppliesPath,
  supplyPath,
  supplyRecords,
  type SupplyFilters,
} from './keys';

/** The inventory's reads, and the changes that need the connection (a delete, dismissing an alert). */

export function useSupplies(farmId: string, filters: SupplyFilters) {
  return useInfiniteQuery(
    pagedQueryOptions<Supply>({
      queryKey: inventoryKeys.supplies(farmId, filters),
      path: suppliesPath(farmId),
      params: {
        search: filters.search.trim(),
        category: filters.category,
        low_stock: filters.lowStock ? 'true' : undefined,
      },
    }),
  );
}

export function useSupply(farmId: string, supplyId: string) {
  return useQuery({
    queryKey: inventoryKeys.supply(farmId, supplyId),
    queryFn: () => apiFetch<SupplyWithPhotos>(supplyPath(farmId, supplyId)),
  });
}

export function useMovements(farmId: string, supplyId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<Movement>({
      queryKey: inventoryKeys.movements(farmId, supplyId),
      path: `${supplyPath(farmId, supplyId)}/movements`,
    }),
  );
}

/**
 * Whether a supply has stock or any stock history, which limits the units it may change to. Stock
 * on hand answers it; only a supply without stock asks the server for one movement.
 */
export function useHasStockHistory(farmId: string, supply: Supply | undefined): boolean {
  const empty = supply?.quantity === '0';
  const anyMovement = useQuery({
    queryKey: [...inventoryKeys.movements(farmId, supply?.id ?? ''), 'any'],
    queryFn: () => apiFetch<Page<Movement>>(`${supplyPath(farmId, supply?.id ?? '')}/movements?limit=1`),
    enabled: empty,
  });
  if (!supply) return false;
  return !empty || (anyMovement.data?.items.length ?? 0) > 0;
}

export function useOpenAlerts(farmId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<InventoryAlert>({ queryKey: inventoryKeys.alerts(farmId), path: alertsPath(farmId) }),
  );
}

export { useOpenAlertCount } from './alert-count';

/** Active suppliers by name; farms keep a handful, so the first page of 200 is all of them. */
export function useSuppliers(farmId: string) {
  return useQuery({
    queryKey: inventoryKeys.suppliers(farmId),
    queryFn: () => apiFetch<Page<Supplier>>(`${suppliersPath(farmId)}?limit=${MAX_PAGE_SIZE}`),
  });
}

/**
 * Deleting a supply takes it out of every cached list and its detail; its alerts go with it, so
 * the alerts and their count are asked again only when it was (or may have been) low on stock.
 */
export function useDeleteSupply(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplyId: string) => apiFetch<null>(supplyPath(farmId, supplyId), { method: 'DELETE' }),
    onSuccess: (_answer, supplyId) => {
      const before = findCached<Supply>(queryClient, supplyRecords(farmId), supplyId);
      queryClient.removeQueries({ queryKey: inventoryKeys.movements(farmId, supplyId) });
      dropRecord(queryClient, supplyRecords(farmId), supplyId);
      if (before?.is_low_stock === false) return;
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.alerts(farmId) });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.alertCount(farmId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all(farmId) }),
  });
}

/** Dismissing an alert costs its one request: the row leaves the list and the count goes down. */
export function useResolveAlert(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      apiFetch<InventoryAlert>(`${alertsPath(farmId)}/${encodeURIComponent(alertId)}/resolve`, {
        method: 'POST',
      }),
    onSuccess: (_resolved, alertId) => {
      let removed = false;
      queryClient.setQueryData<InfiniteData<Page<InventoryAlert>>>(inventoryKeys.alerts(farmId), (data) =>
        filterPageItems(data, (alert) => {
          if (alert.id !== alertId) return true;
          removed = true;
          return false;
        }),
      );
      const count = queryClient.getQueryData<AlertCount>(inventoryKeys.alertCount(farmId));
      if (removed && count) {
        queryClient.setQueryData<AlertCount>(inventoryKeys.alertCount(farmId), {
          ...count,
          open: Math.max(0, count.open - 1),
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: inventoryKeys.alertCount(farmId) });
      }
    },
    onError: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all(farmId) }),
  });
}
