import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrder,
  AdminOrderSummary,
  AdminPayment,
  AdminPayout,
  AdminPayoutFilter,
} from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';

/** The back office's payouts (failed, held) and orders (search, one order). Always read fresh. */
export const adminKeys = {
  payouts: ['admin', 'payouts'] as const,
  payoutList: (status: AdminPayoutFilter) => ['admin', 'payouts', status] as const,
  orders: ['admin', 'orders'] as const,
  orderSearch: (q: string) => ['admin', 'orders', 'search', q] as const,
  order: (id: string) => ['admin', 'orders', 'one', id] as const,
  payments: ['admin', 'payments'] as const,
};

/** Payments that paid for nothing and need staff: a refund that failed or was refused, a charge of no order. */
export function useAdminPayments() {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminPayment>({
      queryKey: adminKeys.payments,
      path: '/api/admin/payments',
      params: { status: 'attention' },
    }),
    staleTime: 0,
  });
}

/** Refunds one through Paystack (once however often it is tapped); the lists and orders read again after. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiFetch<AdminPayment>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payments }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
      ]),
  });
}

export function useAdminPayouts(status: AdminPayoutFilter) {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminPayout>({
      queryKey: adminKeys.payoutList(status),
      path: '/api/admin/payouts',
      params: { status },
    }),
    staleTime: 0,
  });
}

/** Sends a failed payout again (it goes in the next payout run); the lists and orders read again after. */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payoutId: string) =>
      apiFetch<AdminPayout>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/retry`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payouts }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
      ]),
  });
}

/** Orders matching `q` (empty: every order), newest first. */
export function useAdminOrders(q: string) {
  return useInfiniteQuery({
    ...pagedQueryOptions<AdminOrderSummary>({
      queryKey: adminKeys.orderSearch(q),
      path: '/api/admin/orders',
      params: { q },
    }),
    staleTime: 0,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.order(id),
    queryFn: () => apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}
