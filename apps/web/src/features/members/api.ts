import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Farm } from '@gona/shared/farms';
import type {
  ChangeMemberRoleInput,
  Invitation,
  InvitationPreview,
  InviteMemberInput,
  Member,
  TransferOwnershipInput,
} from '@gona/shared/members';
import { useErrorText } from '@/lib/error-text';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { farmPath, memberKeys } from './keys';

/**
 * Others change these lists (an invitation is accepted on the invited person's phone), so each
 * visit asks again, showing the saved copy meanwhile.
 */
const FRESH_ON_EACH_VISIT = { staleTime: 0 };

/** `enabled: false` for a role that may not see the members (the server would refuse it). */
export function useMembers(farmId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...pagedQueryOptions<Member>({
      queryKey: memberKeys.members(farmId),
      path: `${farmPath(farmId)}/members`,
    }),
    ...FRESH_ON_EACH_VISIT,
    enabled,
  });
}

export function useInvitations(farmId: string) {
  return useInfiniteQuery({
    ...pagedQueryOptions<Invitation>({
      queryKey: memberKeys.invitations(farmId),
      path: `${farmPath(farmId)}/invitations`,
    }),
    ...FRESH_ON_EACH_VISIT,
  });
}

/** A change to the farm's members or invitations, refreshing both lists once it is saved. */
function useMembersChange<I, O>(farmId: string, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(farmId) }),
  });
}

export function useInvite(farmId: string) {
  return useMembersChange(farmId, (input: InviteMemberInput) =>
    apiFetch<Invitation>(`${farmPath(farmId)}/invitations`, { method: 'POST', json: input }),
  );
}

export function useInvitationAction(farmId: string) {
  return useMembersChange(farmId, ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
    apiFetch<Invitation>(`${farmPath(farmId)}/invitations/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
    }),
  );
}

export function useChangeRole(farmId: string) {
  return useMembersChange(farmId, ({ userId, ...input }: ChangeMemberRoleInput & { userId: string }) =>
    apiFetch<Member>(`${farmPath(farmId)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      json: input,
    }),
  );
}

export function useRemoveMember(farmId: string) {
  return useMembersChange(farmId, (userId: string) =>
    apiFetch<void>(`${farmPath(farmId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );
}

export function useTransferOwnership(farmId: string) {
  return useMembersChange(farmId, (input: TransferOwnershipInput) =>
    apiFetch<Farm>(`${farmPath(farmId)}/transfer-ownership`, { method: 'POST', json: input }),
  );
}

export function leaveFarm(farmId: string): Promise<void> {
  return apiFetch<void>(`${farmPath(farmId)}/leave`, { method: 'POST' });
}

/** What an invitation link is about; anyone holding the link may ask. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: memberKeys.invitation(token),
    queryFn: () =>
      apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { expireOn401: false }),
    meta: { persist: false },
  });
}

/**
 * Joining a farm from an invitation (by the link's secret, or by id from one's own list): which one
 * is under way, and what went wrong in words; `onJoined` gets the farm.
 */
export function useJoin(onJoined: (farm: Farm) => Promise<void> | void, failed: (message: string) => string) {
  const errorText = useErrorText();
  const [joining, setJoining] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const join = async (invitation: { token: string } | { id: string }) => {
    setJoining('token' in invitation ? invitation.token : invitation.id);
    setProblem(null);
    try {
      const farm = await ('token' in invitation
        ? apiFetch<Farm>('/api/invitations/accept', { method: 'POST', json: { token: invitation.token } })
        : apiFetch<Farm>(`/api/invitations/${encodeURIComponent(invitation.id)}/accept`, { method: 'POST' }));
      await onJoined(farm);
    } catch (error) {
      setProblem(failed(errorText(error)));
      setJoining(null);
    }
  };
  return { join, joining, problem };
}

/** Open invitations to the signed-in person's address. */
export function useMyInvitations() {
  return useQuery({
    queryKey: memberKeys.mine,
    queryFn: () => apiFetch<{ items: InvitationPreview[] }>('/api/invitations'),
    meta: { persist: false },
  });
}
