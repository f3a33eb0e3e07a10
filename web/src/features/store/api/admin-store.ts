import type { AdminRedemption, AdminStoreItem, StoreItemInput } from '@common/contracts/store';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const ITEMS = ['admin', 'store', 'items'] as const;
const QUEUE = ['admin', 'store', 'redemptions'] as const;
type Message = { message: string };

export const useAdminStoreItems = () =>
  useQuery({ queryKey: ITEMS, queryFn: ({ signal }) => api.get<{ data: AdminStoreItem[] }>('/admin-new/api/store/items', signal).then((body) => body.data) });

export function useSaveStoreItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: StoreItemInput }) =>
      id === null ? api.post<Message>('/admin-new/api/store/items', input) : api.put<Message>(`/admin-new/api/store/items/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS }),
  });
}

export function useDeleteStoreItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/admin-new/api/store/items/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS }),
  });
}

/** Uploads one image; the answer is the stored path the item form then saves. */
export const useUploadStoreImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ path: string }>('/admin-new/api/store/images', form).then((body) => body.path);
    },
  });

export type QueueStatus = AdminRedemption['status'] | 'all';

export const useRedemptionQueue = (status: QueueStatus, page: number) =>
  useQuery({
    queryKey: [...QUEUE, status, page],
    queryFn: ({ signal }) =>
      api.get<{ data: AdminRedemption[]; meta: { page: number; per_page: number; total: number } }>(`/admin-new/api/store/redemptions?status=${status}&page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export function useHandleRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'process' | 'refund' }) => api.post<Message>(`/admin-new/api/store/redemptions/${id}/${action}`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: QUEUE }), queryClient.invalidateQueries({ queryKey: ITEMS })]),
  });
}
