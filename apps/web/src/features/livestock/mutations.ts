import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateGrowthLog,
  CreateHealthRecord,
  CreateLivestock,
  EventResult,
  GrowthLog,
  HealthRecord,
  LivestockWithPhotos,
  Production,
  RecordEvent,
  RecordProduction,
  UpdateLivestock,
} from '@gona/shared/livestock';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';

/**
 * The livestock changes that may wait for a connection, apart from the screens' queries: the app
 * registers them before its saved cache is restored, so this (types and a few functions) is all
 * of livestock that the first load carries.
 */

/** Every livestock query of a farm starts with ['livestock', farmId], so one invalidation refreshes them all. */
export const livestockKeys = {
  all: (farmId: string) => ['livestock', farmId] as const,
  lists: (farmId: string) => ['livestock', farmId, 'list'] as const,
  animal: (farmId: string, animalId: string) => ['livestock', farmId, 'animal', animalId] as const,
  records: (farmId: string, animalId: string) => ['livestock', farmId, 'records', animalId] as const,
  summary: (farmId: string) => ['livestock', farmId, 'summary'] as const,
};

export const livestockPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/livestock`;
export const animalPath = (farmId: string, animalId: string) =>
  `${livestockPath(farmId)}/${encodeURIComponent(animalId)}`;

/** The changes a farmer may make offline; a record's name travels with it to describe a refusal. */
export const livestockMutationKeys = {
  createLivestock: ['livestock', 'create-livestock'],
  updateLivestock: ['livestock', 'update-livestock'],
  recordHealth: ['livestock', 'record-health'],
  recordGrowth: ['livestock', 'record-growth'],
  recordEvent: ['livestock', 'record-event'],
  recordProduction: ['livestock', 'record-production'],
} as const satisfies Record<string, readonly [string, string]>;

type About = { farmId: string; animalId: string; animalName: string };
export type CreateLivestockVariables = CreateLivestock & { id: string; farmId: string };
export type UpdateLivestockVariables = UpdateLivestock & { id: string; farmId: string; animalName: string };
export type RecordHealthVariables = CreateHealthRecord & About;
export type RecordGrowthVariables = CreateGrowthLog & About;
export type RecordEventVariables = RecordEvent & About;
export type RecordProductionVariables = RecordProduction & About;

/** After any livestock change (sent or refused), the farm's livestock queries are asked again. */
const refreshLivestock = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: livestockKeys.all(farmId) });

/** A record used from the store changes its stock: the inventory's queries are asked again too. */
const refreshStock = (queryClient: QueryClient, { farmId }: { farmId: string }) => {
  refreshLivestock(queryClient, { farmId });
  void queryClient.invalidateQueries({ queryKey: ['inventory', farmId] });
};

const createLivestock = defineQueuedMutation(
  livestockMutationKeys.createLivestock,
  async ({ farmId, ...input }: CreateLivestockVariables) =>
    apiFetch<LivestockWithPhotos>(livestockPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  { onSettled: refreshLivestock },
);

const updateLivestock = defineQueuedMutation(
  livestockMutationKeys.updateLivestock,
  async ({ farmId, id, animalName: _name, ...input }: UpdateLivestockVariables) =>
    apiFetch<LivestockWithPhotos>(animalPath(farmId, id), {
      method: 'PATCH',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, animal, { farmId }) =>
      queryClient.setQueryData(livestockKeys.animal(farmId, animal.id), animal),
    onSettled: refreshLivestock,
  },
);

const recordHealth = defineQueuedMutation(
  livestockMutationKeys.recordHealth,
  ({ farmId, animalId, animalName: _name, ...input }: RecordHealthVariables) =>
    apiFetch<HealthRecord>(`${animalPath(farmId, animalId)}/health-records`, { method: 'POST', json: input }),
  {
    onSettled: (queryClient, variables) =>
      (variables.supply_id ? refreshStock : refreshLivestock)(queryClient, variables),
  },
);

const recordGrowth = defineQueuedMutation(
  livestockMutationKeys.recordGrowth,
  ({ farmId, animalId, animalName: _name, ...input }: RecordGrowthVariables) =>
    apiFetch<GrowthLog>(`${animalPath(farmId, animalId)}/growth-logs`, { method: 'POST', json: input }),
  { onSettled: refreshLivestock },
);

const recordEvent = defineQueuedMutation(
  livestockMutationKeys.recordEvent,
  ({ farmId, animalId, animalName: _name, ...input }: RecordEventVariables) =>
    apiFetch<EventResult>(`${animalPath(farmId, animalId)}/events`, { method: 'POST', json: input }),
  { onSettled: refreshLivestock },
);

const recordProduction = defineQueuedMutation(
  livestockMutationKeys.recordProduction,
  ({ farmId, animalId, animalName: _name, ...input }: RecordProductionVariables) =>
    apiFetch<Production>(`${animalPath(farmId, animalId)}/production`, { method: 'POST', json: input }),
  {
    onSettled: (queryClient, variables) =>
      (variables.feed_supply_id ? refreshStock : refreshLivestock)(queryClient, variables),
  },
);

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

export const useCreateLivestock = createLivestock.useMutation;
export const useUpdateLivestock = updateLivestock.useMutation;
export const useRecordHealth = recordHealth.useMutation;
export const useRecordGrowth = recordGrowth.useMutation;
export const useRecordEvent = recordEvent.useMutation;
export const useRecordProduction = recordProduction.useMutation;
