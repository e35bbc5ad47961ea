import {
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '@gona/shared/page-size';
import { convertQuantity, unitConversion } from '@gona/shared/units';
import { applyMovement, isLowStock } from '@gona/shared/stock';
import type {
  AlertCount,
  CreateSupplier,
  CreateSupply,
  InventoryAlert,
  Movement,
  MovementResult,
  RecordMovement,
  Supplier,
  Supply,
  SupplyCategory,
  SupplyUnit,
  SupplyWithPhotos,
  UpdateSupplier,
  UpdateSupply,
} from '@gona/shared/inventory';
import type { ExpenseCategory, PaymentMethod } from '@gona/shared/finance';
import { ApiError, apiFetch } from '@/lib/http';
import { alertCountKey } from './alert-count';
import { defineQueuedMutation } from '@/lib/offline';
import { filterPageItems, mapPageItems, pagedQueryOptions } from '@/lib/paged-query';
import { sendWaitingPhotos } from '@/lib/photo-upload';

export type SupplyFilters = { search: string; category: SupplyCategory | ''; lowStock: boolean };

/** Every inventory query of a farm starts with ['inventory', farmId], so one invalidation refreshes them all. */
export const inventoryKeys = {
  all: (farmId: string) => ['inventory', farmId] as const,
  supplies: (farmId: string, filters: SupplyFilters) => ['inventory', farmId, 'supplies', filters] as const,
  supply: (farmId: string, supplyId: string) => ['inventory', farmId, 'supply', supplyId] as const,
  movements: (farmId: string, supplyId: string) => ['inventory', farmId, 'movements', supplyId] as const,
  alerts: (farmId: string) => ['inventory', farmId, 'alerts'] as const,
  alertCount: alertCountKey,
  suppliers: (farmId: string) => ['inventory', farmId, 'suppliers'] as const,
};

const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
const suppliesPath = (farmId: string) => `${farmPath(farmId)}/supplies`;

export const exportUrls = (farmId: string) => ({
  supplies: `${farmPath(farmId)}/supplies/export.csv`,
  movements: `${farmPath(farmId)}/supply-movements/export.csv`,
});

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
    queryFn: () => apiFetch<SupplyWithPhotos>(`${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}`),
  });
}

