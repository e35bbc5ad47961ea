import type { QueryClient } from '@tanstack/react-query';

/**
 * Support requests are the person's, not a farm's: keys start with 'support' alone, so one
 * invalidation refreshes the person's requests whichever farm is selected.
 */
export const supportKeys = {
  all: ['support'] as const,
  lists: ['support', 'list'] as const,
  detail: (requestId: string) => ['support', 'one', requestId] as const,
};

/** Gona's back office: read fresh, never kept for offline. */
export const adminSupportKeys = {
  all: ['admin', 'support'] as const,
  queue: (filters: Record<string, string | undefined>) => ['admin', 'support', 'queue', filters] as const,
  detail: (requestId: string) => ['admin', 'support', 'one', requestId] as const,
  savedReplies: ['admin', 'support', 'saved-replies'] as const,
};

export const supportMutationKeys = {
  /** A reply in a request's thread, which may wait for the connection. */
  reply: ['support', 'reply'] as const,
};

export const supportPaths = {
  requests: '/api/support/requests',
  request: (requestId: string) => `/api/support/requests/${encodeURIComponent(requestId)}`,
  messages: (requestId: string) => `/api/support/requests/${encodeURIComponent(requestId)}/messages`,
  adminRequests: '/api/admin/support/requests',
  adminRequest: (requestId: string) => `/api/admin/support/requests/${encodeURIComponent(requestId)}`,
  adminMessages: (requestId: string) =>
    `/api/admin/support/requests/${encodeURIComponent(requestId)}/messages`,
  savedReplies: '/api/admin/support/saved-replies',
};

/** After a request changed: its list reads again (its state and order may have moved). */
export function refreshSupportLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: supportKeys.lists });
}
