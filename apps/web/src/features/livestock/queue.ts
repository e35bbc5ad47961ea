import type { QueryClient } from '@tanstack/react-query';

/**
 * What the first load carries of livestock's offline queue: the keys of its queued changes, each
 * with a function that loads the sender (`mutations.ts`) when a change restored after a reload is
 * sent, so the dashboard's first load does not download it. A screen's own mutation brings the
 * full options (the cache updates); a restored change is followed by a refresh of every query.
 */
const QUEUED_KEYS = [
  'create-livestock',
  'update-livestock',
  'record-health',
  'record-growth',
  'record-event',
  'record-production',
] as const;
export type QueuedLivestockKey = (typeof QUEUED_KEYS)[number];

/** Lets queued livestock changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerLivestockMutationDefaults(queryClient: QueryClient) {
  for (const name of QUEUED_KEYS)
    queryClient.setMutationDefaults(['livestock', name], {
      scope: { id: 'livestock' },
      mutationFn: async (variables: unknown) => (await import('./mutations')).sendQueued(name, variables),
    });
}
