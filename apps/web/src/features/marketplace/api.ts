import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FarmListing,
  ListingBrowsePage,
  ListingSources,
  PublicListing,
  SellerPage,
} from '@gona/shared/marketplace';
import { putRecord } from '@/lib/cache';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import {
  farmListingPath,
  farmListingRecords,
  farmListingsPath,
  marketplaceKeys,
  refreshListing,
  type BrowseFilters,
} from './keys';

/** The marketplace's reads (what buyers browse, a farm's own listings) and the listing actions that need the connection. */

const BROWSE_PAGE_SIZE = 20;

/** Listings on sale, page by page; nearest measures from the buyer's selected farm, when there is one. */
export function useBrowseListings(filters: BrowseFilters, nearFarm: string | null) {
  return useInfiniteQuery({
    queryKey: marketplaceKeys.browse(filters, nearFarm),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE), sort: filters.sort });
      if (filters.q.trim()) search.set('q', filters.q.trim());
      if (filters.category) search.set('category', filters.category);
      if (filters.state) search.set('state', filters.state);
      if (filters.sort === 'nearest' && nearFarm) search.set('near_farm', nearFarm);
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<ListingBrowsePage>(`/api/marketplace/listings?${search.toString()}`);
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function usePublicListing(listingId: string) {
  return useQuery({
    queryKey: marketplaceKeys.listing(listingId),
    queryFn: () => apiFetch<PublicListing>(`/api/marketplace/listings/${encodeURIComponent(listingId)}`),
  });
}

export function useSeller(farmId: string) {
  return useQuery({
    queryKey: marketplaceKeys.seller(farmId),
    queryFn: () => apiFetch<SellerPage>(`/api/marketplace/sellers/${encodeURIComponent(farmId)}`),
  });
}

export function useFarmListings(farmId: string) {
  return useInfiniteQuery(
    pagedQueryOptions<FarmListing>({
      queryKey: [...marketplaceKeys.farm(farmId), 'list'],
      path: farmListingsPath(farmId),
    }),
  );
}

/** One of the farm's listings as it is now (a refused change is sent again on its current version). */
export function fetchFarmListing(farmId: string, listingId: string): Promise<FarmListing> {
  return apiFetch<FarmListing>(farmListingPath(farmId, listingId));
}

export function useListingSources(farmId: string) {
  return useQuery({
    queryKey: marketplaceKeys.sources(farmId),
    queryFn: () => apiFetch<ListingSources>(`${farmListingsPath(farmId)}/sources`),
  });
}

export type ListingAction = 'publish' | 'pause' | 'resume' | 'close';

export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listing, action }: { listing: FarmListing; action: ListingAction }) =>
      apiFetch<FarmListing>(`${farmListingPath(listing.farm_id, listing.id)}/${action}`, {
        method: 'POST',
        json: { version: listing.version },
      }),
    // The answer goes into the farm's list at once; what buyers see is asked again.
    onSuccess: (listing) => putRecord(queryClient, farmListingRecords(listing.farm_id), listing),
    onSettled: (_listing, _error, { listing }) => refreshListing(queryClient, listing.farm_id, listing.id),
  });
}
