import { useState, type ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { registerInventoryMutationDefaults } from '@/features/inventory/api';
import { registerLivestockMutationDefaults } from '@/features/livestock/queue';
import { registerStaffMutationDefaults } from '@/features/staff/mutations';
import { registerTaskMutationDefaults } from '@/features/tasks/mutations';
import { pruneWaitingPhotos } from '@/lib/photo-store';
import {
  createQueryClient,
  idbPersister,
  isQueuedChange,
  PERSIST_MAX_AGE_MS,
  resumeQueuedChanges,
} from '@/lib/query-client';

/**
 * Server state, with the query cache and the changes waiting for a connection kept in IndexedDB:
 * the last data shows offline, and a change queued before a reload is sent once the app is back.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: idbPersister,
        maxAge: PERSIST_MAX_AGE_MS,
        dehydrateOptions: {
          // The session is always asked afresh; only successful data is worth keeping.
          shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
          shouldDehydrateMutation: isQueuedChange,
        },
      }}
      onSuccess={() => {
        resumeQueuedChanges(queryClient);
        void pruneWaitingPhotos(PERSIST_MAX_AGE_MS).catch(() => undefined);
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}

/** The app's client, knowing how to run every mutation that can be queued (before the restore). */
export function createAppQueryClient() {
  const queryClient = createQueryClient();
  registerInventoryMutationDefaults(queryClient);
  registerStaffMutationDefaults(queryClient);
  registerLivestockMutationDefaults(queryClient);
  registerTaskMutationDefaults(queryClient);
  return queryClient;
}
