import type { Notification } from '@common/contracts/notifications';
import { NOTIFICATION_COUNT_HEADERS } from '@common/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const notificationsQueryKey = ['notifications'] as const;

/** The latest notifications, and how many the member has in all and unread (more than the list may hold). */
export interface NotificationsList {
  list: Notification[];
  total: number;
  unread: number;
}

const countIn = (headers: Headers, name: string, fallback: number) => {
  const value = Number(headers.get(name) ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
};

async function fetchNotifications(): Promise<NotificationsList> {
  const { data: list, headers } = await api.getWithHeaders<Notification[]>('/api/notifications');
  return {
    list,
    total: countIn(headers, NOTIFICATION_COUNT_HEADERS.total, list.length),
    unread: countIn(headers, NOTIFICATION_COUNT_HEADERS.unread, list.filter((item) => item.read_at === null).length),
  };
}

export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationsQueryKey,
    queryFn: fetchNotifications,
    enabled,
    refetchInterval: 60_000,
    // Spec 1 §8: failures are only logged and the dropdown falls back to an empty list.
    retry: 1,
  });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/notifications/${id}/read`),
    onMutate: (id) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationsList>(notificationsQueryKey, (current) => {
        if (!current?.list.some((item) => item.id === id && !item.read_at)) return current;
        return { ...current, unread: Math.max(0, current.unread - 1), list: current.list.map((item) => (item.id === id ? { ...item, read_at: readAt } : item)) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
