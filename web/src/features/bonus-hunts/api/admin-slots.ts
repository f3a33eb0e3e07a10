import type { SlotInput } from '@common/contracts/bonus-hunts-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SLOTS_KEY as SLOTS } from '@web/lib/admin-search';
import { api } from '@web/lib/api';

type Message = { message: string };

export function useSaveSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SlotInput }) =>
      id === null ? api.post<Message>('/admin-new/api/slots', input) : api.put<Message>(`/admin-new/api/slots/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SLOTS }),
  });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/admin-new/api/slots/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SLOTS }),
  });
}

/** Moves every play of `id` onto `intoId` and deletes `id`. Hunts show the kept slot from then on. */
export function useMergeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) => api.post<Message>(`/admin-new/api/slots/${id}/merge`, { into_id: intoId }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: SLOTS }), queryClient.invalidateQueries({ queryKey: ['admin', 'bonus-hunts'] })]),
  });
}

/** Uploads one slot picture; the answer is the stored path the form then saves. */
export const useUploadSlotImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ path: string }>('/admin-new/api/slots/images', form).then((body) => body.path);
    },
  });
