import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportRequestInput, SupportRequest, SupportRequestSummary } from '@gona/shared/support';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { refreshSupportLists, supportKeys, supportPaths } from './keys';

/**
 * Support answers on its side: opening or reloading a request's screen (from the notification),
 * or coming back to the tab, asks the server again instead of trusting a copy read moments ago.
 * The copy still shows at once, and without a connection.
 */
const FRESH = { staleTime: 0 } as const;

/** The person's requests, newest first. */
export function useMySupportRequests() {
  return useInfiniteQuery({
    ...pagedQueryOptions<SupportRequestSummary>({ queryKey: supportKeys.lists, path: supportPaths.requests }),
    ...FRESH,
  });
}

/** One of the person's requests with its thread. */
export function useSupportRequest(requestId: string) {
  return useQuery({
    queryKey: supportKeys.detail(requestId),
    queryFn: () => apiFetch<SupportRequest>(supportPaths.request(requestId)),
    ...FRESH,
  });
}

/** Sends a new request (it needs the connection: photos go up first, then the words). */
export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSupportRequestInput) =>
      apiFetch<SupportRequest>(supportPaths.requests, { method: 'POST', json: input }),
    onSuccess: (request) => {
      queryClient.setQueryData(supportKeys.detail(request.id), request);
      return refreshSupportLists(queryClient);
    },
  });
}
