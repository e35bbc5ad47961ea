import { useMutationState, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import { convertQuantity, unitConversion } from '@gona/shared/units';
import { applyMovement, isLowStock } from '@gona/shared/stock';
import type {
  CreateSupplier,
  CreateSupply,
  InventoryAlert,
  Movement,
  MovementResult,
  RecordMovement,
  Supplier,
  Supply,
  SupplyUnit,
  SupplyWithPhotos,
  UpdateSupplier,
  UpdateSupply,
} from '@gona/shared/inventory';
import type { ExpenseCategory, PaymentMethod } from '@gona/shared/finance';
import { findCached, putRecord } from '@/lib/cache';
import { ApiError, apiFetch } from '@/lib/http';
import { defineQueuedMutation, useQueued, withoutUndefined, type Shown } from '@/lib/offline';
import { mapPageItems } from '@/lib/paged-query';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import { useSuppliers } from './api';
import {
  farmPath,
  inventoryKeys,
  inventoryMutationKeys,
  suppliersPath,
  supplierPath,
  suppliesPath,
  supplyPath,
  supplyRecords,
  type SupplyFilters,
} from './keys';

/**
 * The inventory changes a farmer may make offline (keys in `keys.ts`), what the screens show of
 * them while they wait, and how the server's answer goes into the cache once they are sent.
 */

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
    apiFetch<MovementResult>(`${supplyPath(farmId, supplyId)}/movements`, {
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
    apiFetch<SupplyWithPhotos>(supplyPath(farmId, id), {
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
    apiFetch<Supplier>(suppliersPath(farmId), { method: 'POST', json: input }),
  {
    onSent: (queryClient, supplier, { farmId }) => putSupplier(queryClient, farmId, supplier),
    onFailed: refreshInventory,
  },
);

const updateSupplier = defineQueuedMutation(
  inventoryMutationKeys.updateSupplier,
  ({ farmId, id, ...input }: UpdateSupplierVariables) =>
    apiFetch<Supplier>(supplierPath(farmId, id), {
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
    apiFetch<Supplier>(`${supplierPath(farmId, id)}/deactivate`, {
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
    const current = await apiFetch<Supply>(supplyPath(farmId, id));
    return { ...(variables as UpdateSupplyVariables), version: current.version };
  }
  if (mutationKey[1] === 'update-supplier') {
    const { farmId, id } = variables as UpdateSupplierVariables;
    const suppliers = await apiFetch<Page<Supplier>>(`${suppliersPath(farmId)}?limit=200`);
    const current = suppliers.items.find((s) => s.id === id);
    // A supplier no longer listed is left as it was; the server says what became of it.
    return current ? { ...(variables as UpdateSupplierVariables), version: current.version } : variables;
  }
  return variables;
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
    return { ...supplier, ...withoutUndefined(changes), version, waiting, deactivating };
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
  const next = { ...shown, ...withoutUndefined(changes), version: shown.version + 1, waiting: true };
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
const cachedSupply = (queryClient: QueryClient, farmId: string, supplyId: string) =>
  findCached<Supply>(queryClient, supplyRecords(farmId), supplyId);

/** The server's record replaces the farm's cached copies of it, in the detail and in every list (pickers too). */
const putSupply = (queryClient: QueryClient, farmId: string, supply: Supply) =>
  putRecord(queryClient, supplyRecords(farmId), supply);

const supplyLists = inventoryKeys.supplyLists;

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
