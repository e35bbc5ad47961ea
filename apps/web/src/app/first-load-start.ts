import type { Dashboard } from '@gona/shared/dashboard';
import type { FarmSummary } from '@gona/shared/farms';
import type { FirstDashboard } from '@/features/dashboard/api';
import { dashboardPath } from '@/features/dashboard/keys';
import { decideSelection } from '@/features/farms/selection';
import { FIRST_LOAD, FIRST_LOAD_URLS, startFirstLoad } from '@/lib/first-load';
import { apiFetch } from '@/lib/http';
import { paths } from '@/lib/paths';
import { readSavedCache } from '@/lib/query-client';
import { readSelectedFarmId } from '@/lib/storage';

// Imported first by main.tsx: runs before the rest of the app's code, so the session, the farms and
// the saved cache are on their way while React and the router are still being set up, and on
// /dashboard its cards as soon as the farms answer. None of these expires the session on a 401: a
// visitor who is signed out is their readers' business.
const farms = apiFetch<{ items: FarmSummary[] }>(FIRST_LOAD_URLS.farms, { expireOn401: false });
startFirstLoad({
  [FIRST_LOAD.session]: () => apiFetch(FIRST_LOAD_URLS.session),
  [FIRST_LOAD.me]: () => apiFetch(FIRST_LOAD_URLS.me, { expireOn401: false }),
  [FIRST_LOAD.farms]: () => farms,
  [FIRST_LOAD.savedCache]: readSavedCache,
  ...(window.location.pathname === paths.dashboard
    ? { [FIRST_LOAD.dashboard]: () => startFirstDashboard(farms) }
    : {}),
});

/**
 * The cards' request as soon as the farm list answers, for the farm the switcher will open (the same
 * rule, `decideSelection`), instead of after the app's code has run and drawn the shell (about
 * 1.6 s later on the emulated cheap phone); `useDashboard` takes it when it is for that farm.
 */
async function startFirstDashboard(list: Promise<{ items: FarmSummary[] }>): Promise<FirstDashboard> {
  const decision = decideSelection((await list).items, readSelectedFarmId(), 'load');
  if (decision.type !== 'select') return null;
  const path = dashboardPath(decision.farmId);
  return { farmId: decision.farmId, dashboard: await apiFetch<Dashboard>(path, { expireOn401: false }) };
}