export function useMovements(farmId: string, supplyId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<Movement>({
      queryKey: inventoryKeys.movements(farmId, supplyId),
      path: `${suppliesPath(farmId)}/${encodeURIComponent(supplyId)}/movements`,
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
  return useInfiniteQuery(
    pagedQueryOptions<InventoryAlert>({
      queryKey: inventoryKeys.alerts(farmId),
      path: `${farmPath(farmId)}/inventory-alerts`,
    }),
  );
}

export { useOpenAlertCount } from './alert-count';

/** Active suppliers by name; farms keep a handful, so the first page of 200 is all of them. */
export function useSuppliers(farmId: string) {
  return useQuery({
    queryKey: inventoryKeys.suppliers(farmId),
    queryFn: () => apiFetch<Page<Supplier>>(`${farmPath(farmId)}/suppliers?limit=${MAX_PAGE_SIZE}`),
  });
}

/**
 * Deleting a supply takes it out of every cached list and its detail; its alerts go with it, so
 * the alerts and their count are asked again only when it was (or may have been) low on stock.
 */
export function useDeleteSupply(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplyId: string) =>
      apiFetch<null>(`${farmPath(farmId)}/supplies/${encodeURIComponent(supplyId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, supplyId) => {
      const before = cachedSupply(queryClient, farmId, supplyId);
      queryClient.removeQueries({ queryKey: inventoryKeys.supply(farmId, supplyId) });
      queryClient.removeQueries({ queryKey: inventoryKeys.movements(farmId, supplyId) });
      queryClient.setQueriesData<InfiniteData<Page<Supply>>>(
        { queryKey: [...inventoryKeys.all(farmId), 'supplies'] },
        (data) => filterPageItems(data, (item) => item.id !== supplyId),
      );
      if (before?.is_low_stock === false) return;
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.alerts(farmId) });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.alertCount(farmId) });
    },
    onError: () => refreshInventory(queryClient, { farmId }),
  });
}

/** Dismissing an alert costs its one request: the row leaves the list and the count goes down. */
export function useResolveAlert(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      apiFetch<InventoryAlert>(
        `${farmPath(farmId)}/inventory-alerts/${encodeURIComponent(alertId)}/resolve`,
        { method: 'POST' },
      ),
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
    onError: () => refreshInventory(queryClient, { farmId }),
  });
}

/**
 * The changes a farmer may make offline. Each one's variables hold everything needed to send it
 * (the farm, the record's id, made on the phone for a new record), so a queued change restored
 * after a reload runs with no screen around it: it finds its function by its key.
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

/** A movement to record; the supply's name and unit travel with it to describe it if it is refused. */
export type RecordMovementVariables = RecordMovement & {
  farmId: string;
  supplyId: string;
  supplyName: string;
  unit: SupplyUnit;
};
/** A supply to add, with the phone-made id that makes a replay record it once. */
export type CreateSupplyVariables = CreateSupply & { id: string; farmId: string };
export type UpdateSupplyVariables = UpdateSupply & { id: string; farmId: string };
export type CreateSupplierVariables = CreateSupplier & { id: string; farmId: string };
export type UpdateSupplierVariables = UpdateSupplier & { id: string; farmId: string };
export type DeactivateSupplierVariables = { id: string; farmId: string; name: string };
/**
 * A store receipt recorded as an expense of the whole farm (POST /expenses with its movement), the
 * expense's id made on the phone. The supply and quantity travel with it to describe it if refused.
 */
export type ReceiptExpenseVariables = {
  farmId: string;
  id: string;
  movementId: string;
  supplyId: string;
  supplyName: string;
  quantity: string;
  unit: SupplyUnit;
  date: string;
  category: ExpenseCategory;
  amount_kobo: number;
  description: string;
  supplier_id: string | null;
  payment_method: PaymentMethod;
};
/** The expense that now pays for the receipt; `already` when another tab or phone had recorded it. */
export type ReceiptExpenseResult = { expenseId: string | null; already: boolean };

/**
 * Queued changes go one after another in the order they were made: a supplier added offline exists
 * before the supply that names it, an edit lands before the stock taken after it. The server's
 * answer goes straight into the cache, so the screen moves from the queued view to it without a
 * step back, and only the lists whose rows or order it may change are asked again (putMovement,
 * putNewSupply, putEditedSupply, putSupplier). A change the server refused refreshes every
 * inventory query of the farm, so the screen shows what is really stored.
 */
const refreshInventory = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.all(farmId) });

const recordMovement = defineQueuedMutation(
  inventoryMutationKeys.recordMovement,
  ({ farmId, supplyId, supplyName: _name, unit: _unit, ...input }: RecordMovementVariables) =>
    apiFetch<MovementResult>(`${suppliesPath(farmId)}/${encodeURIComponent(supplyId)}/movements`, {
      method: 'POST',
      json: input,
    }),
  {
    onSent: (queryClient, result, { farmId }) => putMovement(queryClient, farmId, result),
    onFailed: refreshInventory,
  },
);

/** Photos picked offline go up first, under the ids the supply names (sendWaitingPhotos). */
const createSupply = defineQueuedMutation(
  inventoryMutationKeys.createSupply,
  async ({ farmId, ...input }: CreateSupplyVariables) =>
    apiFetch<SupplyWithPhotos>(suppliesPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, supply, { farmId }) => putNewSupply(queryClient, farmId, supply),
    onFailed: refreshInventory,
  },
);

const updateSupply = defineQueuedMutation(
  inventoryMutationKeys.updateSupply,
  async ({ farmId, id, ...input }: UpdateSupplyVariables) =>
    apiFetch<SupplyWithPhotos>(`${suppliesPath(farmId)}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, supply, { farmId }) => putEditedSupply(queryClient, farmId, supply),
    onFailed: refreshInventory,
  },
);

