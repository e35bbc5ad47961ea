import type { QueryClient } from '@tanstack/react-query';
import type { CreateStaff, StaffMember, StaffMemberWithPhotos, UpdateStaff } from '@gona/shared/staff';
import { findCached, putRecord } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation, useQueued, withoutUndefined, type Shown } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import { memberPath, memberRecords, staffKeys, staffMutationKeys, staffPath } from './keys';

/**
 * The staff changes that may wait for a connection (keys in `keys.ts`), and what the screens show
 * of them while they wait. The app registers them before its saved cache is restored.
 */

export type CreateStaffVariables = CreateStaff & { id: string; farmId: string };
export type UpdateStaffVariables = UpdateStaff & { id: string; farmId: string; name: string };

/**
 * The server's answer goes into the cache: a new member's detail, an edited member's detail and
 * list rows. The lists are asked again only where the change may move rows (a new member, a
 * changed name, job or status), and the worker count when a member may have joined or left it.
 */
const refreshStaff = (queryClient: QueryClient, { farmId }: { farmId: string }) =>
  void queryClient.invalidateQueries({ queryKey: staffKeys.all(farmId) });

const createStaff = defineQueuedMutation(
  staffMutationKeys.createStaff,
  async ({ farmId, ...input }: CreateStaffVariables) =>
    apiFetch<StaffMemberWithPhotos>(staffPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, member, { farmId }) => {
      queryClient.setQueryData(staffKeys.member(farmId, member.id), member);
      void queryClient.invalidateQueries({ queryKey: staffKeys.lists(farmId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.count(farmId) });
    },
    onFailed: refreshStaff,
  },
);

const updateStaff = defineQueuedMutation(
  staffMutationKeys.updateStaff,
  async ({ farmId, id, name: _name, ...input }: UpdateStaffVariables) =>
    apiFetch<StaffMemberWithPhotos>(memberPath(farmId, id), {
      method: 'PATCH',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  {
    onSent: (queryClient, member, { farmId }) => {
      const before = findCached<StaffMember>(queryClient, memberRecords(farmId), member.id);
      putRecord(queryClient, memberRecords(farmId), member, { detail: 'set' });
      const moved = (field: 'name' | 'job' | 'status') => !before || before[field] !== member[field];
      if (moved('name') || moved('job') || moved('status'))
        void queryClient.invalidateQueries({ queryKey: staffKeys.lists(farmId) });
      if (moved('status') || moved('job'))
        void queryClient.invalidateQueries({ queryKey: staffKeys.count(farmId) });
    },
    onFailed: refreshStaff,
  },
);

/** Lets queued staff changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerStaffMutationDefaults(queryClient: QueryClient) {
  for (const mutation of [createStaff, updateStaff]) mutation.register(queryClient);
}

export const useCreateStaff = createStaff.useMutation;
export const useUpdateStaff = updateStaff.useMutation;

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
export const useWaitingStaff = (farmId: string) =>
  useQueued<CreateStaffVariables>(staffMutationKeys.createStaff, farmId);

export type ShownMember = Shown<StaffMember>;

/**
 * A staff member as the farmer last left them: the server's record with the queued edits laid over
 * it in order, marked as waiting, each counting one version as the server will.
 */
export function useShownMember(farmId: string): (member: StaffMember) => ShownMember {
  const edits = useQueued<UpdateStaffVariables>(staffMutationKeys.updateStaff, farmId);
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
