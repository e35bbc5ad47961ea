import { useQuery } from '@tanstack/react-query';
import type { AlertCount } from '@gona/shared/inventory';
import { apiFetch } from '@/lib/http';

/**
 * The low-stock count the shell shows (the sidebar badge, the dashboard card), apart from the rest
 * of inventory's queries and changes so the first load carries only this.
 */
export const alertCountKey = (farmId: string) => ['inventory', farmId, 'alert-count'] as const;

export function useOpenAlertCount(farmId: string | null) {
  return useQuery({
    queryKey: alertCountKey(farmId ?? ''),
    queryFn: () =>
      apiFetch<AlertCount>(`/api/farms/${encodeURIComponent(farmId ?? '')}/inventory-alerts/count`),
    enabled: Boolean(farmId),
  });
}

/** The number of open low-stock alerts, for the sidebar badge; undefined until known. */
export function useOpenAlertTotal(farmId: string | null): number | undefined {
  return useOpenAlertCount(farmId).data?.open;
}