const createSupplier = defineQueuedMutation(
  inventoryMutationKeys.createSupplier,
  ({ farmId, ...input }: CreateSupplierVariables) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers`, { method: 'POST', json: input }),
  {
    onSent: (queryClient, supplier, { farmId }) => putSupplier(queryClient, farmId, supplier),
    onFailed: refreshInventory,
  },
);

const updateSupplier = defineQueuedMutation(
  inventoryMutationKeys.updateSupplier,
  ({ farmId, id, ...input }: UpdateSupplierVariables) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: input,
    }),
  {
    onSent: (queryClient, supplier, { farmId }) => putSupplier(queryClient, farmId, supplier),
    onFailed: refreshInventory,
  },
);

const deactivateSupplier = defineQueuedMutation(
  inventoryMutationKeys.deactivateSupplier,
  ({ farmId, id }: DeactivateSupplierVariables) =>
    apiFetch<Supplier>(`${farmPath(farmId)}/suppliers/${encodeURIComponent(id)}/deactivate`, {
      method: 'POST',
    }),
  {
    onSent: (queryClient, supplier, { farmId }) => putSupplier(queryClient, farmId, supplier),
    onFailed: refreshInventory,
  },
);

/**
 * Queued behind the receipt itself (same queue), so a receipt and its expense recorded offline reach
 * the server in that order. A 409 means the receipt is already paid (another tab, another phone):
 * the farmer's wish is met, so it is an answer, not a refusal to put before them again.
 */
const recordReceiptExpense = defineQueuedMutation(
  inventoryMutationKeys.recordReceiptExpense,
  async ({
    farmId,
    movementId,
    supplyId: _supply,
    supplyName: _name,
    quantity: _quantity,
    unit: _unit,
    ...expense
  }: ReceiptExpenseVariables): Promise<ReceiptExpenseResult> => {
    try {
      const made = await apiFetch<{ id: string }>(`${farmPath(farmId)}/expenses`, {
        method: 'POST',
        json: { ...expense, movement_id: movementId },
      });
      return { expenseId: made.id, already: false };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return { expenseId: null, already: true };
      throw error;
    }
  },
  {
    onSent: (queryClient, result, variables) => putReceiptExpense(queryClient, variables, result),
    onFailed: refreshInventory,
  },
);

/**
 * Lets queued inventory changes run after a reload: call once on the app's QueryClient, before the
 * persisted cache is restored.
 */
export function registerInventoryMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [
    recordMovement,
    createSupply,
    updateSupply,
    createSupplier,
    updateSupplier,
    deactivateSupplier,
    recordReceiptExpense,
  ])
    mutation.register(queryClient);
}

/**
 * Ids made on the phone are sent with every attempt, including a replay after a reload, so a double
 * tap, a retry or a queued save records the change once.
 */
export const useRecordMovement = recordMovement.useMutation;
export const useCreateSupply = createSupply.useMutation;
export const useUpdateSupply = updateSupply.useMutation;
export const useCreateSupplier = createSupplier.useMutation;
export const useUpdateSupplier = updateSupplier.useMutation;
export const useDeactivateSupplier = deactivateSupplier.useMutation;
export const useRecordReceiptExpense = recordReceiptExpense.useMutation;

/**
 * The variables to send a refused change again with. An edit is made against the record as it is
 * now: its current version, so a stale one (409) can go through with the farmer's changes.
 */
export async function retryVariables(mutationKey: readonly unknown[], variables: unknown): Promise<unknown> {
  if (mutationKey[1] === 'update-supply') {
    const { farmId, id } = variables as UpdateSupplyVariables;
    const current = await apiFetch<Supply>(`${suppliesPath(farmId)}/${encodeURIComponent(id)}`);
    return { ...(variables as UpdateSupplyVariables), version: current.version };
  }
  if (mutationKey[1] === 'update-supplier') {
    const { farmId, id } = variables as UpdateSupplierVariables;
    const suppliers = await apiFetch<Page<Supplier>>(`${farmPath(farmId)}/suppliers?limit=200`);
    const current = suppliers.items.find((s) => s.id === id);
    // A supplier no longer listed is left as it was; the server says what became of it.
    return current ? { ...(variables as UpdateSupplierVariables), version: current.version } : variables;
  }
  return variables;
}

/** Variables of this farm's queued (or sending) changes of one kind, oldest first. */
export function useQueued<TVariables extends { farmId: string }>(
  mutationKey: readonly string[],
  farmId: string,
): TVariables[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as TVariables,
  }).filter((variables) => variables.farmId === farmId);
}

/** The receipts whose expense is waiting on this phone to be sent. */
export function useWaitingReceiptExpenses(farmId: string): ReadonlySet<string> {
  const queued = useQueued<ReceiptExpenseVariables>(inventoryMutationKeys.recordReceiptExpense, farmId);
  return new Set(queued.map((expense) => expense.movementId));
}

/** Supplies added on this phone that are still waiting to be sent, oldest first. */
export function useWaitingSupplies(farmId: string): CreateSupplyVariables[] {
  return useQueued<CreateSupplyVariables>(inventoryMutationKeys.createSupply, farmId);
}

export type Shown<T> = T & { waiting: boolean };

/**
 * A supply as the farmer last left it: the server's record with the queued edits and stock
 * movements laid over it in the order they were made, marked as waiting. When they have been
 * sent, the server's answer is in the cache and shows instead.
 */
export function useShownSupply(farmId: string): (supply: Supply) => Shown<Supply> {
  const queryClient = useQueryClient();
  const changes = useMutationState({
    filters: { status: 'pending', predicate: (m) => isSupplyChange(m.options.mutationKey) },
    select: (mutation) => ({
      key: mutation.options.mutationKey?.[1],
      variables: mutation.state.variables as UpdateSupplyVariables | RecordMovementVariables,
    }),
  }).filter(({ variables }) => variables.farmId === farmId);
  return (supply) =>
    changes.reduce<Shown<Supply>>(
      (shown, { key, variables }) =>
        key === 'update-supply'
          ? withEdit(shown, variables as UpdateSupplyVariables, queryClient)
          : withMovement(shown, variables as RecordMovementVariables),
      { ...supply, waiting: false },
    );
}

/** Active suppliers as the farmer left them: queued edits and deactivations laid over, new ones after. */
export function useShownSuppliers(farmId: string): Shown<Supplier & { deactivating: boolean }>[] {
  const server = useSuppliers(farmId).data?.items ?? [];
  const created = useQueued<CreateSupplierVariables>(inventoryMutationKeys.createSupplier, farmId);
  const updated = useQueued<UpdateSupplierVariables>(inventoryMutationKeys.updateSupplier, farmId);
  const deactivated = useQueued<DeactivateSupplierVariables>(
    inventoryMutationKeys.deactivateSupplier,
    farmId,
  );
  const placeholder = { farm_id: farmId, is_active: true, created_at: '', updated_at: '', version: 1 };
  const all: Supplier[] = [
    ...server,
    ...created
      .filter((c) => !server.some((s) => s.id === c.id))
      .map(({ id, name, phone, email, address }) => ({
        ...placeholder,
        id,
        name,
        phone: phone ?? null,
        email: email ?? null,
        address: address ?? null,
      })),
  ];
  return all.map((supplier) => {
    const edits = updated.filter((u) => u.id === supplier.id);
    const {
      id: _id,
      farmId: _farmId,
      version: _version,
      ...changes
    } = Object.assign({}, ...edits) as UpdateSupplierVariables | Record<string, never>;
    const deactivating = deactivated.some((d) => d.id === supplier.id);
    const waiting = deactivating || edits.length > 0 || created.some((c) => c.id === supplier.id);
    const version = supplier.version + edits.length;
    return { ...supplier, ...stripUndefined(changes), version, waiting, deactivating };
  });
}

function isSupplyChange(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === 'inventory' && (key[1] === 'update-supply' || key[1] === 'record-movement');
}

function withEdit(
  shown: Shown<Supply>,
  edit: UpdateSupplyVariables,
  queryClient: QueryClient,
): Shown<Supply> {
  if (edit.id !== shown.id) return shown;
  const { id: _id, farmId, version: _version, ...changes } = edit;
  // The server counts each edit; the next edit made on the phone follows this one.
  const next = { ...shown, ...stripUndefined(changes), version: shown.version + 1, waiting: true };
  // A new unit converts the stock, exactly as the server will.
  const conversion = changes.unit && unitConversion(shown.unit, changes.unit);
  const converted = conversion ? convertQuantity(shown.quantity, conversion) : null;
  if (converted?.ok) next.quantity = converted.value;
  if (changes.supplier_id !== undefined) {
    const suppliers = queryClient.getQueryData<Page<Supplier>>(inventoryKeys.suppliers(farmId))?.items;
    next.supplier_name = suppliers?.find((s) => s.id === changes.supplier_id)?.name ?? null;
  }
  return { ...next, is_low_stock: isLowStock(next.quantity, next.low_threshold) };
}

function withMovement(shown: Shown<Supply>, movement: RecordMovementVariables): Shown<Supply> {
  if (movement.supplyId !== shown.id) return shown;
  const outcome = applyMovement(shown.quantity, movement);
  // One the stock cannot cover stays waiting unchanged; the server will refuse it and say why.
  const quantity = outcome.ok ? outcome.quantityAfter : shown.quantity;
  return { ...shown, quantity, is_low_stock: isLowStock(quantity, shown.low_threshold), waiting: true };
}

/**
 * A recorded movement costs no request beyond its own: the answer's supply replaces the cached
 * copies (detail, list pages, alert rows). Only lists whose rows may change are asked again: the
 * supply's history (refreshed only while on screen), and, when the stock crossed its low-stock
 * level (or it is not known whether it did), the alerts, their count and the low-stock list.
 */
function putMovement(queryClient: QueryClient, farmId: string, { supply }: MovementResult) {
  const before = cachedSupply(queryClient, farmId, supply.id);
  putSupply(queryClient, farmId, supply);
  queryClient.setQueryData<InfiniteData<Page<InventoryAlert>>>(inventoryKeys.alerts(farmId), (data) =>
    mapPageItems(data, (alert) =>
      alert.supply_id === supply.id
        ? { ...alert, supply: { ...alert.supply, quantity: supply.quantity } }
        : alert,
    ),
  );
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.movements(farmId, supply.id) });
  if (before?.is_low_stock !== supply.is_low_stock) refreshLowStock(queryClient, farmId);
}

/** The supply as the server last sent it, from the detail or any list page. */
function cachedSupply(queryClient: QueryClient, farmId: string, supplyId: string): Supply | undefined {
  const detail = queryClient.getQueryData<Supply>(inventoryKeys.supply(farmId, supplyId));
  if (detail) return detail;
  const lists = queryClient.getQueriesData<InfiniteData<Page<Supply>>>({
    queryKey: [...inventoryKeys.all(farmId), 'supplies'],
  });
  for (const [, data] of lists) {
    const found = data?.pages.flatMap((page) => page.items).find((item) => item.id === supplyId);
    if (found) return found;
  }
  return undefined;
}

/** The server's record replaces the farm's cached copies of it, in the detail and in every list page. */
function putSupply(queryClient: QueryClient, farmId: string, supply: Supply) {
  queryClient.setQueryData<Supply>(
    inventoryKeys.supply(farmId, supply.id),
    (old) => old && { ...old, ...supply },
  );
  queryClient.setQueriesData<InfiniteData<Page<Supply>>>(
    { queryKey: [...inventoryKeys.all(farmId), 'supplies'] },
    (data) => mapPageItems(data, (item) => (item.id === supply.id ? { ...item, ...supply } : item)),
  );
}

const supplyLists = (farmId: string) => [...inventoryKeys.all(farmId), 'supplies'];

/** Asks again for the alerts, their count and the low-stock lists: a supply went under or over its level. */
function refreshLowStock(queryClient: QueryClient, farmId: string) {
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.alerts(farmId) });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.alertCount(farmId) });
  void queryClient.invalidateQueries({
    queryKey: supplyLists(farmId),
    predicate: (query) => (query.queryKey[3] as SupplyFilters | undefined)?.lowStock === true,
  });
}

/**
 * A new supply: its detail is cached from the answer; the lists are asked again (where it sorts and
 * which filters it meets is the server's to say), and the alerts only if it starts low.
 */
function putNewSupply(queryClient: QueryClient, farmId: string, supply: Supply) {
  queryClient.setQueryData<Supply>(inventoryKeys.supply(farmId, supply.id), supply);
  void queryClient.invalidateQueries({ queryKey: supplyLists(farmId) });
  if (supply.is_low_stock) refreshLowStock(queryClient, farmId);
}

/**
 * An edited supply replaces its cached copies. Lists are asked again only when what they filter
 * or search on changed (name, category), the low-stock lists and alerts only when it crossed its level.
 */
function putEditedSupply(queryClient: QueryClient, farmId: string, supply: Supply) {
  const before = cachedSupply(queryClient, farmId, supply.id);
  putSupply(queryClient, farmId, supply);
  // An alert row shows the supply's name and stock.
  queryClient.setQueryData<InfiniteData<Page<InventoryAlert>>>(inventoryKeys.alerts(farmId), (data) =>
    mapPageItems(data, (alert) =>
      alert.supply_id === supply.id
        ? {
            ...alert,
            supply: { ...alert.supply, name: supply.name, quantity: supply.quantity, unit: supply.unit },
          }
        : alert,
    ),
  );
  if (!before || before.name !== supply.name || before.category !== supply.category) {
    void queryClient.invalidateQueries({ queryKey: supplyLists(farmId) });
  }
  if (before?.is_low_stock !== supply.is_low_stock) refreshLowStock(queryClient, farmId);
}

/**
 * The supplier list is kept from the answer. A renamed or deactivated supplier also changes the
 * name shown on its supplies' rows, so those are asked again then; a new one changes nothing else.
 */
function putSupplier(queryClient: QueryClient, farmId: string, supplier: Supplier) {
  const before = queryClient
    .getQueryData<Page<Supplier>>(inventoryKeys.suppliers(farmId))
    ?.items.find((s) => s.id === supplier.id);
  if (before && (before.name !== supplier.name || !supplier.is_active)) {
    void queryClient.invalidateQueries({ queryKey: supplyLists(farmId) });
    void queryClient.invalidateQueries({ queryKey: [...inventoryKeys.all(farmId), 'supply'] });
  }
  queryClient.setQueryData<Page<Supplier>>(inventoryKeys.suppliers(farmId), (page) => {
    if (!page) return page;
    const others = page.items.filter((s) => s.id !== supplier.id);
    const items = supplier.is_active ? [...others, supplier] : others;
    return { ...page, items: items.sort((a, b) => a.name.localeCompare(b.name)) };
  });
}

/**
 * A recorded receipt expense marks its history row as paid at once, and the history is asked again
 * as well: the row may not be loaded yet (its own refresh still on the way), and when it was paid
 * elsewhere its expense is the server's to name. The money screens' queries (['money', farmId, …])
 * are asked again, as they now have one more expense.
 */
function putReceiptExpense(
  queryClient: QueryClient,
  { farmId, supplyId, movementId }: ReceiptExpenseVariables,
  { expenseId }: ReceiptExpenseResult,
) {
  const movements = inventoryKeys.movements(farmId, supplyId);
  if (expenseId)
    queryClient.setQueryData<InfiniteData<Page<Movement>>>(movements, (data) =>
      mapPageItems(data, (m) => (m.id === movementId ? { ...m, expense_id: expenseId } : m)),
    );
  void queryClient.invalidateQueries({ queryKey: movements });
  void queryClient.invalidateQueries({ queryKey: ['money', farmId] });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
