import type { QueryClient } from '@tanstack/react-query';
import type { GrowthStage, Harvest, RecordHarvestInput, RecordStageInput } from '@gona/shared/crops';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { cropKeys, cropMutationKeys, cropPath } from './keys';

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

const SENDERS = {
  'record-stage': ({ farmId, cropId, cropName: _name, ...input }: RecordStageVariables) =>
    apiFetch<GrowthStage>(`${cropPath(farmId, cropId)}/stages`, { method: 'POST', json: input }),
  'record-harvest': ({ farmId, cropId, cropName: _name, ...input }: RecordHarvestVariables) =>
    apiFetch<Harvest>(`${cropPath(farmId, cropId)}/harvests`, { method: 'POST', json: input }),
};

/**
 * A recorded stage or harvest: the planting's records are asked again, and the planting itself
 * (its stage and expected dates move with it) in its detail and lists; other crops are not.
 */
const refreshCrop = (queryClient: QueryClient, { farmId, cropId }: { farmId: string; cropId: string }) => {
  void queryClient.invalidateQueries({ queryKey: cropKeys.records(farmId, cropId) });
  void queryClient.invalidateQueries({ queryKey: cropKeys.crop(farmId, cropId) });
  void queryClient.invalidateQueries({ queryKey: cropKeys.lists(farmId) });
};

const recordStage = defineQueuedMutation(cropMutationKeys.recordStage, SENDERS['record-stage'], {
  onSettled: refreshCrop,
});
const recordHarvest = defineQueuedMutation(cropMutationKeys.recordHarvest, SENDERS['record-harvest'], {
  onSettled: refreshCrop,
});

export const useRecordStage = recordStage.useMutation;
export const useRecordHarvest = recordHarvest.useMutation;

/** Lets queued crop records run after a reload: call once on the app's QueryClient, before the restore. */
export function registerCropMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [recordStage, recordHarvest]) mutation.register(queryClient);
}
