import {
  MutationCache,
  onlineManager,
  QueryClient,
  useIsMutating,
  type Mutation,
} from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { FIRST_LOAD, firstOr } from './first-load';
import { ApiError } from './http';
import { addAttentionItem } from './needs-attention';

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
  const mutationCache = new MutationCache({ onError: keepRefusedChange });
  mutationCache.subscribe(({ mutation }) => {
    if (mutation?.state.isPaused) queuedMutations.add(mutation);
  });
  return new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept for a day so that the last known data shows when the farmer is offline.
        gcTime: 24 * 60 * 60 * 1000,
        // Errors the server meant (404, 403, validation …) do not get better by asking again.
        retry: (failures, error) => failures < 2 && isPassing(error),
      },
      mutations: {
        // A change that met a dropped connection or a busy server is sent again a few times (1, 2,
        // 4 s apart); it pauses, and so joins the queue, if the connection goes meanwhile.
        retry: (failures, error) => failures < 3 && isPassing(error),
        retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
      },
    },
  });
}

/**
 * The shape of the answers the saved cache holds, saved with it (TanStack's `buster`). Raise it when
 * answers change shape (decision 064: quantities became decimal strings, "064"), so that no screen
 * of this release reads an answer saved by an older one.
 */
export const SAVED_CACHE_SHAPE = '064';

/**
 * A cache saved by an older release, made fit for this one: its answers go (screens ask again, and
 * until then show what an empty cache shows), its changes waiting to be sent stay. Those are inputs,
 * and the server still reads them in their old shape (a quantity as a JSON number, decision 058).
 */
export function upgradeSavedCache(saved: PersistedClient | undefined): PersistedClient | undefined {
  if (!saved || saved.buster === SAVED_CACHE_SHAPE) return saved;
  return { ...saved, buster: SAVED_CACHE_SHAPE, clientState: { ...saved.clientState, queries: [] } };
}

/** The saved query cache and queued changes, as IndexedDB holds them. */
export function readSavedCache(): Promise<PersistedClient | undefined> {
  return get<PersistedClient>(CACHE_KEY);
}

/** The query cache and the queued changes in IndexedDB, so screens show their last data offline. */
export const idbPersister: Persister = {
  persistClient: (client) => set(CACHE_KEY, client),
  // The first restore takes the read started at load (app/first-load-start.ts).
  restoreClient: async () => upgradeSavedCache(await firstOr(FIRST_LOAD.savedCache, readSavedCache)),
  removeClient: () => del(CACHE_KEY),
};

/** Queued changes are the mutations paused for want of a connection; only they are saved. */
export function isQueuedChange(mutation: { state: { isPaused: boolean } }): boolean {
  return mutation.state.isPaused;
}

/**
 * After the saved cache is restored: send the changes that were waiting (now, or when the
 * connection returns), then refresh what they touched. Does not wait, so screens show at once.
 * `save` writes the cache once they are through: the persister starts saving changes only after
 * the restore has re-rendered, and a change answered before that would otherwise stay saved as
 * waiting, to be sent again at the next start.
 */
export function resumeQueuedChanges(queryClient: QueryClient, save: () => Promise<void>): void {
  if (!queryClient.getMutationCache().getAll().some(isQueuedChange)) return;
  void queryClient
    .resumePausedMutations()
    .then(() => Promise.all([save(), queryClient.invalidateQueries()]))
    .catch(() => undefined);
}

/**
 * The server said no to the change itself (stale version, invalid, gone, not allowed): sending it
 * again as it is cannot help. A lost session (401), a timeout (408) or a busy server (429) can.
 */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

/** A failure that may pass by itself: no connection, a timeout, a busy or failing server. */
function isPassing(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.status === 0 ||
    [408, 429].includes(error.status) ||
    error.status >= 500
  );
}

/** Mutations that waited for the connection (restored ones all did); their screen is long gone. */
const queuedMutations = new WeakSet<Mutation<unknown, unknown, unknown, unknown>>();

/**
 * A queued change that failed when it was finally sent goes to the "needs your attention" list, so it
 * is never dropped silently: refused by the server, or still failing to get through after its
 * retries. A change sent while the form was open shows its error there instead. A lost session (401)
 * ends with the whole local state, as signing out does.
 */
function keepRefusedChange(
  error: unknown,
  variables: unknown,
  _context: unknown,
  mutation: Mutation<unknown, unknown, unknown, unknown>,
): void {
  const { mutationKey } = mutation.options;
  if (!queuedMutations.has(mutation) || !mutationKey) return;
  if (error instanceof ApiError && error.status === 401) return;
  const status = error instanceof ApiError ? error.status : 0;
  // The server's words when it answered; a change that never reached it is described at display.
  const message = error instanceof ApiError && error.status !== 0 ? error.message : '';
  addAttentionItem({ mutationKey, variables, status, message });
}

/**
 * Sends a refused change again as a new attempt, run by the defaults of its key like a restored
 * one. It counts as queued: refused again, it comes back to the list with the new reason.
 */
export function resendChange(
  queryClient: QueryClient,
  mutationKey: readonly unknown[],
  variables: unknown,
): void {
  const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey });
  queuedMutations.add(mutation);
  void mutation.execute(variables).catch(() => undefined);
}

/** How many changes are waiting for the connection. */
export function useQueuedChangeCount(): number {
  return useIsMutating({ predicate: isQueuedChange });
}
