import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { NIGERIAN_STATES } from '@gona/shared/farms';
import {
  LISTING_CATEGORIES,
  LISTING_SORTS,
  type ListingCategory,
  type ListingSort,
} from '@gona/shared/marketplace';
import { EmptyState, optionsOf, PagedList, SelectField, TextField } from '@/components/ui';
import { useDebounced } from '@/lib/use-debounced';
import { useBrowseListings } from '../api';
import type { BrowseFilters } from '../keys';
import { ListingCard } from './ListingCard';

type Props = {
  /** The buyer's selected farm, which "nearest" measures from; null for a buyer without a farm. */
  nearFarmId: string | null;
};

/**
 * Browsing the marketplace: words, a category, a state and a sort; cards in a grid that load the
 * next page as the buyer scrolls to the end (and a Show more button for those who do not).
 */
export function BrowseListings({ nearFarmId }: Props) {
  const { t } = useTranslation('marketplace');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<ListingCategory | ''>('');
  const [state, setState] = useState('');
  const [sort, setSort] = useState<ListingSort>('newest');
  const filters: BrowseFilters = { q: useDebounced(q, 300), category, state, sort };
  const query = useBrowseListings(filters, nearFarmId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const nearestUnavailable = query.data?.pages[0]?.nearest_unavailable ?? false;
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section className="flex flex-col gap-4">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-3">
        <div className="relative">
          <TextField
            label={t('browse.search')}
            type="search"
            placeholder={t('browse.searchPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            className="pl-10"
          />
          <Search
            aria-hidden
            className="pointer-events-none absolute bottom-3 left-3 size-5 text-stone-500"
          />
        </div>
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
          <SelectField
            label={t('browse.category')}
            value={category}
            onChange={(e) => setCategory(e.target.value as ListingCategory | '')}
            placeholder={t('browse.anyCategory')}
            options={optionsOf(LISTING_CATEGORIES, (value) => t(`categories.${value}`))}
          />
          <SelectField
            label={t('browse.state')}
            value={state}
            onChange={(e) => setState(e.target.value)}
            placeholder={t('browse.anyState')}
            options={optionsOf(NIGERIAN_STATES, (value) => value)}
          />
          <SelectField
            label={t('browse.sort')}
            value={sort}
            onChange={(e) => setSort(e.target.value as ListingSort)}
            options={optionsOf(LISTING_SORTS, (value) => t(`sorts.${value}`))}
          />
        </div>
      </form>
      {nearestUnavailable && sort === 'nearest' && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('browse.nearestUnavailable')}
        </p>
      )}
      <PagedList
        query={query}
        items={items}
        errorTitle={t('browse.errorTitle')}
        errorText={(message) => t('browse.errorText', { message })}
        empty={<EmptyState title={t('browse.empty')} description={t('browse.emptyHint')} />}
      >
        {(rows) => (
          <ul
            aria-label={t('browse.count', { count: rows.length })}
            className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3"
          >
            {rows.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </ul>
        )}
      </PagedList>
      <div ref={end} aria-hidden />
    </section>
  );
}
