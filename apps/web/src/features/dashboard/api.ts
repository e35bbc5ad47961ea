import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@gona/shared/dashboard';
import { FIRST_LOAD, firstOr } from '@/lib/first-load';
import { apiFetch } from '@/lib/http';
import { dashboardKeys, dashboardPath } from './keys';

/**
 * Every card of /dashboard in one request; kept with the saved cache, so the phone shows the last
 * copy offline. Asked again each time the dashboard opens (a task ticked a moment ago counts).
 */
export function useDashboard(farmId: string) {
  return useQuery({
    queryKey: dashboardKeys.farm(farmId),
    queryFn: () => readDashboard(farmId),
    staleTime: 0,
  });
}

/** The dashboard asked for at load (app/first-load-start.ts), with the farm it is for. */
export type FirstDashboard = { farmId: string; dashboard: Dashboard } | null;

/** The answer asked for at load when it is this farm's, else a request of its own. */
async function readDashboard(farmId: string): Promise<Dashboard> {
  const first = await firstOr<FirstDashboard>(FIRST_LOAD.dashboard, () => Promise.resolve(null));
  return first?.farmId === farmId ? first.dashboard : apiFetch<Dashboard>(dashboardPath(farmId));
}
