import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDispute,
  AnswerDisputeInput,
  DecideDisputeInput,
  DisputeSummary,
  OpenDisputeInput,
  Order,
} from '@gona/shared/marketplace';
import type { StoredFile } from '@gona/shared/files';
import { apiFetch } from '@/lib/http';
import { uploadPhotoTo } from '@/lib/photo-upload';
import { pagedQueryOptions } from '@/lib/paged-query';
import { orderKeys } from './keys';

/** A photo for the buyer's report on their order, sent through the order (a buyer is not of the farm). */
export function uploadDisputePhoto(
  orderId: string,
  photo: Parameters<typeof uploadPhotoTo>[1],
): Promise<StoredFile> {
  return uploadPhotoTo(`/api/marketplace/orders/${encodeURIComponent(orderId)}/dispute/photos`, photo);
}

/** The buyer reports a problem with a dispatched or delivered order. */
export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: OpenDisputeInput }) =>
      apiFetch<Order>(`/api/marketplace/orders/${encodeURIComponent(orderId)}/dispute`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The selling farm answers the buyer's problem. */
export function useAnswerDispute(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: AnswerDisputeInput }) =>
      apiFetch<Order>(
        `/api/farms/${encodeURIComponent(farmId)}/orders/${encodeURIComponent(orderId)}/dispute/answer`,
        { method: 'POST', json: input },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export const adminDisputeKeys = {
  all: ['admin', 'disputes'] as const,
  one: (id: string) => ['admin', 'disputes', id] as const,
};

export function useAdminDisputes() {
  return useInfiniteQuery({
    ...pagedQueryOptions<DisputeSummary>({ queryKey: adminDisputeKeys.all, path: '/api/admin/disputes' }),
    staleTime: 0,
  });
}

export function useAdminDispute(id: string) {
  return useQuery({
    queryKey: adminDisputeKeys.one(id),
    queryFn: () => apiFetch<AdminDispute>(`/api/admin/disputes/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

export function useDecideDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideDisputeInput) =>
      apiFetch<AdminDispute>(`/api/admin/disputes/${encodeURIComponent(id)}/decide`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminDisputeKeys.all }),
  });
}
