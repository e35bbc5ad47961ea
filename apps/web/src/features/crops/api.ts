import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Crop,
  CreateCropInput,
  CropStatus,
  GrowthStage,
  Harvest,
  KnowledgeCrop,
  KnowledgeCropDetail,
  PlanSeasonInput,
  PlanSeasonResult,
  PlantingWindows,
  Prediction,
  StageDate,
  UpdateCropInput,
} from '@gona/shared/crops';
import { putRecord } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { cropKeys, cropPath, cropRecords, cropsPath, farmPath, fieldKeys } from './keys';

/** The crops' reads, and the changes that need the connection (a planting, a plan, a delete). */

export function useCropList(farmId: string, status: CropStatus | '') {
  return useInfiniteQuery(
    pagedQueryOptions<Crop>({
      queryKey: [...cropKeys.lists(farmId), status],
      path: cropsPath(farmId),
      params: { status },
    }),
  );
}

export function useCrop(farmId: string, cropId: string) {
  return useQuery({
    queryKey: cropKeys.crop(farmId, cropId),
    queryFn: () => apiFetch<Crop>(cropPath(farmId, cropId)),
  });
}

/** The crops of the knowledge base: kept for a day, they change only with a new release. */
export function useKnowledgeCrops() {
  return useQuery({
    queryKey: cropKeys.knowledge,
    queryFn: () => apiFetch<{ items: KnowledgeCrop[] }>('/api/knowledge/crops'),
    staleTime: 24 * 60 * 60 * 1000,
  });
}

export function useKnowledgeCrop(cropKey: string) {
  return useQuery({
    queryKey: [...cropKeys.knowledge, cropKey],
    queryFn: () => apiFetch<KnowledgeCropDetail>(`/api/knowledge/crops/${encodeURIComponent(cropKey)}`),
    enabled: cropKey !== '',
    staleTime: 24 * 60 * 60 * 1000,
  });
}

/** The crop's planting windows in the farm's zone, as the coming dates. */
export function usePlantingWindows(farmId: string, cropKey: string) {
  return useQuery({
    queryKey: cropKeys.windows(farmId, cropKey),
    queryFn: () =>
      apiFetch<PlantingWindows>(
        `${farmPath(farmId)}/planting-windows?crop_key=${encodeURIComponent(cropKey)}`,
      ),
    enabled: cropKey !== '',
  });
}

/** The farm's fields for the crop form (the first 100, by newest). */
export function useFieldChoices(farmId: string) {
  return useQuery({
    queryKey: fieldKeys.choices(farmId),
    queryFn: () =>
      apiFetch<{ items: { id: string; name: string; area_ha: string | null }[] }>(
        `${farmPath(farmId)}/fields?limit=100`,
      ),
    // Fields are optional for a crop: no fields (or none reachable) leaves the choice out.
    retry: false,
  });
}

function useInvalidateCrops(farmId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cropKeys.all(farmId) }),
      // Planting writes tasks: every task query of the farm starts with ['tasks', farmId].
      queryClient.invalidateQueries({ queryKey: ['tasks', farmId] }),
    ]);
}

export function useCreateCrop(farmId: string) {
  const invalidate = useInvalidateCrops(farmId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCropInput) =>
      apiFetch<Crop>(cropsPath(farmId), { method: 'POST', json: input }),
    onSuccess: (crop) => queryClient.setQueryData(cropKeys.crop(farmId, crop.id), crop),
    onSettled: async (_crop, _error, input) => {
      // Seed taken from the store changes its stock.
      if (input.seed_supply_id) void queryClient.invalidateQueries({ queryKey: ['inventory', farmId] });
      await invalidate();
    },
  });
}

/**
 * An edited planting's answer goes into its detail and list rows; the lists are asked again (its
 * status or date may move it), and its tasks and records, whose dates follow the planting's.
 */
export function useUpdateCrop(farmId: string, cropId: string) {
  const invalidate = useInvalidateCrops(farmId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCropInput) =>
      apiFetch<Crop>(cropPath(farmId, cropId), { method: 'PATCH', json: input }),
    onSuccess: (crop) => putRecord(queryClient, cropRecords(farmId), crop, { detail: 'set' }),
    onSettled: invalidate,
  });
}

export function useDeleteCrop(farmId: string) {
  const invalidate = useInvalidateCrops(farmId);
  return useMutation({
    mutationFn: (cropId: string) => apiFetch<null>(cropPath(farmId, cropId), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function usePlanSeason(farmId: string) {
  const invalidate = useInvalidateCrops(farmId);
  return useMutation({
    mutationFn: (input: PlanSeasonInput) =>
      apiFetch<PlanSeasonResult>(`${farmPath(farmId)}/crop-plans`, { method: 'POST', json: input }),
    onSettled: invalidate,
  });
}

export function usePlanCropTasks(farmId: string, cropId: string) {
  const invalidate = useInvalidateCrops(farmId);
  return useMutation({
    mutationFn: () =>
      apiFetch<{ created: number }>(`${cropPath(farmId, cropId)}/tasks-plan`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useStages(farmId: string, cropId: string) {
  return useQuery({
    queryKey: [...cropKeys.records(farmId, cropId), 'stages'],
    queryFn: () => apiFetch<{ items: GrowthStage[] }>(`${cropPath(farmId, cropId)}/stages`),
  });
}

/** The planting's stages and harvest with their expected and recorded dates. */
export function useTimeline(farmId: string, cropId: string) {
  return useQuery({
    queryKey: [...cropKeys.records(farmId, cropId), 'timeline'],
    queryFn: () => apiFetch<{ items: StageDate[] }>(`${cropPath(farmId, cropId)}/timeline`),
  });
}

export function useHarvests(farmId: string, cropId: string) {
  return useQuery({
    queryKey: [...cropKeys.records(farmId, cropId), 'harvests'],
    queryFn: () => apiFetch<{ items: Harvest[] }>(`${cropPath(farmId, cropId)}/harvests`),
  });
}

export function usePredictions(farmId: string, cropId: string) {
  return useQuery({
    queryKey: [...cropKeys.records(farmId, cropId), 'predictions'],
    queryFn: () => apiFetch<{ items: Prediction[] }>(`${cropPath(farmId, cropId)}/predictions`),
  });
}

export function usePredict(farmId: string, cropId: string) {
  const invalidate = useInvalidateCrops(farmId);
  return useMutation({
    mutationFn: () => apiFetch<Prediction>(`${cropPath(farmId, cropId)}/predictions`, { method: 'POST' }),
    onSettled: invalidate,
  });
}
