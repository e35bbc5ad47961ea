import { useMutationState, type QueryClient } from '@tanstack/react-query';
import type {
  CreateGrowthLog,
  CreateHealthRecord,
  CreateLivestock,
  EventResult,
  GrowthLog,
  HealthRecord,
  Livestock,
  LivestockWithPhotos,
  Production,
  RecordEvent,
  RecordProduction,
  UpdateLivestock,
} from '@gona/shared/livestock';
import { apiFetch } from '@/lib/http';
import { putRecord } from '@/lib/cache';
import { defineQueuedMutation, useQueued } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import { animalPath, animalRecords, livestockKeys, livestockMutationKeys, livestockPath } from './keys';

/**
 * The livestock changes that may wait for a connection (keys in `keys.ts`), and what the screens
 * show of them while they wait. Loaded with the livestock screens, or by the app when a change
 * restored after a reload is sent.
 */

type About = { farmId: string; animalId: string; animalName: string };
export type CreateLivestockVariables = CreateLivestock & { id: string; farmId: string };
export type UpdateLivestockVariables = UpdateLivestock & { id: string; farmId: string; animalName: string };
export type RecordHealthVariables = CreateHealthRecord & About;
export type RecordGrowthVariables = CreateGrowthLog & About;
export type RecordEventVariables = RecordEvent & About;
export type RecordProductionVariables = RecordProduction & About;

/** The farm's livestock queries, all asked again (a refused change, an event). */
const refreshLivestock = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: livestockKeys.all(farmId) });

/**
 * A record of one animal or group (a treatment, a weighing, a day's eggs): its records
 * and detail are asked again, and the lists and summary whose heads and counts it may move; other
 * animals' records are not. One that used the store changes its stock: the inventory's too.
 */
const refreshAnimal = (
  queryClient: QueryClient,
  { farmId, animalId }: { farmId: string; animalId: string },
  usedStock = false,
) => {
  void queryClient.invalidateQueries({ queryKey: livestockKeys.records(farmId, animalId) });
  void queryClient.invalidateQueries({ queryKey: livestockKeys.animal(farmId, animalId) });
  refreshListsAndSummary(queryClient, farmId);
  if (usedStock) void queryClient.invalidateQueries({ queryKey: ['inventory', farmId] });
};

