import type { ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import { PagedList } from '@/components/ui';
import type { PagedListQuery } from '@/components/ui/PagedList';
import { pageItems } from '@/lib/paged-query';

type Props<T extends { id: string }> = {
  query: PagedListQuery & { data: InfiniteData<Page<T>> | undefined };
  /** The list's name, as its heading says it. */
  label: string;
  errorTitle: string;
  /** Said when nothing is found. */
  empty: string;
  children: (row: T) => ReactNode;
};

/** A back-office list from the server, every row in a named list, in pages. */
export function AdminResultList<T extends { id: string }>({
  query,
  label,
  errorTitle,
  empty,
  children,
}: Props<T>) {
  return (
    <PagedList
      query={query}
      items={pageItems(query.data)}
      errorTitle={errorTitle}
      errorText={(message) => message}
      empty={<p className="break-words text-stone-700">{empty}</p>}
    >
      {(rows) => (
        <ul className="flex flex-col gap-2" aria-label={label}>
          {rows.map((row) => (
            <li key={row.id}>{children(row)}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
