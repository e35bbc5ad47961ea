import type { QueryClient } from '@tanstack/react-query';
import type { GrowthStage, Harvest, RecordHarvestInput, RecordStageInput } from '@gona/shared/crops';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import type { QueuedCropKey } from './queue';

/**
 * The crop records that may wait for a connection: each carries its farm, crop and the crop's name
 * (to describe a refusal), and its client-made id, so sending it twice records it once.
 */
export type RecordStageVariables = RecordStageInput & { farmId: string; cropId: string; cropName: string };
export type RecordHarvestVariables = RecordHarvestInput & {
  farmId: string;
  cropId: string;
  cropName: string;
};

const cropPath = (farmId: string, cropId: string) =>
  `/api/farms/${encodeURIComponent(farmId)}/crops/${encodeURIComponent(cropId)}`;

const SENDERS = {
  'record-stage': ({ farmId, cropId, cropName: _name, ...input }: RecordStageVariables) =>
    apiFetch<GrowthStage>(`${cropPath(farmId, cropId)}/stages`, { method: 'POST', json: input }),
  'record-harvest': ({ farmId, cropId, cropName: _name, ...input }: RecordHarvestVariables) =>
    apiFetch<Harvest>(`${cropPath(farmId, cropId)}/harvests`, { method: 'POST', json: input }),
} satisfies Record<QueuedCropKey, (variables: never) => Promise<unknown>>;

/** Sends a queued record restored after a reload (queue.ts registers its key before the restore). */
export function sendQueued(name: QueuedCropKey, variables: unknown): Promise<unknown> {
  return (SENDERS[name] as (variables: unknown) => Promise<unknown>)(variables);
}

/** Every crop query of the farm starts with ['crops', farmId]; a planting's stage moves with it. */
const refreshCrops = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: ['crops', farmId] });

const recordStage = defineQueuedMutation(['crops', 'record-stage'], SENDERS['record-stage'], {
  onSettled: refreshCrops,
});
const recordHarvest = defineQueuedMutation(['crops', 'record-harvest'], SENDERS['record-harvest'], {
  onSettled: refreshCrops,
});

export const useRecordStage = recordStage.useMutation;
export const useRecordHarvest = recordHarvest.useMutation;
