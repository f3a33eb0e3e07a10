import type { LeaderboardData } from '@common/contracts/leaderboards';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** The current period of every platform's active leaderboard (all_leaderboards), for the carousel. */
export const useLiveLeaderboards = () =>
  useQuery({
    queryKey: ['leaderboard', { period: 'current' }],
    queryFn: ({ signal }) => api.get<{ data: LeaderboardData }>('/api/r/leaderboard?period=current', signal).then((body) => body.data),
    staleTime: 30_000,
  });
