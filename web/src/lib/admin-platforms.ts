import type { AdminPlatform } from '@common/contracts/leaderboards';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Every admin leaderboard query sits under this key, so a change can refresh them all at once. */
export const ADMIN_LEADERBOARDS = ['admin', 'leaderboards'] as const;

/**
 * Platforms with their leaderboards, current periods and wager sources (keys never included). Shared by
 * the leaderboards and the VIP admin pages (VIP tiers belong to a platform), so it lives outside both features.
 */
export const useAdminPlatforms = () =>
  useQuery({
    queryKey: [...ADMIN_LEADERBOARDS, 'platforms'],
    queryFn: ({ signal }) => api.get<{ data: AdminPlatform[] }>('/admin-new/api/leaderboards/platforms', signal).then((body) => body.data),
  });
