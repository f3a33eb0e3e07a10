import type { AdminMember, AdminMemberDetail } from '@common/contracts/members';
import type { Role } from '@common/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface MemberFilters {
  search: string;
  role: Role | 'staff' | 'all';
  page: number;
}

const keys = {
  all: ['admin', 'members'] as const,
  list: (filters: MemberFilters) => ['admin', 'members', 'list', filters] as const,
  detail: (id: number) => ['admin', 'members', 'detail', id] as const,
};

export const useAdminMembers = (filters: MemberFilters) =>
  useQuery({
    queryKey: keys.list(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ search: filters.search, role: filters.role, page: String(filters.page) });
      return api.get<{ data: AdminMember[]; meta: { page: number; per_page: number; total: number } }>(`/admin-new/api/members?${query}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export const useAdminMember = (id: number | null) =>
  useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: async () => (await api.get<{ data: AdminMemberDetail }>(`/admin-new/api/members/${id}`)).data,
    enabled: id !== null,
  });

export function useChangeRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => api.patch<{ message: string }>(`/admin-new/api/members/${id}/role`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAdjustPoints(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { delta: number; reason: string }) => api.post<{ message: string; balance: number }>(`/admin-new/api/members/${id}/points`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
