import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateInput, Rating } from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';

/**
 * Rating the other side of a completed order: the buyer rates the seller, the farm (owners and
 * managers) the buyer. Once sent, the orders and the seller's summaries are read again.
 */
export function useRateOrder(side: 'buyer' | 'seller', farmId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RateInput }) =>
      apiFetch<Rating>(
        side === 'buyer'
          ? `/api/marketplace/orders/${encodeURIComponent(orderId)}/rating`
          : `/api/farms/${encodeURIComponent(farmId ?? '')}/orders/${encodeURIComponent(orderId)}/rating`,
        { method: 'POST', json: input },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  });
}
