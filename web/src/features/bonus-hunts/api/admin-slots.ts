import type { AdminSlot, SlotInput } from '@common/contracts/bonus-hunts-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const SLOTS = ['admin', 'slots'] as const;
type Message = { message: string };
export type SlotPage = { data: AdminSlot[]; page: number; pages: number; total: number };

export const SLOTS_PER_PAGE = 25;
/** The type-ahead's short list. */
export const SUGGESTIONS = 8;

/** The catalogue, searched by name or provider; `enabled` false keeps a closed type-ahead quiet. */
export const useAdminSlots = ({ search, page = 1, perPage = SLOTS_PER_PAGE, enabled = true }: { search: string; page?: number; perPage?: number; enabled?: boolean }) =>
  useQuery({
    queryKey: [...SLOTS, { search, page, perPage }],
    queryFn: ({ signal }) => api.get<SlotPage>(`/admin-new/api/slots?${new URLSearchParams({ search, page: String(page), per_page: String(perPage) })}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

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
