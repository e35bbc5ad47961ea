import type { QueryClient } from '@tanstack/react-query';
import type { ListingCategory, ListingSort } from '@gona/shared/marketplace';
import type { RecordKeys } from '@/lib/cache';

/**
 * The marketplace's queries: what buyers browse (no farm needed) and a farm's own listings. Every
 * query starts with ['marketplace'], so a listing saved or published refreshes what shows it.
 */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  browse: (filters: BrowseFilters, nearFarm: string | null) =>
    ['marketplace', 'browse', filters, nearFarm] as const,
  listing: (listingId: string) => ['marketplace', 'listing', listingId] as const,
  seller: (farmId: string) => ['marketplace', 'seller', farmId] as const,
  farm: (farmId: string) => ['marketplace', 'farm', farmId] as const,
  sources: (farmId: string) => ['marketplace', 'farm', farmId, 'sources'] as const,
};

export type BrowseFilters = {
  q: string;
  category: ListingCategory | '';
  state: string;
  sort: ListingSort;
};

/**
 * Marketplace orders: a buyer's own (no farm needed) and a selling farm's. Keys start with
 * ['marketplace', 'orders'] so a decision or a payment refreshes every list that shows the order,
 * and ['marketplace'] as a whole so a listing's quantity is read again too.
 */
export const orderKeys = {
  all: ['marketplace', 'orders'] as const,
  mine: ['marketplace', 'orders', 'mine'] as const,
  one: (orderId: string) => ['marketplace', 'orders', 'one', orderId] as const,
  farm: (farmId: string) => ['marketplace', 'orders', 'farm', farmId] as const,
};

/** Where a farm's marketplace money goes: its payout account and each completed order's payout. */
export const payoutKeys = {
  all: ['marketplace', 'payouts'] as const,
  banks: ['marketplace', 'payouts', 'banks'] as const,
  account: (farmId: string) => ['marketplace', 'payouts', 'account', farmId] as const,
  resolve: (farmId: string, bankCode: string, accountNumber: string) =>
    ['marketplace', 'payouts', 'resolve', farmId, bankCode, accountNumber] as const,
  lists: (farmId: string) => ['marketplace', 'payouts', 'list', farmId] as const,
  list: (farmId: string, limit: number) => ['marketplace', 'payouts', 'list', farmId, limit] as const,
};

/** Where a farm's own listings sit in the cache, for the cache writers of `lib/cache.ts`. */
export const farmListingRecords = (farmId: string): RecordKeys => ({
  detail: (listingId) => [...marketplaceKeys.farm(farmId), 'listing', listingId],
  lists: [...marketplaceKeys.farm(farmId), 'list'],
});

/** After a listing changes: the farm's listings, the public listing, the seller page and the browse pages. */
export function refreshListing(queryClient: QueryClient, farmId: string, listingId: string) {
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.farm(farmId) });
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.listing(listingId) });
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.seller(farmId) });
  void queryClient.invalidateQueries({ queryKey: ['marketplace', 'browse'] });
}

/**
 * Saving a listing may wait for the connection (`mutations.ts`); a draft stays a draft until it is
 * published, which needs the connection.
 */
export const listingMutationKeys = {
  createListing: ['listings', 'create-listing'],
  updateListing: ['listings', 'update-listing'],
} as const satisfies Record<string, readonly [string, string]>;

export const farmListingsPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/listings`;
export const farmListingPath = (farmId: string, listingId: string) =>
  `${farmListingsPath(farmId)}/${encodeURIComponent(listingId)}`;