/** How each change is sent. */
const SENDERS = {
  'create-livestock': async ({ farmId, ...input }: CreateLivestockVariables) =>
    apiFetch<LivestockWithPhotos>(livestockPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  'update-livestock': async ({ farmId, id, animalName: _name, ...input }: UpdateLivestockVariables) =>
    apiFetch<LivestockWithPhotos>(animalPath(farmId, id), {
      method: 'PATCH',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  'record-health': ({ farmId, animalId, animalName: _name, ...input }: RecordHealthVariables) =>
    apiFetch<HealthRecord>(`${animalPath(farmId, animalId)}/health-records`, { method: 'POST', json: input }),
  'record-growth': ({ farmId, animalId, animalName: _name, ...input }: RecordGrowthVariables) =>
    apiFetch<GrowthLog>(`${animalPath(farmId, animalId)}/growth-logs`, { method: 'POST', json: input }),
  'record-event': ({ farmId, animalId, animalName: _name, ...input }: RecordEventVariables) =>
    apiFetch<EventResult>(`${animalPath(farmId, animalId)}/events`, { method: 'POST', json: input }),
  'record-production': ({ farmId, animalId, animalName: _name, ...input }: RecordProductionVariables) =>
    apiFetch<Production>(`${animalPath(farmId, animalId)}/production`, { method: 'POST', json: input }),
};

/**
 * A new or edited animal's answer goes into the cache (its detail, its list rows); the lists and
 * the summary's head counts are asked again, as where it sorts and what it adds up to are the
 * server's to say. Its records and timeline are not asked again. A refused change refreshes all.
 */
const createLivestock = defineQueuedMutation(
  livestockMutationKeys.createLivestock,
  SENDERS['create-livestock'],
  {
    onSent: (queryClient, animal, { farmId }) => {
      queryClient.setQueryData(livestockKeys.animal(farmId, animal.id), animal);
      refreshListsAndSummary(queryClient, farmId);
    },
    onFailed: refreshLivestock,
  },
);

const updateLivestock = defineQueuedMutation(
  livestockMutationKeys.updateLivestock,
  SENDERS['update-livestock'],
  {
    onSent: (queryClient, animal, { farmId }) => {
      putRecord(queryClient, animalRecords(farmId), animal, { detail: 'set' });
      refreshListsAndSummary(queryClient, farmId);
    },
    onFailed: refreshLivestock,
  },
);

function refreshListsAndSummary(queryClient: QueryClient, farmId: string) {
  void queryClient.invalidateQueries({ queryKey: livestockKeys.lists(farmId) });
  void queryClient.invalidateQueries({ queryKey: livestockKeys.summary(farmId) });
}

const recordHealth = defineQueuedMutation(livestockMutationKeys.recordHealth, SENDERS['record-health'], {
  onSettled: (queryClient, variables) => {
    refreshAnimal(queryClient, variables, Boolean(variables.supply_id));
    // A withdrawal period takes the animals' marketplace listings off sale: the farm's listings
    // (marketplaceKeys.all, named here so the marketplace's code stays out of this screen) are read again.
    if (variables.withdrawal_days) void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
  },
});

const recordGrowth = defineQueuedMutation(livestockMutationKeys.recordGrowth, SENDERS['record-growth'], {
  onSettled: (queryClient, variables) => refreshAnimal(queryClient, variables),
});

// An event may move heads into another group, whose detail and records change too: all are asked again.
const recordEvent = defineQueuedMutation(livestockMutationKeys.recordEvent, SENDERS['record-event'], {
  onSettled: refreshLivestock,
});

const recordProduction = defineQueuedMutation(
  livestockMutationKeys.recordProduction,
  SENDERS['record-production'],
  {
    onSettled: (queryClient, variables) =>
      refreshAnimal(queryClient, variables, Boolean(variables.feed_supply_id)),
  },
);

export const useCreateLivestock = createLivestock.useMutation;
export const useUpdateLivestock = updateLivestock.useMutation;
export const useRecordHealth = recordHealth.useMutation;
export const useRecordGrowth = recordGrowth.useMutation;
export const useRecordEvent = recordEvent.useMutation;
export const useRecordProduction = recordProduction.useMutation;

/** Lets queued livestock changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerLivestockMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [
    createLivestock,
    updateLivestock,
    recordHealth,
    recordGrowth,
    recordEvent,
    recordProduction,
  ])
    mutation.register(queryClient);
}

/** An edit refused as stale is sent again against the record as it is now. */
export async function retryLivestockVariables(
  mutationKey: readonly unknown[],
  variables: unknown,
): Promise<unknown> {
  if (mutationKey[1] !== 'update-livestock') return variables;
  const edit = variables as UpdateLivestockVariables;
  const current = await apiFetch<Livestock>(animalPath(edit.farmId, edit.id));
  return { ...edit, version: current.version };
}

/** Animals and groups added on this phone that are still waiting to be sent, oldest first. */
export const useWaitingLivestock = (farmId: string) =>
  useQueued<CreateLivestockVariables>(livestockMutationKeys.createLivestock, farmId);

export type WaitingRecord =
  | { type: 'health'; variables: RecordHealthVariables }
  | { type: 'growth'; variables: RecordGrowthVariables }
  | { type: 'event'; variables: RecordEventVariables }
  | { type: 'production'; variables: RecordProductionVariables };

const RECORD_TYPES: Record<string, WaitingRecord['type']> = {
  'record-health': 'health',
  'record-growth': 'growth',
  'record-event': 'event',
  'record-production': 'production',
};

/** Records of one animal made on this phone that are still waiting to be sent, oldest first. */
export function useWaitingRecords(farmId: string, animalId: string): WaitingRecord[] {
  return useMutationState({
    filters: { status: 'pending', predicate: (m) => m.options.mutationKey?.[0] === 'livestock' },
    select: (mutation) => ({
      type: RECORD_TYPES[String(mutation.options.mutationKey?.[1])],
      variables: mutation.state.variables as { farmId: string; animalId?: string },
    }),
  }).filter(
    (item): item is WaitingRecord =>
      item.type !== undefined && item.variables.farmId === farmId && item.variables.animalId === animalId,
  );
}
