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
import type { QueuedLivestockKey } from './queue';

/**
 * The livestock changes that may wait for a connection, and the keys of the farm's livestock
 * queries. Loaded with the livestock screens, or by `queue.ts` when a change restored after a
 * reload is sent.
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

/** How each change is sent: the screens' mutations and a change restored after a reload (queue.ts) use these. */
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
} satisfies Record<QueuedLivestockKey, (variables: never) => Promise<unknown>>;

/** Sends a queued change restored after a reload (queue.ts registers its key before the restore). */
export function sendQueued(name: QueuedLivestockKey, variables: unknown): Promise<unknown> {
  return (SENDERS[name] as (variables: unknown) => Promise<unknown>)(variables);
}

const createLivestock = defineQueuedMutation(
  livestockMutationKeys.createLivestock,
  SENDERS['create-livestock'],
  {
    onSettled: refreshLivestock,
  },
);

const updateLivestock = defineQueuedMutation(
  livestockMutationKeys.updateLivestock,
  SENDERS['update-livestock'],
  {
    onSent: (queryClient, animal, { farmId }) =>
      queryClient.setQueryData(livestockKeys.animal(farmId, animal.id), animal),
    onSettled: refreshLivestock,
  },
);

const recordHealth = defineQueuedMutation(livestockMutationKeys.recordHealth, SENDERS['record-health'], {
  onSettled: (queryClient, variables) => {
    (variables.supply_id ? refreshStock : refreshLivestock)(queryClient, variables);
    // A withdrawal period takes the animals' marketplace listings off sale: the farm's listings
    // (marketplaceKeys.all, named here so the marketplace's code stays out of this screen) are read again.
    if (variables.withdrawal_days) void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
  },
});

const recordGrowth = defineQueuedMutation(livestockMutationKeys.recordGrowth, SENDERS['record-growth'], {
  onSettled: refreshLivestock,
});

const recordEvent = defineQueuedMutation(livestockMutationKeys.recordEvent, SENDERS['record-event'], {
  onSettled: refreshLivestock,
});

const recordProduction = defineQueuedMutation(
  livestockMutationKeys.recordProduction,
  SENDERS['record-production'],
  {
    onSettled: (queryClient, variables) =>
      (variables.feed_supply_id ? refreshStock : refreshLivestock)(queryClient, variables),
  },
);

export const useCreateLivestock = createLivestock.useMutation;
export const useUpdateLivestock = updateLivestock.useMutation;
export const useRecordHealth = recordHealth.useMutation;
export const useRecordGrowth = recordGrowth.useMutation;
export const useRecordEvent = recordEvent.useMutation;
export const useRecordProduction = recordProduction.useMutation;
