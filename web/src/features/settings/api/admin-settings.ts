import type { SiteSettings } from '@common/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const key = ['admin', 'settings'] as const;

export const useAdminSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: async () => {
      const { success: _success, ...settings } = await api.get<SiteSettings & { success: true }>('/admin-new/api/settings');
      return settings as SiteSettings;
    },
  });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) => api.put<SiteSettings & { message: string }>('/admin-new/api/settings', settings),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['site-settings'] });
    },
  });
}
