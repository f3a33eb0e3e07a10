import type { AdminTournament, MatchResultInput, TournamentInput } from '@common/contracts/tournaments-admin';
import type { AdminTournamentStatus } from '@common/tournaments';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Every staff tournament read sits under this key, so one invalidation refreshes the list and the open tournament. */
const TOURNAMENTS = ['admin', 'tournaments'] as const;
const tournamentKey = (id: number) => [...TOURNAMENTS, 'tournament', id] as const;
const BASE = '/admin-new/api/tournaments';

/** The server's page size (server/features/tournaments/tournaments-admin.service.ts). */
export const TOURNAMENTS_PER_PAGE = 20;

type Page<T> = { data: T[]; page: number; pages: number; total: number };
type TournamentAnswer = { message?: string; data: AdminTournament };

export const useAdminTournaments = ({ status, search, page }: { status: AdminTournamentStatus | 'all'; search: string; page: number }) =>
  useQuery({
    queryKey: [...TOURNAMENTS, 'list', { status, search, page }],
    queryFn: ({ signal }) =>
      api.get<Page<AdminTournament>>(`${BASE}?${new URLSearchParams({ ...(status === 'all' ? {} : { status }), search, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminTournament = (id: number) =>
  useQuery({ queryKey: tournamentKey(id), queryFn: ({ signal }) => api.get<{ data: AdminTournament }>(`${BASE}/${id}`, signal).then((body) => body.data) });

/** Puts the tournament a change answered with into the cache at once, and refreshes the lists behind it. */
const storeTournament = (queryClient: QueryClient, answer: TournamentAnswer) => {
  queryClient.setQueryData(tournamentKey(answer.data.id), answer.data);
  return queryClient.invalidateQueries({ queryKey: [...TOURNAMENTS, 'list'] });
};

/** A change refused: another member of staff may have moved the tournament on, so show where it stands. */
const refresh = (queryClient: QueryClient, id: number) => queryClient.invalidateQueries({ queryKey: tournamentKey(id) });

export function useSaveTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TournamentInput }) =>
      id === null ? api.post<TournamentAnswer>(BASE, input) : api.put<TournamentAnswer>(`${BASE}/${id}`, input),
    onSuccess: (answer) => storeTournament(queryClient, answer),
  });
}

export function useDeleteTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${BASE}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: tournamentKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...TOURNAMENTS, 'list'] });
    },
  });
}

/** The steps of a tournament's life; each answers with the tournament as it now is. */
export type TournamentStep = 'generate' | 'predictions/open' | 'predictions/close' | 'finish';
export function useTournamentStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: TournamentStep) => api.post<TournamentAnswer>(`${BASE}/${id}/${step}`),
    onSuccess: (answer) => storeTournament(queryClient, answer),
    onError: () => refresh(queryClient, id),
  });
}

/** Sets, changes or clears (winner_name null) one match's result; the answer has the re-scored predictions. */
export function useMatchResult(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, input }: { matchId: number; input: MatchResultInput }) => api.put<TournamentAnswer>(`${BASE}/${id}/matches/${matchId}`, input),
    onSuccess: (answer) => storeTournament(queryClient, answer),
    onError: () => refresh(queryClient, id),
  });
}
