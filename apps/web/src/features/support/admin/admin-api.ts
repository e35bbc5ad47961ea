import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSupportReplyInput,
  AdminSupportRequest,
  AdminSupportSummary,
  AdminSupportUpdateInput,
  SavedReply,
  SavedReplyInput,
} from '@gona/shared/support';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { adminSupportKeys, supportPaths } from '../keys';

/** The back office's support desk: always read fresh, changes need the connection. */

export type QueueFilters = {
  topic?: string;
  state?: string;
  waiting_for_support?: string;
  mine?: string;
  q?: string;
};

export function useSupportQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminSupportSummary>({
      queryKey: adminSupportKeys.queue(filters),
      path: supportPaths.adminRequests,
      params: filters,
    }),
    staleTime: 0,
  });
}

export function useAdminSupportRequest(requestId: string) {
  return useQuery({
    queryKey: adminSupportKeys.detail(requestId),
    queryFn: () => apiFetch<AdminSupportRequest>(supportPaths.adminRequest(requestId)),
    staleTime: 0,
  });
}

/** After a change the request's answer is the screen's; the queue reads again. */
function usePutRequest() {
  const queryClient = useQueryClient();
  return (request: AdminSupportRequest) => {
    queryClient.setQueryData(adminSupportKeys.detail(request.id), request);
    return queryClient.invalidateQueries({ queryKey: [...adminSupportKeys.all, 'queue'] });
  };
}

export function useSupportAnswer(requestId: string) {
  const put = usePutRequest();
  return useMutation({
    mutationFn: (input: AdminSupportReplyInput) =>
      apiFetch<AdminSupportRequest>(supportPaths.adminMessages(requestId), { method: 'POST', json: input }),
    onSuccess: put,
  });
}

export function useUpdateSupportRequest(requestId: string) {
  const put = usePutRequest();
  return useMutation({
    mutationFn: (input: AdminSupportUpdateInput) =>
      apiFetch<AdminSupportRequest>(supportPaths.adminRequest(requestId), { method: 'PATCH', json: input }),
    onSuccess: put,
  });
}

export function useSavedReplies() {
  return useQuery({
    queryKey: adminSupportKeys.savedReplies,
    queryFn: () => apiFetch<{ items: SavedReply[] }>(supportPaths.savedReplies),
  });
}

export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedReplyInput) =>
      apiFetch<SavedReply>(supportPaths.savedReplies, { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.savedReplies }),
  });
}
