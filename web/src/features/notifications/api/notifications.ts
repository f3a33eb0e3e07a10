import type { Notification } from '@common/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const notificationsQueryKey = ['notifications'] as const;

export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => api.get<Notification[]>('/api/notifications'),
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
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((item) => (item.id === id && !item.read_at ? { ...item, read_at: readAt } : item)),
      );
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
