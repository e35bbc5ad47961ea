import {
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import type {
  StaffJob,
  StaffMember,
  StaffMemberWithPhotos,
  StaffStatus,
  WorkerCount,
} from '@gona/shared/staff';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import {
  memberPath,
  staffKeys,
  staffMutationKeys,
  staffPath,
  type CreateStaffVariables,
  type UpdateStaffVariables,
} from './mutations';

export type StaffFilters = { search: string; job: StaffJob | ''; status: StaffStatus | '' };

export const staffExportUrl = (farmId: string) => `${staffPath(farmId)}/export.csv`;

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
    initialData: () => listedMember(queryClient, farmId, staffId),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all(farmId) }),
  });
}

/** An edit refused as stale is sent again against the record as it is now. */
export async function retryStaffVariables(
  mutationKey: readonly unknown[],
  variables: unknown,
): Promise<unknown> {
  if (mutationKey[1] !== 'update-staff') return variables;
  const edit = variables as UpdateStaffVariables;
  const current = await apiFetch<StaffMember>(memberPath(edit.farmId, edit.id));
  return { ...edit, version: current.version };
}

/** Staff added on this phone that are still waiting to be sent, oldest first. */
export function useWaitingStaff(farmId: string): CreateStaffVariables[] {
  return useMutationState({
    filters: { mutationKey: staffMutationKeys.createStaff, status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateStaffVariables,
  }).filter((variables) => variables.farmId === farmId);
}

export type ShownMember = StaffMember & { waiting: boolean };

/**
 * A staff member as the farmer last left them: the server's record with the queued edits laid over
 * it in order, marked as waiting, each counting one version as the server will.
 */
export function useShownMember(farmId: string): (member: StaffMember) => ShownMember {
  const edits = useMutationState({
    filters: { mutationKey: staffMutationKeys.updateStaff, status: 'pending' },
    select: (mutation) => mutation.state.variables as UpdateStaffVariables,
  }).filter((variables) => variables.farmId === farmId);
  return (member) =>
    edits.reduce<ShownMember>(
      (shown, edit) => {
        if (edit.id !== shown.id) return shown;
        const { id: _id, farmId: _farmId, name: _name, version: _version, ...changes } = edit;
        const next = { ...shown, ...withoutUndefined(changes), version: shown.version + 1, waiting: true };
        return { ...next, name: `${next.first_name} ${next.last_name}` };
      },
      { ...member, waiting: false },
    );
}

function listedMember(queryClient: QueryClient, farmId: string, staffId: string): StaffMember | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<Page<StaffMember>>>({
    queryKey: staffKeys.lists(farmId),
  });
  for (const [, data] of lists) {
    const found = data?.pages.flatMap((page) => page.items).find((item) => item.id === staffId);
    if (found) return found;
  }
  return undefined;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
