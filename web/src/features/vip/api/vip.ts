import type { VipData, VipHistoryItem } from '@common/contracts/vip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

const VIP = ['vip', 'rewards'] as const;
const HISTORY = ['vip', 'history'] as const;
/** The top bar's notifications: a claim or a processed reward writes one, so the bell asks again. */
const NOTIFICATIONS = ['notifications'] as const;

/** A manual refresh adds a cache-busting parameter (spec 2 §7), so no cache between us and the server answers it. */
const fetchRewards = (signal?: AbortSignal, bust = false) =>
  api.get<{ data: VipData }>(bust ? `/api/r/vip-rewards?_=${Date.now()}` : '/api/r/vip-rewards', signal).then((body) => body.data);

export const useVipRewards = (enabled: boolean) => useQuery({ queryKey: VIP, queryFn: ({ signal }) => fetchRewards(signal), enabled });

export const useVipHistory = (enabled: boolean) =>
  useQuery({ queryKey: HISTORY, queryFn: ({ signal }) => api.get<{ data: VipHistoryItem[] }>('/api/r/vip-rewards/history', signal).then((body) => body.data), enabled });

/** The Refresh button: both lists fetched anew. */
export function useRefreshVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      queryClient.setQueryData(VIP, await fetchRewards(undefined, true));
      await Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY }), queryClient.invalidateQueries({ queryKey: NOTIFICATIONS })]);
    },
  });
}

/** Claims a tier; afterwards the rewards, the history and (for points) the balance in the top bar reload. */
export function useClaimVip() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (tierId: number) => api.post<{ message?: string }>(`/api/r/vip-rewards/${tierId}/claim`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['vip'] }), queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }), refreshUser()]),
  });
}
