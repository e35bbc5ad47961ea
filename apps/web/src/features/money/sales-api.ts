import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleStock, SaleWithPayments } from '@gona/shared/finance';
import { apiFetch } from '@/lib/http';
import { moneyKeys, moneyPath, salePath } from './keys';

/** Stored harvest by crop and eggs in hand, for a sale's "Taken from" (refreshed with every money change). */
export function useSaleStock(farmId: string) {
  return useQuery({
    queryKey: [...moneyKeys.all(farmId), 'stock'],
    queryFn: () => apiFetch<SaleStock>(`${moneyPath(farmId)}/stock`),
  });
}

/** The sale as it is now on the server (after someone else changed it). */
export function fetchSale(farmId: string, saleId: string): Promise<SaleWithPayments> {
  return apiFetch<SaleWithPayments>(salePath(farmId, saleId));
}

/** Deletes a sale with its payments; needs a connection, like deleting an expense. */
export function useDeleteSale(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleId: string) => apiFetch<null>(salePath(farmId, saleId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all(farmId) }),
  });
}
