import { useQuery } from '@tanstack/react-query';
import type { Supply, SupplyCategory } from '@gona/shared/inventory';
import type { Crop } from '@gona/shared/crops';
import type { Livestock } from '@gona/shared/livestock';
import type { StaffMember } from '@gona/shared/staff';
import { MAX_PAGE_SIZE, type Page } from '@gona/shared/page-size';
import { apiFetch } from '@/lib/http';

/**
 * Pickers: one feature's records offered in another feature's form. Each is cached under its
 * owning feature's keys (spelled here, as lib/ imports no feature), so a write of that feature
 * refreshes it or puts its answer into it like any of its lists.
 */

const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;

/**
 * The farm's supplies (of one category, or all) for a picker in a record's form: feed for a flock,
 * a drug for a treatment, seed for a planting, a supply a task is about. Under the inventory's
 * supply lists (['inventory', farmId, 'supplies', …]), so a stock change refreshes it.
 */
export function useStoreSupplies(farmId: string, category?: SupplyCategory) {
  return useQuery({
    queryKey: ['inventory', farmId, 'supplies', 'picker', category ?? 'all'],
    queryFn: () =>
      apiFetch<Page<Supply>>(
        `${farmPath(farmId)}/supplies?limit=${MAX_PAGE_SIZE}${category ? `&category=${category}` : ''}`,
      ),
  });
}

/** The farm's active staff, to give a task to; under the staff lists (['staff', farmId, 'list', …]). */
export function useActiveStaff(farmId: string) {
  return useQuery({
    queryKey: ['staff', farmId, 'list', 'picker', 'active'],
    queryFn: () =>
      apiFetch<Page<StaffMember>>(`${farmPath(farmId)}/staff?status=active&limit=${MAX_PAGE_SIZE}`),
    select: (page) => page.items,
  });
}

/**
 * The farm's staff kept inactive after a return to Free (not on the register, not paid by pay
 * runs), for the wages screen to say who is left out and why; under the staff lists.
 */
export function useInactiveStaff(farmId: string) {
  return useQuery({
    queryKey: ['staff', farmId, 'list', 'picker', 'inactive'],
    queryFn: () =>
      apiFetch<Page<StaffMember>>(`${farmPath(farmId)}/staff?status=inactive&limit=${MAX_PAGE_SIZE}`),
    select: (page) => page.items,
  });
}

/**
 * The farm's staff who have not left (active, and those kept inactive after a return to Free), for
 * the owner's choice of who stays active; under the staff lists, so a staff change refreshes it.
 */
export function useKeptStaff(farmId: string) {
  return useQuery({
    queryKey: ['staff', farmId, 'list', 'picker', 'kept'],
    queryFn: async () => {
      const pages = await Promise.all(
        (['active', 'inactive'] as const).map((status) =>
          apiFetch<Page<StaffMember>>(`${farmPath(farmId)}/staff?status=${status}&limit=${MAX_PAGE_SIZE}`),
        ),
      );
      return pages.flatMap((page) => page.items).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

/** Every staff query of a farm (the staff feature's ['staff', farmId]), for a change made elsewhere. */
export const staffQueries = (farmId: string) => ['staff', farmId] as const;

/** The farm's plantings (the first 200, newest first), for a money record's "For"; under the crop lists. */
export function usePlantingChoices(farmId: string) {
  return useQuery({
    queryKey: ['crops', farmId, 'list', 'picker'],
    queryFn: () => apiFetch<Page<Crop>>(`${farmPath(farmId)}/crops?limit=${MAX_PAGE_SIZE}`),
  });
}

/** The farm's animals and groups (the first 200), for a money record's "For"; under the livestock lists. */
export function useLivestockChoices(farmId: string) {
  return useQuery({
    queryKey: ['livestock', farmId, 'list', 'picker'],
    queryFn: () => apiFetch<Page<Livestock>>(`${farmPath(farmId)}/livestock?limit=${MAX_PAGE_SIZE}`),
  });
}

/** The person's own orders as a buyer (the latest 20), for a support request's "Which order"; under the marketplace's orders. */
export function useMyOrderChoices() {
  return useQuery({
    queryKey: ['marketplace', 'orders', 'mine', 'picker'],
    queryFn: () =>
      apiFetch<Page<{ id: string; reference: string; listing_title: string; created_at: string }>>(
        '/api/marketplace/orders?limit=20',
      ),
  });
}
