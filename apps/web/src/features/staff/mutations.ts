import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import type { CreateStaff, StaffMember, StaffMemberWithPhotos, UpdateStaff } from '@gona/shared/staff';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { mapPageItems } from '@/lib/paged-query';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import type { StaffFilters } from './api';

/**
 * The staff changes that may wait for a connection, apart from the screens' queries: the app
 * registers them before its saved cache is restored, so this is all of staff that the first load
 * carries.
 */

/** Every staff query of a farm starts with ['staff', farmId], so one invalidation refreshes them all. */
export const staffKeys = {
  all: (farmId: string) => ['staff', farmId] as const,
  lists: (farmId: string) => ['staff', farmId, 'list'] as const,
  list: (farmId: string, filters: StaffFilters) => ['staff', farmId, 'list', filters] as const,
  member: (farmId: string, staffId: string) => ['staff', farmId, 'member', staffId] as const,
  count: (farmId: string) => ['staff', farmId, 'count'] as const,
};

export const staffPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/staff`;
export const memberPath = (farmId: string, staffId: string) =>
  `${staffPath(farmId)}/${encodeURIComponent(staffId)}`;

/**
 * The staff changes a farmer may make offline. Their variables hold everything needed to send
 * them (the farm, the phone-made id of a new record, the record's name to describe a refusal), so
 * a change restored after a reload runs with no screen around it.
 */
export const staffMutationKeys = {
  createStaff: ['staff', 'create-staff'],
  updateStaff: ['staff', 'update-staff'],
} as const satisfies Record<string, readonly [string, string]>;

export type CreateStaffVariables = CreateStaff & { id: string; farmId: string };
export type UpdateStaffVariables = UpdateStaff & { id: string; farmId: string; name: string };

const refreshStaff = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: staffKeys.all(farmId) });

const createStaff = defineQueuedMutation(
  staffMutationKeys.createStaff,
  async ({ farmId, ...input }: CreateStaffVariables) =>
    apiFetch<StaffMemberWithPhotos>(staffPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  { onSettled: refreshStaff },
);

const updateStaff = defineQueuedMutation(
  staffMutationKeys.updateStaff,
  async ({ farmId, id, name: _name, ...input }: UpdateStaffVariables) =>
    apiFetch<StaffMemberWithPhotos>(memberPath(farmId, id), {
      method: 'PATCH',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, member, { farmId }) => putMember(queryClient, farmId, member),
    onSettled: refreshStaff,
  },
);

/** Lets queued staff changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerStaffMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [createStaff, updateStaff]) mutation.register(queryClient);
}

export const useCreateStaff = createStaff.useMutation;
export const useUpdateStaff = updateStaff.useMutation;

/** The server's record replaces the farm's cached copies of it, in the detail and in every list page. */
function putMember(queryClient: QueryClient, farmId: string, member: StaffMember) {
  queryClient.setQueryData<StaffMember>(staffKeys.member(farmId, member.id), member);
  queryClient.setQueriesData<InfiniteData<Page<StaffMember>>>({ queryKey: staffKeys.lists(farmId) }, (data) =>
    mapPageItems(data, (item) => (item.id === member.id ? member : item)),
  );
}
