import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@gona/shared/dashboard';
import { apiFetch } from '@/lib/http';
import { dashboardKeys, dashboardPath } from './keys';

/**
 * Every card of /dashboard in one request; kept with the saved cache, so the phone shows the last
 * copy offline. Asked again each time the dashboard opens (a task ticked a moment ago counts).
 */
export function useDashboard(farmId: string) {
  return useQuery({
    queryKey: dashboardKeys.farm(farmId),
    queryFn: () => apiFetch<Dashboard>(dashboardPath(farmId)),
    staleTime: 0,
  });
}
