import type { AdminVipClaim, AdminVipTier, VipTierInput } from '@common/contracts/vip';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const TIERS = ['admin', 'vip', 'tiers'] as const;
const CLAIMS = ['admin', 'vip', 'claims'] as const;
type Message = { message: string };

export const useAdminVipTiers = () =>
  useQuery({ queryKey: TIERS, queryFn: ({ signal }) => api.get<{ data: AdminVipTier[] }>('/admin-new/api/vip/tiers', signal).then((body) => body.data) });

export function useSaveVipTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VipTierInput }) =>
      id === null ? api.post<Message>('/admin-new/api/vip/tiers', input) : api.put<Message>(`/admin-new/api/vip/tiers/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIERS }),
  });
}

export function useDeleteVipTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/admin-new/api/vip/tiers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIERS }),
  });
}

/** Uploads one tier image; the answer is the stored path the form then saves. */
export const useUploadVipImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ path: string }>('/admin-new/api/vip/images', form).then((body) => body.path);
    },
  });

export type ClaimStatus = AdminVipClaim['status'] | 'all';

export const useVipClaimQueue = (status: ClaimStatus, page: number) =>
  useQuery({
    queryKey: [...CLAIMS, status, page],
    queryFn: ({ signal }) =>
      api.get<{ data: AdminVipClaim[]; meta: { page: number; per_page: number; total: number } }>(`/admin-new/api/vip/claims?status=${status}&page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export function useDecideVipClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'process' | 'reject'; reason?: string }) =>
      api.post<Message>(`/admin-new/api/vip/claims/${id}/${action}`, action === 'reject' ? { reason } : {}),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CLAIMS }), queryClient.invalidateQueries({ queryKey: TIERS })]),
  });
}
