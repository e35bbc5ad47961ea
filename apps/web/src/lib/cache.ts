import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';

/**
 * Where a feature keeps one kind of record: its detail query and the prefix every list of it
 * starts with. The cache writers below put the server's answer there after a write, so a screen
 * moves to the saved record without asking the farm's lists again.
 */
export type RecordKeys = { detail: (id: string) => QueryKey; lists: QueryKey };

/** The record as the server last sent it, from its detail or any cached list page. */
export function findCached<T extends { id: string }>(
  queryClient: QueryClient,
  keys: RecordKeys,
  id: string,
): T | undefined {
  const detail = queryClient.getQueryData<T>(keys.detail(id));
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<Listed<T>>({ queryKey: keys.lists })) {
    const found = listedItems(data).find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/** A cached list: pages of an infinite list, or one page (a picker's). */
type Listed<T> = InfiniteData<Page<T>> | Page<T>;

function listedItems<T>(data: Listed<T> | undefined): T[] {
  if (!data) return [];
  return 'pages' in data ? data.pages.flatMap((page) => page.items) : data.items;
}

/** Changes the rows of a cached list of either shape, keeping its pages as they are. */
export function mapListed<T>(
  data: Listed<T> | undefined,
  change: (items: T[]) => T[],
): Listed<T> | undefined {
  if (!data) return data;
  if ('pages' in data)
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
  return { ...data, items: change(data.items) };
}

/**
 * The server's record replaces the cached copies of it, in the detail and in every list page,
 * keeping what the copy holds and the answer does not (a detail's photos). A record not cached
 * is left to be asked for when a screen needs it; `detail: 'set'` caches the answer as its detail.
 */
export function putRecord<T extends { id: string }>(
  queryClient: QueryClient,
  keys: RecordKeys,
  record: T,
  { detail = 'merge' }: { detail?: 'merge' | 'set' } = {},
): void {
  queryClient.setQueryData<T>(keys.detail(record.id), (old) =>
    old ? { ...old, ...record } : detail === 'set' ? record : old,
  );
  queryClient.setQueriesData<Listed<T>>({ queryKey: keys.lists }, (data) =>
    mapListed(data, (items) => items.map((item) => (item.id === record.id ? { ...item, ...record } : item))),
  );
}

/** Leaves a deleted record out of every cached list page, and drops its detail. */
export function dropRecord(queryClient: QueryClient, keys: RecordKeys, id: string): void {
  queryClient.removeQueries({ queryKey: keys.detail(id) });
  queryClient.setQueriesData<Listed<{ id: string }>>({ queryKey: keys.lists }, (data) =>
    mapListed(data, (items) => items.filter((item) => item.id !== id)),
  );
}
