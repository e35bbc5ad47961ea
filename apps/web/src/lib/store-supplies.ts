import { useQuery } from '@tanstack/react-query';
import type { Supply, SupplyCategory } from '@gona/shared/inventory';
import { MAX_PAGE_SIZE, type Page } from '@gona/shared/page-size';
import { apiFetch } from '@/lib/http';

/**
 * The farm's supplies (of one category, or all) for a picker in a record's form: feed for a flock,
 * a drug for a treatment, seed for a planting. Kept under the inventory's key, so a stock change
 * refreshes it.
 */
export function useStoreSupplies(farmId: string, category?: SupplyCategory) {
  return useQuery({
    queryKey: ['inventory', farmId, 'supplies', 'picker', category ?? 'all'],
    queryFn: () =>
      apiFetch<Page<Supply>>(
        `/api/farms/${encodeURIComponent(farmId)}/supplies?limit=${MAX_PAGE_SIZE}${category ? `&category=${category}` : ''}`,
      ),
  });
}
