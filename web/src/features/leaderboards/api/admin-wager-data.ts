import type { AdminEntry, EntryInput } from '@common/contracts/leaderboards';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { ADMIN_LEADERBOARDS, type Message, useLeaderboardChange } from './admin-leaderboards';

const PERIODS = '/admin-new/api/leaderboard-periods';

export interface EntriesPage {
  data: AdminEntry[];
  meta: { page: number; per_page: number; total: number };
}

const entriesOptions = (periodId: number | null, search: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_LEADERBOARDS, 'entries', periodId, search, page],
    queryFn: ({ signal }) => api.get<EntriesPage>(`${PERIODS}/${periodId}/entries?search=${encodeURIComponent(search)}&page=${page}`, signal),
    enabled: periodId !== null,
  });

/** One page of a period's standings as staff see them (full names, where each amount came from). */
export const usePeriodEntries = (periodId: number | null, search: string, page: number) => useQuery({ ...entriesOptions(periodId, search, page), placeholderData: keepPreviousData });

/**
 * The players on the prize places (position → username): the first pages of the standings, as many
 * as the prizes need (up to 100 places over pages of the server's size). A player at 0 wins nothing,
 * as when the server pays.
 */
export function usePrizeWinners(periodId: number | null, places: number) {
  const first = useQuery({ ...entriesOptions(periodId, '', 1), enabled: periodId !== null && places > 0 });
  const perPage = first.data?.meta.per_page ?? places;
  const pages = first.data ? Math.min(Math.ceil(places / perPage), Math.ceil(first.data.meta.total / perPage)) : 1;
  const more = useQueries({ queries: Array.from({ length: Math.max(0, pages - 1) }, (_, index) => entriesOptions(periodId, '', index + 2)) });
  const loaded = [first, ...more];
  if (loaded.some((query) => !query.data)) return { winners: null, isError: loaded.some((query) => query.isError) };
  const winners = new Map<number, string>();
  for (const query of loaded) for (const entry of query.data!.data) if (entry.rank <= places && entry.wagered > 0) winners.set(entry.rank, entry.username);
  return { winners, isError: false };
}

export const useSaveEntry = () => useLeaderboardChange(({ periodId, input }: { periodId: number; input: EntryInput }) => api.post<Message>(`${PERIODS}/${periodId}/entries`, input));

export const useDeleteEntry = () => useLeaderboardChange(({ periodId, entryId }: { periodId: number; entryId: number }) => api.delete<Message>(`${PERIODS}/${periodId}/entries/${entryId}`));

export const useImportWagers = () => useLeaderboardChange(({ periodId, csv }: { periodId: number; csv: string }) => api.post<Message & { data: { imported: number } }>(`${PERIODS}/${periodId}/import`, { csv }));

export const usePayPrizes = () => useLeaderboardChange((periodId: number) => api.post<Message>(`${PERIODS}/${periodId}/pay-prizes`, {}));
