import { useQuery } from '@tanstack/react-query';
import type { Climate } from '@gona/shared/climate';
import { apiFetch } from '@/lib/http';

/** The farm's weather and warnings, as the server last fetched them (refreshed every 3 hours). */
export function useClimate(farmId: string) {
  return useQuery({
    queryKey: ['climate', farmId],
    queryFn: () => apiFetch<Climate>(`/api/farms/${encodeURIComponent(farmId)}/climate`),
    // A forecast is good for a while (the server refreshes every 3 hours); anything short of one
    // (no point yet, the first fetch on its way) is asked again on every look, and while waiting,
    // every 15 seconds.
    staleTime: (query) => (query.state.data?.status === 'ready' ? 10 * 60 * 1000 : 0),
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? 15_000 : false),
  });
}
