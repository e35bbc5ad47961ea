import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { SkeletonRows } from './Skeleton';

/** What PagedList reads of a query; a plain or an infinite React Query result fits. */
export type PagedListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** 'paused' while the first page waits for a connection. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => Promise<unknown>;
};

type Props<T> = {
  query: PagedListQuery;
  /** The rows to show: the loaded pages, with anything laid over them. */
  items: readonly T[];
  skeletonRows?: number;
  errorTitle: string;
  /** The sentence under the title, given what went wrong in words. */
  errorText: (message: string) => string;
  /** Shown when the list has loaded and has no rows. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
};

/**
 * A list from the server, every outcome handled the same way: placeholder rows while the first
 * page loads, what failed with a Retry button, the empty state, the rows, and Show more while the
 * server has more pages. Rows already shown stay when a refresh fails.
 */
export function PagedList<T>({
  query,
  items,
  skeletonRows = 3,
  errorTitle,
  errorText,
  empty,
  children,
}: Props<T>) {
  const { t } = useTranslation('common');
  const words = useErrorText();
  // Offline with nothing saved from an earlier visit: say so, instead of placeholder rows for ever.
  const waiting = query.isPending && query.fetchStatus === 'paused';
  if (query.isPending && !waiting && items.length === 0) return <SkeletonRows rows={skeletonRows} />;
  if ((query.isError || waiting) && items.length === 0) {
    return (
      <EmptyState
        title={errorTitle}
        description={errorText(waiting ? t('errors.network') : words(query.error))}
        action={<Button onClick={() => void query.refetch()}>{t('errors.tryAgain')}</Button>}
      />
    );
  }
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {query.hasNextPage && query.fetchNextPage && (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage?.()}
        >
          {t('showMore')}
        </Button>
      )}
    </>
  );
}
