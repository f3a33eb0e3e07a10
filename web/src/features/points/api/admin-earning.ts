import type { EarningRules } from '@common/contracts/earning';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const key = ['admin', 'earning-rules'] as const;

export const useEarningRules = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ data: EarningRules }>('/admin-new/api/earning-rules', signal).then((body) => body.data),
  });

export function useSaveEarningRules() {
  const queryClient = useQueryClient();
  return useMutation({
    // The body may hold nulls where a number box was left empty: the server names those fields.
    mutationFn: (rules: unknown) => api.put<{ message: string; data: EarningRules }>('/admin-new/api/earning-rules', rules),
    onSuccess: (result) => queryClient.setQueryData(key, result.data),
  });
}
