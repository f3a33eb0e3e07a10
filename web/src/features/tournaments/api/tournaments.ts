import type { PredictInput, Tournament, TournamentDetail } from '@common/contracts/tournaments';
import type { TournamentFilter } from '@common/tournaments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

/** Every tournament read sits under this key, so one invalidation refreshes whatever the page shows. */
const TOURNAMENTS = ['tournaments'] as const;

/** Spec 2 §7 GET /api/r/tournaments, filtered on the server, newest first. */
export const useTournaments = (filter: TournamentFilter) =>
  useQuery<Tournament[]>({
    queryKey: [...TOURNAMENTS, 'list', filter],
    queryFn: ({ signal }) => api.get<{ data: Tournament[] }>(`/api/r/tournaments?${new URLSearchParams({ filter })}`, signal).then((body) => body.data),
    placeholderData: keepPreviousData,
  });

/** How often an open tournament looks again: results, other members' predictions and closing show up by themselves. */
const REFRESH_MS = 30_000;

/** Spec 2 §7 GET /api/r/tournaments/{id}: per member, since it carries their picks and their friends. */
export function useTournament(id: number, enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...TOURNAMENTS, id, 'detail', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: TournamentDetail }>(`/api/r/tournaments/${id}`, signal).then((body) => body.data),
    enabled,
    // A tournament that failed to load (not found) is not asked for again and again.
    refetchInterval: (query) => (query.state.data ? REFRESH_MS : false),
  });
}

/** Spec 2 §7 POST /api/r/tournaments/{id}/predict; afterwards (also after a refusal) the tournament reloads. */
export function usePredict(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PredictInput) => api.post<{ message: string }>(`/api/r/tournaments/${id}/predict`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOURNAMENTS }),
  });
}
