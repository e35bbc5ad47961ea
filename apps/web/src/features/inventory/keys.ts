import type { SupplyCategory } from '@gona/shared/inventory';
import type { RecordKeys } from '@/lib/cache';
import { alertCountKey } from './alert-count';

export type SupplyFilters = { search: string; category: SupplyCategory | ''; lowStock: boolean };

/** Every inventory query of a farm starts with ['inventory', farmId], so one invalidation refreshes them all. */
export const inventoryKeys = {
  all: (farmId: string) => ['inventory', farmId] as const,
  /** Every supply list, the screens' and the pickers' (`lib/pickers.ts`). */
  supplyLists: (farmId: string) => ['inventory', farmId, 'supplies'] as const,
  supplies: (farmId: string, filters: SupplyFilters) => ['inventory', farmId, 'supplies', filters] as const,
  supply: (farmId: string, supplyId: string) => ['inventory', farmId, 'supply', supplyId] as const,
  movements: (farmId: string, supplyId: string) => ['inventory', farmId, 'movements', supplyId] as const,
  alerts: (farmId: string) => ['inventory', farmId, 'alerts'] as const,
  alertCount: alertCountKey,
  suppliers: (farmId: string) => ['inventory', farmId, 'suppliers'] as const,
};

/** Where the farm's supplies sit in the cache, for the cache writers of `lib/cache.ts`. */
export const supplyRecords = (farmId: string): RecordKeys => ({
  detail: (supplyId) => inventoryKeys.supply(farmId, supplyId),
  lists: inventoryKeys.supplyLists(farmId),
});

/**
 * The changes a farmer may make offline (`mutations.ts`). Each one's variables hold everything
 * needed to send it, so a queued change restored after a reload finds its function by its key.
 */
export const inventoryMutationKeys = {
  recordMovement: ['inventory', 'record-movement'],
  createSupply: ['inventory', 'create-supply'],
  updateSupply: ['inventory', 'update-supply'],
  createSupplier: ['inventory', 'create-supplier'],
  updateSupplier: ['inventory', 'update-supplier'],
  deactivateSupplier: ['inventory', 'deactivate-supplier'],
  recordReceiptExpense: ['inventory', 'record-receipt-expense'],
} as const satisfies Record<string, readonly [string, string]>;

export const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
export const suppliesPath = (farmId: string) => `${farmPath(farmId)}/supplies`;
export const supplyPath = (farmId: string, supplyId: string) =>
  `${suppliesPath(farmId)}/${encodeURIComponent(supplyId)}`;
export const suppliersPath = (farmId: string) => `${farmPath(farmId)}/suppliers`;
export const supplierPath = (farmId: string, supplierId: string) =>
  `${suppliersPath(farmId)}/${encodeURIComponent(supplierId)}`;
export const alertsPath = (farmId: string) => `${farmPath(farmId)}/inventory-alerts`;

export const exportUrls = (farmId: string) => ({
  supplies: `${suppliesPath(farmId)}/export.csv`,
  movements: `${farmPath(farmId)}/supply-movements/export.csv`,
});
