import type { Profile } from '@common/contracts/profiles';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';

export const profileQueryKey = (username: string) => ['user', username.toLowerCase()] as const;

/** GET /api/r/user/{username}: the public profile, shared by the profile page and the hover card. */
export const useUserProfile = (username: string, enabled = true) =>
  useQuery({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => api.get<{ data: Profile }>(`/api/r/user/${encodeURIComponent(username)}`, signal).then((body) => body.data),
    enabled: enabled && username.length > 0,
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
