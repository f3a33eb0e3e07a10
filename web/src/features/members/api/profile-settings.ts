import type { SettingsUser } from '@common/contracts/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

const SETTINGS_USER = ['profile-settings'] as const;
type UserResponse = { success: true; message?: string; user: SettingsUser };

export const useSettingsUser = (enabled: boolean) =>
  useQuery({
    queryKey: SETTINGS_USER,
    queryFn: ({ signal }) => api.get<UserResponse>('/api/r/profile', signal).then((body) => body.user),
    enabled,
  });

/** One of spec 2's three field groups, or the Kick disconnect; the answer's user replaces the current one. */
export function useSaveSettings<Body>(path: string) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (body: Body) => api.post<UserResponse>(path, body),
    onSuccess: async (result) => {
      queryClient.setQueryData(SETTINGS_USER, result.user);
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: ['user'] })]);
    },
  });
}
