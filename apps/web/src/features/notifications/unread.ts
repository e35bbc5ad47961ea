import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@gona/shared/notifications';
import { apiFetch } from '@/lib/http';
import { notificationKeys } from './keys';

/**
 * The bell's count, on every dashboard screen's first load, so kept to this small module: one
 * small query (a count over a partial index) rather than the list.
 */

/** While the app is open and in view; it also asks again on focus, after a save, and when a push arrives. */
const POLL_MS = 3 * 60 * 1000;

/** The message sw-push.js posts to open windows when a push arrives. */
const PUSH_MESSAGE = 'gona:notification';

export function useUnreadCount(): number | undefined {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    // Any change the person saves may have notified them (a stock use that left a supply low).
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') refresh();
    });
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === PUSH_MESSAGE) refresh();
    };
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', onMessage);
    return () => {
      unsubscribe();
      worker?.removeEventListener('message', onMessage);
    };
  }, [queryClient]);
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => apiFetch<UnreadCount>('/api/notifications/unread-count'),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  }).data?.unread;
}
