import type { AdminSlot } from '@common/contracts/bonus-hunts-admin';
import type { AdminMember } from '@common/contracts/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api';

/* The staff searches the admin pickers share: members to assign and the bonus-hunt slot catalogue. */

/** Every catalogue read sits under this key, so a slot saved, merged or deleted refreshes each list and picker. */
export const ADMIN_SLOTS_KEY = ['admin', 'slots'] as const;
export type SlotPage = { data: AdminSlot[]; page: number; pages: number; total: number };

export const SLOTS_PER_PAGE = 25;
/** The type-ahead's short list. */
export const SUGGESTIONS = 8;

/** The catalogue, searched by name or provider; `enabled` false keeps a closed type-ahead quiet. */
export const useAdminSlots = ({ search, page = 1, perPage = SLOTS_PER_PAGE, enabled = true }: { search: string; page?: number; perPage?: number; enabled?: boolean }) =>
  useQuery({
    queryKey: [...ADMIN_SLOTS_KEY, { search, page, perPage }],
    queryFn: ({ signal }) => api.get<SlotPage>(`/admin-new/api/slots?${new URLSearchParams({ search, page: String(page), per_page: String(perPage) })}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Members to assign a slot to: the admin members search, first page. */
export const useMemberSearch = (search: string) =>
  useQuery({
    // Outside every feature's key: a feature's refresh need not search members again.
    queryKey: ['admin', 'member-search', search],
    queryFn: ({ signal }): Promise<AdminMember[]> =>
      api.get<{ data: AdminMember[] }>(`/admin-new/api/members?${new URLSearchParams({ search, role: 'all', page: '1' })}`, signal).then((body) => body.data),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
