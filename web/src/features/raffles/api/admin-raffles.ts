import type { AdminRaffle, RaffleInput, RaffleRedrawInput } from '@common/contracts/raffles-admin';
import type { AdminRaffleStatus } from '@common/raffles';
import type { RaffleEntry } from '@common/contracts/raffles';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useImageUpload } from '@web/components/ui/image-upload';
import { api } from '@web/lib/api';
import { useRaffle } from './raffles';

/** Every staff raffle read sits under this key, so one invalidation refreshes the list, the raffle and its entries. */
const RAFFLES = ['admin', 'raffles'] as const;
const raffleKey = (id: number) => [...RAFFLES, 'raffle', id] as const;
const BASE = '/admin-new/api/raffles';

/** The server's page sizes (server/features/raffles/raffles-admin.service.ts). */
export const RAFFLES_PER_PAGE = 20;
export const RAFFLE_ENTRIES_PER_PAGE = 50;

type Page<T> = { data: T[]; page: number; pages: number; total: number };
type RaffleAnswer = { message: string; data: AdminRaffle };

export const useAdminRaffles = ({ status, search, page }: { status: AdminRaffleStatus | 'all'; search: string; page: number }) =>
  useQuery({
    queryKey: [...RAFFLES, 'list', { status, search, page }],
    queryFn: ({ signal }) =>
      api.get<Page<AdminRaffle>>(`${BASE}?${new URLSearchParams({ ...(status === 'all' ? {} : { status }), search, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminRaffle = (id: number) =>
  useQuery({ queryKey: raffleKey(id), queryFn: ({ signal }) => api.get<{ data: AdminRaffle }>(`${BASE}/${id}`, signal).then((body) => body.data) });

/** Whether the viewer holds an entry in this raffle, from the raffle's public page: staff who entered never draw it. */
export function useViewerEntered(id: number): boolean {
  const { data } = useRaffle(id);
  return (data?.user_stats?.total_entries ?? 0) > 0;
}

export const useAdminRaffleEntries = (id: number, search: string, page: number) =>
  useQuery({
    queryKey: [...raffleKey(id), 'entries', { search, page }],
    queryFn: ({ signal }) => api.get<Page<RaffleEntry>>(`${BASE}/${id}/entries?${new URLSearchParams({ search, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

/** Puts the raffle a change answered with into the cache at once, and refreshes the lists behind it. */
const storeRaffle = (queryClient: QueryClient, answer: RaffleAnswer) => {
  queryClient.setQueryData(raffleKey(answer.data.id), answer.data);
  return queryClient.invalidateQueries({ queryKey: [...RAFFLES, 'list'] });
};

export function useSaveRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RaffleInput }) => (id === null ? api.post<RaffleAnswer>(BASE, input) : api.put<RaffleAnswer>(`${BASE}/${id}`, input)),
    onSuccess: (answer) => storeRaffle(queryClient, answer),
  });
}

export function useDeleteRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${BASE}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: raffleKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...RAFFLES, 'list'] });
    },
  });
}

/** The steps of a raffle's life after its entries; each answers with the raffle as it now is. */
export type RaffleStep = 'close' | 'draw' | 'announce';
export function useRaffleStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: RaffleStep) => api.post<RaffleAnswer>(`${BASE}/${id}/${step}`),
    onSuccess: (answer) => storeRaffle(queryClient, answer),
    // Refused: another member of staff or the end-time job may have moved the raffle on; show where it stands.
    onError: () => queryClient.invalidateQueries({ queryKey: raffleKey(id) }),
  });
}

export function useRedraw(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RaffleRedrawInput) => api.post<RaffleAnswer>(`${BASE}/${id}/redraw`, input),
    onSuccess: (answer) => storeRaffle(queryClient, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: raffleKey(id) }),
  });
}

export const useUploadRaffleImage = () => useImageUpload(`${BASE}/images`);
