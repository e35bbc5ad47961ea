import type { QueryClient } from '@tanstack/react-query';
import type { SupportReplyInput, SupportRequest } from '@gona/shared/support';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation, useQueued } from '@/lib/offline';
import { refreshSupportLists, supportKeys, supportMutationKeys, supportPaths } from './keys';

/**
 * A reply in a request's thread may wait for the connection: written offline, it is kept on the
 * phone (across a reload) and sent once when the connection is back, under the id it was made
 * with, so the server keeps it once however often it is sent.
 */

/** `farmId`: the farm selected when it was written (what the phone's queue is kept by). */
export type SupportReplyVariables = SupportReplyInput & { farmId: string; requestId: string };

const reply = defineQueuedMutation(
  supportMutationKeys.reply,
  ({ farmId: _farmId, requestId, ...input }: SupportReplyVariables) =>
    apiFetch<SupportRequest>(supportPaths.messages(requestId), { method: 'POST', json: input }),
  {
    onSent: (queryClient: QueryClient, request: SupportRequest) =>
      queryClient.setQueryData(supportKeys.detail(request.id), request),
    onSettled: (queryClient: QueryClient) => void refreshSupportLists(queryClient),
  },
);

/** Lets a queued reply run after a reload: call once on the app's QueryClient, before the restore. */
export function registerSupportMutationDefaults(queryClient: QueryClient) {
  reply.register(queryClient);
}

export const useReplyToSupport = reply.useMutation;

/** The replies to one request still waiting on this phone, oldest first. */
export function useWaitingReplies(farmId: string, requestId: string): SupportReplyVariables[] {
  return useQueued<SupportReplyVariables>(supportMutationKeys.reply, farmId).filter(
    (variables) => variables.requestId === requestId,
  );
}
