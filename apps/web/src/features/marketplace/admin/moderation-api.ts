import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminListing,
  AdminUser,
  HideListingInput,
  SuspendSellingInput,
} from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';

/** Which listings the back office lists: all, only those hidden by Gona, or only those shown. */
export type HiddenFilter = '' | 'true' | 'false';

/** The back office's moderation: listings (hide, show again) and people (stop selling, restore). Always read fresh. */
export const moderationKeys = {
  listings: ['admin', 'listings'] as const,
  listingSearch: (q: string, hidden: HiddenFilter) => ['admin', 'listings', q, hidden] as const,
  users: ['admin', 'users'] as const,
  userSearch: (q: string) => ['admin', 'users', q] as const,
};

/** Listings matching `q` (a title or farm name; empty: every listing), newest first. */
export function useAdminListings(q: string, hidden: HiddenFilter) {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminListing>({
      queryKey: moderationKeys.listingSearch(q, hidden),
      path: '/api/admin/listings',
      params: { q, hidden },
    }),
    staleTime: 0,
  });
}

export function useHideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, input }: { listingId: string; input: HideListingInput }) =>
      apiFetch<AdminListing>(`/api/admin/listings/${encodeURIComponent(listingId)}/hide`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.listings }),
  });
}

export function useUnhideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) =>
      apiFetch<AdminListing>(`/api/admin/listings/${encodeURIComponent(listingId)}/unhide`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.listings }),
  });
}

/** People matching `q` (an email or its start, a phone number, part of a name; empty: everyone), newest first. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminUser>({
      queryKey: moderationKeys.userSearch(q),
      path: '/api/admin/users',
      params: { q },
    }),
    staleTime: 0,
  });
}

/** Stopping or restoring a person also changes whether their farms' listings show: both lists read again. */
export function useSuspendSelling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: SuspendSellingInput }) =>
      apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/suspend-selling`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => invalidatePeople(queryClient),
  });
}

export function useRestoreSelling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/restore-selling`, {
        method: 'POST',
      }),
    onSettled: () => invalidatePeople(queryClient),
  });
}

function invalidatePeople(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moderationKeys.users }),
    queryClient.invalidateQueries({ queryKey: moderationKeys.listings }),
  ]);
}
