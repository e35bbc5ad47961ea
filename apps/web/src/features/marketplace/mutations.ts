import type { QueryClient } from '@tanstack/react-query';
import type { CreateListing, FarmListing, UpdateListing } from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';

/**
 * Saving a listing may wait for the connection (a farmer writes it in the field, with photos):
 * a draft stays a draft until it is published, which needs the connection. Loaded with the
 * marketplace screens, or by the app when a saved change is restored after a reload.
 */

export const listingMutationKeys = {
  createListing: ['listings', 'create-listing'],
  updateListing: ['listings', 'update-listing'],
} as const satisfies Record<string, readonly [string, string]>;

export type CreateListingVariables = CreateListing & { id: string; farmId: string };
/** `listingTitle` names the listing if the change is refused. */
export type UpdateListingVariables = UpdateListing & {
  farmId: string;
  listingId: string;
  listingTitle: string;
};

export const farmListingsPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/listings`;
export const farmListingPath = (farmId: string, listingId: string) =>
  `${farmListingsPath(farmId)}/${encodeURIComponent(listingId)}`;

/** Every marketplace query starts with ['marketplace']: a saved listing refreshes what shows it. */
const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: ['marketplace'] });

const createListing = defineQueuedMutation(
  listingMutationKeys.createListing,
  async ({ farmId, ...input }: CreateListingVariables) =>
    apiFetch<FarmListing>(farmListingsPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  { onSettled: refresh },
);

const updateListing = defineQueuedMutation(
  listingMutationKeys.updateListing,
  async ({ farmId, listingId, listingTitle: _title, ...input }: UpdateListingVariables) =>
    apiFetch<FarmListing>(farmListingPath(farmId, listingId), {
      method: 'PATCH',
      json: {
        ...input,
        ...(input.photo_ids ? { photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) } : {}),
      },
    }),
  { onSettled: refresh },
);

/** Lets queued listing changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerListingMutationDefaults(queryClient: QueryClient) {
  createListing.register(queryClient);
  updateListing.register(queryClient);
}

export const useCreateListing = createListing.useMutation;
export const useUpdateListing = updateListing.useMutation;
