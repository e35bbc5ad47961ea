import { QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { ApiError } from './http';

const CACHE_KEY = 'gona.query-cache';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept for a day so that the last known data shows when the farmer is offline.
        gcTime: 24 * 60 * 60 * 1000,
        // Errors the server meant (404, 403, validation …) do not get better by asking again.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
}

/** The query cache in IndexedDB, so screens show their last data offline. */
export const idbPersister: Persister = {
  persistClient: (client) => set(CACHE_KEY, client),
  restoreClient: () => get(CACHE_KEY),
  removeClient: () => del(CACHE_KEY),
};
