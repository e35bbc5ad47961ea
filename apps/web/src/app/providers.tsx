import { useState, type ReactNode } from 'react';
import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { pruneWaitingPhotos } from '@/lib/photo-store';
import {
  createQueryClient,
  idbPersister,
  isQueuedChange,
  PERSIST_MAX_AGE_MS,
  resumeQueuedChanges,
  SAVED_CACHE_SHAPE,
} from '@/lib/query-client';

/**
 * Server state, with the query cache and the changes waiting for a connection kept in IndexedDB:
 * the last data shows offline, and a change queued before a reload is sent once the app is back.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [persister] = useState(() => persisterFor(queryClient));
  const dehydrateOptions = {
    // The session is always asked afresh; only successful data is worth keeping.
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist !== false,
    shouldDehydrateMutation: isQueuedChange,
  };
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: PERSIST_MAX_AGE_MS, buster: SAVED_CACHE_SHAPE, dehydrateOptions }}
      onSuccess={() => {
        resumeQueuedChanges(queryClient, () =>
          persistQueryClientSave({ queryClient, persister, buster: SAVED_CACHE_SHAPE, dehydrateOptions }),
        );
        void pruneWaitingPhotos(PERSIST_MAX_AGE_MS).catch(() => undefined);
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}

/**
 * The saved cache, restored only once the app knows how to send each change waiting in it: the
 * features' queued mutations (and what they load: inventory's stock rules, the photo uploader) are
 * downloaded then, not with every first load. A change made in this visit brings its own.
 */
function persisterFor(queryClient: QueryClient): Persister {
  return {
    ...idbPersister,
    restoreClient: async () => {
      const saved = await idbPersister.restoreClient();
      if (saved?.clientState.mutations.length) await registerQueuedMutations(queryClient);
      return saved;
    },
  };
}

/**
 * Every feature's queued mutations (its `mutations.ts`), each loaded only when a saved change may
 * need it. A feature with changes that can wait for the connection adds its line here; the offline
 * test (`queued-mutations.test.tsx`) then replays each key it registers, with no edit of its own.
 */
const QUEUED_MUTATIONS: readonly (() => Promise<(queryClient: QueryClient) => void>)[] = [
  () => import('@/features/inventory/mutations').then((m) => m.registerInventoryMutationDefaults),
  () => import('@/features/staff/mutations').then((m) => m.registerStaffMutationDefaults),
  () => import('@/features/livestock/mutations').then((m) => m.registerLivestockMutationDefaults),
  () => import('@/features/tasks/mutations').then((m) => m.registerTaskMutationDefaults),
  () => import('@/features/crops/mutations').then((m) => m.registerCropMutationDefaults),
  () => import('@/features/money/mutations').then((m) => m.registerMoneyMutationDefaults),
  () => import('@/features/marketplace/mutations').then((m) => m.registerListingMutationDefaults),
  () => import('@/features/support/mutations').then((m) => m.registerSupportMutationDefaults),
];

/** Teaches the client how to run every mutation that can be queued (before the restore). */
export async function registerQueuedMutations(queryClient: QueryClient): Promise<void> {
  const registers = await Promise.all(QUEUED_MUTATIONS.map((load) => load()));
  for (const register of registers) register(queryClient);
}
