import type { SiteSettings } from '@common/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { bootstrap } from './bootstrap';

export const siteSettingsQuery = {
  queryKey: ['site-settings'],
  queryFn: () => api.get<SiteSettings & { success: true }>('/api/r/settings'),
  // The page already carries them: no request and no flash of fallback texts on load.
  initialData: { success: true as const, ...bootstrap.settings },
  staleTime: 5 * 60_000,
};

export function useSiteSettings(): SiteSettings {
  return useQuery(siteSettingsQuery).data;
}
