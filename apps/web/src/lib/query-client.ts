import { onlineManager, QueryClient, useIsMutating } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { ApiError } from './http';

const CACHE_KEY = 'gona.query-cache';

/**
 * How long the saved cache, with the changes still waiting to be sent, survives a closed app:
 * long enough for a farmer who is offline over a long weekend to lose nothing.
 */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  // React Query assumes a connection until an offline event; a reload without one must not try to
  // send the restored queue, fail, and drop it.
  onlineManager.setOnline(navigator.onLine);
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

/** The query cache and the queued changes in IndexedDB, so screens show their last data offline. */
export const idbPersister: Persister = {
  persistClient: (client) => set(CACHE_KEY, client),
  restoreClient: () => get(CACHE_KEY),
  removeClient: () => del(CACHE_KEY),
};

/** Queued changes are the mutations paused for want of a connection; only they are saved. */
export function isQueuedChange(mutation: { state: { isPaused: boolean } }): boolean {
  return mutation.state.isPaused;
}

/**
 * After the saved cache is restored: send the changes that were waiting (now, or when the
 * connection returns), then refresh what they touched. Does not wait, so screens show at once.
 */
export function resumeQueuedChanges(queryClient: QueryClient): void {
  if (!queryClient.getMutationCache().getAll().some(isQueuedChange)) return;
  void queryClient.resumePausedMutations().then(() => queryClient.invalidateQueries());
}

/** How many changes are waiting for the connection. */
export function useQueuedChangeCount(): number {
  return useIsMutating({ predicate: isQueuedChange });
}
