import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page } from '@gona/shared/page-size';
import type {
  AnimalGrowthTarget,
  CarePlan,
  CarePlanResult,
  CareProgramme,
  SaveCareProgrammeInput,
  GrowthLog,
  Livestock,
  LivestockSpecies,
  LivestockSummary,
  LivestockWithPhotos,
  Production,
  TimelineEntry,
} from '@gona/shared/livestock';
import { dropRecord } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { animalPath, animalRecords, livestockKeys, livestockPath, type LivestockFilters } from './keys';

/** The livestock reads, and the changes that need the connection (a delete, care plans). */

export function useLivestockList(farmId: string, filters: LivestockFilters) {
  return useInfiniteQuery(
    pagedQueryOptions<Livestock>({
      queryKey: [...livestockKeys.lists(farmId), filters],
      path: livestockPath(farmId),
      params: { search: filters.search.trim(), species: filters.species, status: filters.status },
    }),
  );
}

export function useLivestockSummary(farmId: string) {
  return useQuery({
    queryKey: livestockKeys.summary(farmId),
    queryFn: () => apiFetch<LivestockSummary>(`${livestockPath(farmId)}/summary`),
  });
}

export function useAnimal(farmId: string, animalId: string) {
  return useQuery({
    queryKey: livestockKeys.animal(farmId, animalId),
    queryFn: () => apiFetch<LivestockWithPhotos>(animalPath(farmId, animalId)),
  });
}

/** Everything recorded about an animal or group, merged by date, latest first. */
export function useTimeline(farmId: string, animalId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<TimelineEntry>({
      queryKey: [...livestockKeys.records(farmId, animalId), 'timeline'],
      path: `${animalPath(farmId, animalId)}/timeline`,
    }),
  );
}

/** The latest weighings (up to 200), for the weight chart. */
export function useGrowthLogs(farmId: string, animalId: string) {
  return useQuery({
    queryKey: [...livestockKeys.records(farmId, animalId), 'growth'],
    queryFn: () =>
      apiFetch<Page<GrowthLog>>(`${animalPath(farmId, animalId)}/growth-logs?limit=${MAX_PAGE_SIZE}`),
  });
}

/** The species' target weights by age and the day the animal's age counts from, for the weight chart. */
export function useGrowthTarget(farmId: string, animalId: string) {
  return useQuery({
    queryKey: [...livestockKeys.records(farmId, animalId), 'growth-target'],
    queryFn: () => apiFetch<AnimalGrowthTarget>(`${animalPath(farmId, animalId)}/growth-target`),
  });
}

/** The latest production days (up to 200), for the eggs chart and the hen-day rate. */
export function useProduction(farmId: string, animalId: string) {
  return useQuery({
    queryKey: [...livestockKeys.records(farmId, animalId), 'production'],
    queryFn: () =>
      apiFetch<Page<Production>>(`${animalPath(farmId, animalId)}/production?limit=${MAX_PAGE_SIZE}`),
  });
}

/** The farm's active groups of one species, to move heads to. */
export function useGroupsOf(farmId: string, species: LivestockSpecies, enabled: boolean) {
  return useQuery({
    queryKey: [...livestockKeys.lists(farmId), 'groups', species],
    queryFn: () =>
      apiFetch<Page<Livestock>>(
        `${livestockPath(farmId)}?species=${species}&status=active&limit=${MAX_PAGE_SIZE}`,
      ),
    enabled,
  });
}

export function useDeleteLivestock(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (animalId: string) => apiFetch<null>(animalPath(farmId, animalId), { method: 'DELETE' }),
    // Gone from the lists at once; the summary's head counts are asked again.
    onSuccess: (_answer, animalId) => {
      dropRecord(queryClient, animalRecords(farmId), animalId);
      queryClient.removeQueries({ queryKey: livestockKeys.records(farmId, animalId) });
      void queryClient.invalidateQueries({ queryKey: livestockKeys.summary(farmId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: livestockKeys.all(farmId) }),
  });
}

const carePlanKey = (farmId: string, animalId: string) =>
  [...livestockKeys.records(farmId, animalId), 'care-plan'] as const;

/** The care programme that fits an animal or group, laid on its age, with what is already planned. */
export function useCarePlan(farmId: string, animalId: string) {
  return useQuery({
    queryKey: carePlanKey(farmId, animalId),
    queryFn: () => apiFetch<CarePlan>(`${animalPath(farmId, animalId)}/care-plan`),
  });
}

/**
 * Puts a programme's steps into the farm's tasks (once); the tasks' screens and the summary's next
 * vaccinations refresh. Online only: it writes many tasks, and the server lays them on today's date.
 */
export function useAcceptCarePlan(farmId: string, animalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programmeKey: string) =>
      apiFetch<CarePlanResult>(`${animalPath(farmId, animalId)}/care-plan`, {
        method: 'POST',
        json: { programme_key: programmeKey },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: carePlanKey(farmId, animalId) }),
        queryClient.invalidateQueries({ queryKey: livestockKeys.summary(farmId) }),
        // Every task query of the farm starts with ['tasks', farmId].
        queryClient.invalidateQueries({ queryKey: ['tasks', farmId] }),
      ]),
  });
}

const programmesKey = (farmId: string) => [...livestockKeys.all(farmId), 'care-programmes'] as const;

/** The care programmes, with the farm's own steps where it keeps a copy. */
export function useCareProgrammes(farmId: string) {
  return useQuery({
    queryKey: programmesKey(farmId),
    queryFn: () =>
      apiFetch<{ items: CareProgramme[] }>(`/api/farms/${encodeURIComponent(farmId)}/care-programmes`),
  });
}

/** Saves the farm's own steps for a programme, or (`steps` null) goes back to the built-in ones. */
export function useSaveCareProgramme(farmId: string, programmeKey: string) {
  const queryClient = useQueryClient();
  const url = `/api/farms/${encodeURIComponent(farmId)}/care-programmes/${encodeURIComponent(programmeKey)}`;
  return useMutation({
    mutationFn: (input: SaveCareProgrammeInput | null) =>
      input
        ? apiFetch<CareProgramme>(url, { method: 'PUT', json: input })
        : apiFetch<CareProgramme>(url, { method: 'DELETE' }),
    // The programme list and every animal's plan read these steps.
    onSettled: () => queryClient.invalidateQueries({ queryKey: livestockKeys.all(farmId) }),
  });
}
