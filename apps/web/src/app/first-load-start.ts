import { FIRST_LOAD, FIRST_LOAD_URLS, startFirstLoad } from '@/lib/first-load';
import { apiFetch } from '@/lib/http';
import { readSavedCache } from '@/lib/query-client';

// Imported first by main.tsx: runs before the rest of the app's code, so the session, the farms and
// the saved cache are on their way while React and the router are still being set up. None of
// these expires the session on a 401: a visitor who is signed out is their readers' business.
startFirstLoad({
  [FIRST_LOAD.session]: () => apiFetch(FIRST_LOAD_URLS.session),
  [FIRST_LOAD.me]: () => apiFetch(FIRST_LOAD_URLS.me, { expireOn401: false }),
  [FIRST_LOAD.farms]: () => apiFetch(FIRST_LOAD_URLS.farms, { expireOn401: false }),
  [FIRST_LOAD.savedCache]: readSavedCache,
});
