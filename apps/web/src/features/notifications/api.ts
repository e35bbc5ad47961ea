import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import type {
  Notification,
  NotificationSettings,
  UpdateNotificationPreferencesInput,
} from '@gona/shared/notifications';
import { apiFetch } from '@/lib/http';
import { mapPageItems, pagedQueryOptions } from '@/lib/paged-query';
import { notificationKeys } from './keys';

export function useNotifications() {
  return useInfiniteQuery(
    pagedQueryOptions<Notification>({ queryKey: notificationKeys.list, path: '/api/notifications' }),
  );
}

/** Marks one read: the list shows it at once, the bell asks for its count again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: (read) => {
      queryClient.setQueryData<InfiniteData<Page<Notification>>>(notificationKeys.list, (data) =>
        mapPageItems(data, (n) => (n.id === read.id ? read : n)),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ marked: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => apiFetch<NotificationSettings>('/api/notifications/settings'),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferencesInput) =>
      apiFetch<NotificationSettings>('/api/notifications/settings', { method: 'PATCH', json: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: () => apiFetch<Notification>('/api/notifications/test', { method: 'POST' }),
  });
}
