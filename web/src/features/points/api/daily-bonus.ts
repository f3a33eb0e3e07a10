import type { DailyBonusStatus } from '@common/contracts/earning';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { useToast } from '@web/lib/toast';

export const dailyBonusQueryKey = ['points', 'daily'] as const;
/** The member's own points history (shown on the profile's Stats tab) moves with every claim. */
const historyQueryKey = ['points', 'history'] as const;
/** Profiles (['user', name]) show the balance too. */
const profilesQueryKey = ['user'] as const;

type ClaimResult = { message: string; points_awarded: number; xp_awarded: number; balance: number; data: DailyBonusStatus };

/** GET /api/r/points/daily: whether today's bonus is waiting, the streak and what it pays. */
export const useDailyBonus = (enabled: boolean) =>
  useQuery({
    queryKey: dailyBonusQueryKey,
    queryFn: ({ signal }) => api.get<{ data: DailyBonusStatus }>('/api/r/points/daily', signal).then((body) => body.data),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** POST /api/r/points/daily: claims today's bonus; the balance in the top bar, the status and the history follow. */
export function useClaimDailyBonus() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api.post<ClaimResult>('/api/r/points/daily'),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData(dailyBonusQueryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
      void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
      return refreshUser();
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not claim the daily bonus. Please try again.'));
      // Already claimed (another tab) or switched off meanwhile: show what the server now says.
      if (error instanceof ApiError && (error.status === 409 || error.status === 403)) void queryClient.invalidateQueries({ queryKey: dailyBonusQueryKey });
    },
  });
}
