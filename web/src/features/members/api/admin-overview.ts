import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface AdminOverview {
  members: number;
  staff: number;
  members_active_today: number;
  points_in_circulation: number;
  formatted_total_given_away: string;
}

export const useAdminOverview = () =>
  useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: async () => (await api.get<{ data: AdminOverview }>('/admin-new/api/overview')).data,
  });
