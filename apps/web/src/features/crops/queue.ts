import type { QueryClient } from '@tanstack/react-query';

/**
 * The keys of the crop records a farmer may make offline (a stage seen, a harvest weighed in the
 * field), each loading its sender (`mutations.ts`) only when a change restored after a reload is
 * sent, so the dashboard's first load does not carry it.
 */
const QUEUED_KEYS = ['record-stage', 'record-harvest'] as const;
export type QueuedCropKey = (typeof QUEUED_KEYS)[number];

/** Lets queued crop records run after a reload: call once on the app's QueryClient, before the restore. */
export function registerCropMutationDefaults(queryClient: QueryClient) {
  for (const name of QUEUED_KEYS)
    queryClient.setMutationDefaults(['crops', name], {
      scope: { id: 'crops' },
      mutationFn: async (variables: unknown) => (await import('./mutations')).sendQueued(name, variables),
    });
}
