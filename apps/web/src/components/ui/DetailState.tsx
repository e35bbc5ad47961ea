import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { SkeletonRows } from './Skeleton';

/** What DetailState reads of a query for one record. */
export type DetailQuery = {
  isPending: boolean;
  error: unknown;
  /** 'paused' while the record waits for a connection. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
};

type Props = {
  query: DetailQuery;
  /** The link back to the list, shown above every state; left out where there is no list. */
  back?: { to: string; label: string };
  skeletonRows?: number;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** Shown when the server says the record does not exist (404), with no Try again; without them a 404 is an error like any other. */
  notFoundTitle?: string;
  notFoundText?: string;
  errorTitle: string;
  /** The sentence under the error title, given what went wrong in words; the words alone if left out. */
  errorText?: (message: string) => string;
};

/**
 * A detail screen before it has its record, the twin of PagedList: placeholder rows while it loads,
 * "not found" for a record that is gone, and what failed with Try again otherwise (also when the
 * phone is offline with nothing saved). Render it while the query has no data; once a record was
 * shown, a failed refresh keeps it on screen.
 */
export function DetailState({
  query,
  back,
  skeletonRows = 3,
  icon,
  notFoundTitle,
  notFoundText,
  errorTitle,
  errorText = (message) => message,
}: Props) {
  const { t } = useTranslation('common');
  const words = useErrorText();
  const waiting = query.isPending && query.fetchStatus === 'paused';
  const missing =
    notFoundTitle !== undefined && query.error instanceof ApiError && query.error.status === 404;
  let state: ReactNode;
  if (query.isPending && !waiting) state = <SkeletonRows rows={skeletonRows} />;
  else if (missing) state = <EmptyState icon={icon} title={notFoundTitle} description={notFoundText ?? ''} />;
  else
    state = (
      <EmptyState
        icon={icon}
        title={errorTitle}
        description={errorText(waiting || !query.error ? t('errors.network') : words(query.error))}
        action={<Button onClick={() => void query.refetch()}>{t('errors.tryAgain')}</Button>}
      />
    );
  return (
    <div>
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      {state}
    </div>
  );
}

/** The link at the top of a detail screen back to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex min-h-11 items-center gap-2 font-medium text-green-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}
