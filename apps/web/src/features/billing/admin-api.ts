import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSubscription, AdminSubscriptionSummary, GrantPro } from '@gona/shared/billing';
import { PAGE_SIZE, type Page } from '@gona/shared/page-size';
import { apiFetch } from '@/lib/http';
import {
  ADMIN_SUBSCRIPTIONS,
  adminSubscriptionPath,
  billingKeys,
  type AdminSubscriptionFilters,
} from './keys';

/**
 * The back office's subscriptions by farm (a farm's name or owner's email, a state), always read
 * fresh; each row keyed by its farm (`id`), as the back office's lists key their rows.
 */
export function useAdminSubscriptions(filters: AdminSubscriptionFilters) {
  return useInfiniteQuery({
    queryKey: billingKeys.adminList(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (filters.q) search.set('q', filters.q);
      if (filters.state) search.set('state', filters.state);
      if (pageParam) search.set('cursor', pageParam);
      const page = await apiFetch<Page<AdminSubscriptionSummary>>(
        `${ADMIN_SUBSCRIPTIONS}?${search.toString()}`,
      );
      return { ...page, items: page.items.map((row) => ({ ...row, id: row.farm_id })) };
    },
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

/** One farm's subscription with its payments, grants and any checkout left open. */
export function useAdminSubscription(farmId: string) {
  return useQuery({
    queryKey: billingKeys.adminOne(farmId),
    queryFn: () => apiFetch<AdminSubscription>(adminSubscriptionPath(farmId)),
    staleTime: 0,
  });
}

/** Support grants or extends Pro to a day, with its reason (audited); the lists are read again. */
export function useGrantPro(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantPro) =>
      apiFetch<AdminSubscription>(`${adminSubscriptionPath(farmId)}/grant`, { method: 'POST', json: input }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.adminOne(farmId), subscription);
      void queryClient.invalidateQueries({ queryKey: billingKeys.admin });
    },
  });
}
