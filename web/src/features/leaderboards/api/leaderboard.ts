import type { LeaderboardData } from '@common/contracts/leaderboards';
import type { LeaderboardType } from '@common/leaderboards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface LeaderboardParams {
  /** Left out: the site's default platform. */
  platform?: string;
  period: 'current' | 'last';
  /** Left out: the platform's active leaderboard. */
  leaderboard_type?: LeaderboardType;
}

function leaderboardPath({ platform, period, leaderboard_type }: LeaderboardParams) {
  const query = new URLSearchParams({ period });
  if (platform) query.set('platform', platform);
  if (leaderboard_type) query.set('leaderboard_type', leaderboard_type);
  return `/api/r/leaderboard?${query}`;
}

/** Spec 1 §7 GET /api/r/leaderboard; changing platform, period or type refetches (the last answer stays while it loads). */
export const useLeaderboard = (params: LeaderboardParams) =>
  useQuery<LeaderboardData>({
    queryKey: ['leaderboard', params],
    queryFn: ({ signal }) => api.get<{ data: LeaderboardData }>(leaderboardPath(params), signal).then((body) => body.data),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
