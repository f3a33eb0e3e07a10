import type { HistoryEntry } from '@common/contracts/earning';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Shared with the daily bonus (features/points), which invalidates it after a claim. */
export const pointsHistoryQueryKey = (page: number) => ['points', 'history', page] as const;

export interface PointsHistoryPage {
  entries: HistoryEntry[];
  page: number;
  perPage: number;
  total: number;
}

/** GET /api/r/points/history?page=N: the signed-in member's own ledger, newest first. */
export const usePointsHistory = (page: number, enabled: boolean) =>
  useQuery<PointsHistoryPage>({
    queryKey: pointsHistoryQueryKey(page),
    queryFn: ({ signal }) =>
      api
        .get<{ data: HistoryEntry[]; meta: { page: number; per_page: number; total: number } }>(`/api/r/points/history?page=${page}`, signal)
        .then((body) => ({ entries: body.data, page: body.meta.page, perPage: body.meta.per_page, total: body.meta.total })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
