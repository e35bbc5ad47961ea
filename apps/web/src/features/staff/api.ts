import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffMemberWithPhotos, WorkerCount } from '@gona/shared/staff';
import { dropRecord, findCached } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { memberPath, memberRecords, staffKeys, staffPath, type StaffFilters } from './keys';

/** The staff reads, and the change that needs the connection (a delete). */

export function useStaffList(farmId: string, filters: StaffFilters) {
  return useInfiniteQuery(
    pagedQueryOptions<StaffMember>({
      queryKey: staffKeys.list(farmId, filters),
      path: staffPath(farmId),
      params: { search: filters.search.trim(), job: filters.job, status: filters.status },
    }),
  );
}

/** One staff member; a copy from a list already loaded shows at once (and offline). */
export function useStaffMember(farmId: string, staffId: string) {
  const queryClient = useQueryClient();
  // A listed copy has no photo yet: the record's own answer brings it.
  return useQuery<StaffMember & Partial<Pick<StaffMemberWithPhotos, 'photos'>>>({
    queryKey: staffKeys.member(farmId, staffId),
    queryFn: () => apiFetch<StaffMemberWithPhotos>(memberPath(farmId, staffId)),
    initialData: () => findCached<StaffMember>(queryClient, memberRecords(farmId), staffId),
    initialDataUpdatedAt: 0,
  });
}

/** Active workers against the plan's limit. */
export function useWorkerCount(farmId: string) {
  return useQuery({
    queryKey: staffKeys.count(farmId),
    queryFn: () => apiFetch<WorkerCount>(`${staffPath(farmId)}/summary`),
  });
}

/** True when the farm's plan has no room for one more active worker; false while unknown. */
export function isFull(count: WorkerCount | undefined): boolean {
  return count !== undefined && count.limit !== null && count.active >= count.limit;
}

export function useDeleteStaff(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string) => apiFetch<null>(memberPath(farmId, staffId), { method: 'DELETE' }),
    // Gone from the lists at once; the worker count is asked again.
    onSuccess: (_answer, staffId) => {
      dropRecord(queryClient, memberRecords(farmId), staffId);
      void queryClient.invalidateQueries({ queryKey: staffKeys.count(farmId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(farmId) }),
  });
}
