import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE, type Page } from '@gona/shared/page-size';
import { apiFetch } from './http';

type PagedQuery<K extends QueryKey> = {
  queryKey: K;
  /** The list's URL without a query string. */
  path: string;
  /** Filters; empty ones are left out. */
  params?: Record<string, string | undefined>;
  limit?: number;
};

/** A keyset-paged list: each page asks with the previous page's next_cursor until it is null. */
export function pagedQueryOptions<T, K extends QueryKey = QueryKey>({
  queryKey,
  path,
  params = {},
  limit = PAGE_SIZE,
}: PagedQuery<K>) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, K, string | null>({
    queryKey,
    initialPageParam: null,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams({ limit: String(limit) });
      for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<Page<T>>(`${path}?${search.toString()}`);
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The rows of every loaded page, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** Changes the rows of every loaded page, keeping the pages as they are. */
export function mapPageItems<T>(
  data: InfiniteData<Page<T>> | undefined,
  change: (item: T) => T,
): InfiniteData<Page<T>> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
}

/** Keeps the cached pages' items that pass `keep` (a record deleted or no longer listed). */
export function filterPageItems<T>(
  data: InfiniteData<Page<T>> | undefined,
  keep: (item: T) => boolean,
): InfiniteData<Page<T>> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter(keep) })) };
}
