import type { QueryClient } from '@tanstack/react-query';
import type { CreateListing, FarmListing, UpdateListing } from '@gona/shared/marketplace';
import { putRecord } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { defineQueuedMutation } from '@/lib/offline';
import { sendWaitingPhotos } from '@/lib/photo-upload';
import {
  farmListingPath,
  farmListingRecords,
  farmListingsPath,
  listingMutationKeys,
  refreshListing,
} from './keys';

/**
 * Saving a listing may wait for the connection (a farmer writes it in the field, with photos):
 * a draft stays a draft until it is published, which needs the connection. Loaded with the
 * marketplace screens, or by the app when a saved change is restored after a reload.
 */

export type CreateListingVariables = CreateListing & { id: string; farmId: string };
/** `listingTitle` names the listing if the change is refused. */
export type UpdateListingVariables = UpdateListing & {
  farmId: string;
  listingId: string;
  listingTitle: string;
};

/**
 * A saved listing's answer goes into the farm's list at once; the farm's listings, the public
 * listing and the browse pages that may show it are asked again (not the orders or payouts).
 */
const putListing = {
  onSent: (queryClient: QueryClient, listing: FarmListing, { farmId }: { farmId: string }) =>
    putRecord(queryClient, farmListingRecords(farmId), listing),
  onSettled: (queryClient: QueryClient, variables: { farmId: string; id?: string; listingId?: string }) =>
    refreshListing(queryClient, variables.farmId, variables.listingId ?? variables.id ?? ''),
};

const createListing = defineQueuedMutation(
  listingMutationKeys.createListing,
  async ({ farmId, ...input }: CreateListingVariables) =>
    apiFetch<FarmListing>(farmListingsPath(farmId), {
      method: 'POST',
      json: { ...input, photo_ids: await sendWaitingPhotos(farmId, input.photo_ids) },
    }),
  putListing,
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
  putListing,
);

/** Lets queued listing changes run after a reload: call once on the app's QueryClient, before the restore. */
export function registerListingMutationDefaults(queryClient: QueryClient) {
  createListing.register(queryClient);
  updateListing.register(queryClient);
}

export const useCreateListing = createListing.useMutation;
export const useUpdateListing = updateListing.useMutation;
