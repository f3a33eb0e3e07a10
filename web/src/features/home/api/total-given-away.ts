import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const useTotalGivenAway = () =>
  useQuery({
    queryKey: ['stats', 'total-given-away'],
    queryFn: () => api.get<{ success: true; total: number; formatted_total: string }>('/api/r/stats/total-given-away'),
    staleTime: 60_000,
  });
