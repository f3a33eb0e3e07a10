import type { Raffle, RaffleDetail, RaffleEnterInput, RaffleEnterResponse, RaffleEntry } from '@common/contracts/raffles';
import type { RaffleFilter } from '@common/raffles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

/** Every raffle read sits under this key, so one invalidation refreshes whatever the page shows. */
const RAFFLES = ['raffles'] as const;

/** Spec 2 §7 GET /api/r/raffles, filtered on the server, newest first. */
export const useRaffles = (filter: RaffleFilter) =>
  useQuery<Raffle[]>({
    queryKey: [...RAFFLES, 'list', filter],
    queryFn: ({ signal }) => api.get<{ data: Raffle[] }>(`/api/r/raffles?${new URLSearchParams({ filter })}`, signal).then((body) => body.data),
    placeholderData: keepPreviousData,
  });

/** The detail's key: per member, since it carries their statistics and entries. */
const detailKey = (id: number, userId: number | null) => [...RAFFLES, id, 'detail', userId] as const;

/** How often an open page looks again: other members' entries, closing and the announcement show up by themselves. */
const REFRESH_MS = 30_000;

export function useRaffle(id: number, enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: detailKey(id, user?.id ?? null),
    queryFn: ({ signal }) => api.get<{ data: RaffleDetail }>(`/api/r/raffles/${id}`, signal).then((body) => body.data),
    enabled,
    // A raffle that failed to load (not found) is not asked for again and again.
    refetchInterval: (query) => (query.state.data ? REFRESH_MS : false),
  });
}

const entriesQuery = (id: number) => ({
  queryKey: [...RAFFLES, id, 'entries'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<{ data: RaffleEntry[] }>(`/api/r/raffles/${id}/entries`, signal).then((body) => body.data),
});

/** Every entry, oldest first (the list the entries hash is computed over). */
export const useRaffleEntries = (id: number) => useQuery(entriesQuery(id));

/** The entry list fetched afresh, for the draw check (never a cached copy from before the list was frozen). */
export function useFetchEntries(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...entriesQuery(id), staleTime: 0 });
}

/**
 * Spec 2 §7 POST /api/r/raffles/{id}/enter. Afterwards (also after a refusal, which may mean the raffle moved on)
 * the raffle, its entries and the member's points in the top bar reload; the promise settles once they have.
 */
export function useEnterRaffle(id: number) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (input: RaffleEnterInput) => api.post<RaffleEnterResponse>(`/api/r/raffles/${id}/enter`, input),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: RAFFLES }), refreshUser()]),
  });
}

/** The raffle's total entries as the page last loaded them (after an entry, the reloaded figure). */
export function useCachedTotal(id: number) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => queryClient.getQueryData<RaffleDetail>(detailKey(id, user?.id ?? null))?.total_entries;
}
