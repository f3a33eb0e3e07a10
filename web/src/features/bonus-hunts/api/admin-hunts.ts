import type { AdminHunt, AdminHuntSummary, GameInput, GameUpdate, HuntInput } from '@common/contracts/bonus-hunts-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@web/lib/api';
import { useHuntEvents } from './use-hunt-events';

/** Every staff hunt read sits under this key, so one invalidation refreshes the list and the open hunt. */
const HUNTS = ['admin', 'bonus-hunts'] as const;
const huntKey = (id: number) => [...HUNTS, 'hunt', id] as const;
/** While the event stream is down, another member of staff's change still shows within this time. */
const FALLBACK_REFRESH_MS = 5_000;

type HuntAnswer = { message?: string; data: AdminHunt };
export const HUNTS_PER_PAGE = 20;

export const useAdminHunts = (page: number) =>
  useQuery({
    queryKey: [...HUNTS, 'list', page],
    queryFn: ({ signal }) => api.get<{ data: AdminHuntSummary[]; page: number; pages: number; total: number }>(`/admin-new/api/bonus-hunts?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

/** Refetches every staff hunt query on each server-sent hunt change (another tab, another member of staff). */
export function useLiveAdminHunts() {
  const queryClient = useQueryClient();
  return useHuntEvents(useCallback(() => void queryClient.invalidateQueries({ queryKey: HUNTS }), [queryClient]));
}

/** One hunt as staff run it, kept in sync with every other tab by the hunt events (polled while they are down). */
export function useAdminHunt(id: number) {
  const live = useLiveAdminHunts();
  return useQuery({
    queryKey: huntKey(id),
    queryFn: ({ signal }) => api.get<HuntAnswer>(`/admin-new/api/bonus-hunts/${id}`, signal).then((body) => body.data),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

/** Puts the hunt a change answered with into the cache at once, and refreshes the list behind it. */
const storeHunt = (queryClient: QueryClient, answer: HuntAnswer) => {
  queryClient.setQueryData(huntKey(answer.data.id), answer.data);
  return queryClient.invalidateQueries({ queryKey: [...HUNTS, 'list'] });
};

export function useSaveHunt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: HuntInput }) =>
      id === null ? api.post<HuntAnswer>('/admin-new/api/bonus-hunts', input) : api.put<HuntAnswer>(`/admin-new/api/bonus-hunts/${id}`, input),
    onSuccess: (answer) => storeHunt(queryClient, answer),
  });
}

export function useDeleteHunt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin-new/api/bonus-hunts/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: huntKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...HUNTS, 'list'] });
    },
  });
}

/** The hunt-level actions: open or close predictions, finish. Each answers with the hunt as it now is. */
export type HuntAction = 'predictions/open' | 'predictions/close' | 'finish';
export function useHuntAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: HuntAction) => api.post<HuntAnswer>(`/admin-new/api/bonus-hunts/${id}/${action}`),
    onSuccess: (answer) => storeHunt(queryClient, answer),
  });
}

export function useAddGame(huntId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (game: GameInput) => api.post<HuntAnswer>(`/admin-new/api/bonus-hunts/${huntId}/games`, game),
    // A new name joined the catalogue, and a slot's plays went up: the type-ahead and the catalogue read again.
    onSuccess: (answer) => Promise.all([storeHunt(queryClient, answer), queryClient.invalidateQueries({ queryKey: ['admin', 'slots'] })]),
  });
}

export function useUpdateGame(huntId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, update }: { gameId: number; update: GameUpdate }) => api.patch<HuntAnswer>(`/admin-new/api/bonus-hunts/${huntId}/games/${gameId}`, update),
    onSuccess: (answer) => storeHunt(queryClient, answer),
  });
}

export function useRemoveGame(huntId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: number) => api.delete<HuntAnswer>(`/admin-new/api/bonus-hunts/${huntId}/games/${gameId}`),
    onSuccess: (answer) => storeHunt(queryClient, answer),
  });
}

/** Moves rows at once on screen; the server's order replaces it, or the old order comes back if it refuses. */
export function useReorderGames(huntId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameIds: number[]) => api.put<HuntAnswer>(`/admin-new/api/bonus-hunts/${huntId}/games/order`, { game_ids: gameIds }),
    onMutate: async (gameIds) => {
      await queryClient.cancelQueries({ queryKey: huntKey(huntId) });
      const before = queryClient.getQueryData<AdminHunt>(huntKey(huntId));
      if (before) {
        const byId = new Map(before.games.map((game) => [game.id, game]));
        queryClient.setQueryData<AdminHunt>(huntKey(huntId), { ...before, games: gameIds.map((id) => byId.get(id)!).filter(Boolean) });
      }
      return { before };
    },
    onError: (_failure, _ids, context) => context?.before && queryClient.setQueryData(huntKey(huntId), context.before),
    onSuccess: (answer) => storeHunt(queryClient, answer),
  });
}

