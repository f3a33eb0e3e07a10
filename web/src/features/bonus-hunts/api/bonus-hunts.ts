import type { BonusHunt, HuntAllTimeStats, HuntHistoryItem, Prediction, PredictionInput, SlotResults } from '@common/contracts/bonus-hunts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { useHuntEvents } from './use-hunt-events';

/** Spec 1 §9: the hunt page refreshes every 30 s, whether or not live events arrive. */
const REFRESH_MS = 30_000;

/** Every bonus-hunt read sits under this key, so one invalidation refreshes whatever the page shows. */
const HUNTS = ['bonus-hunts'] as const;

/** Spec 1 §7 GET /api/r/bonus-hunts/current, every 30 s (spec 1 §9); per member, since it carries their prediction. */
export function useCurrentHunt() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...HUNTS, 'current', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: BonusHunt | null }>('/api/r/bonus-hunts/current', signal).then((body) => body.data),
    refetchInterval: REFRESH_MS,
  });
}

export const useHuntHistory = () =>
  useQuery({
    queryKey: [...HUNTS, 'history'],
    queryFn: ({ signal }) => api.get<{ data: HuntHistoryItem[] }>('/api/r/bonus-hunts/history', signal).then((body) => body.data),
    refetchInterval: REFRESH_MS,
  });

export const useHuntStats = () =>
  useQuery({
    queryKey: [...HUNTS, 'stats'],
    queryFn: ({ signal }) => api.get<{ data: HuntAllTimeStats }>('/api/r/bonus-hunts/stats', signal).then((body) => body.data),
    refetchInterval: REFRESH_MS,
  });

export const useHuntPredictions = (huntId: number) =>
  useQuery({
    queryKey: [...HUNTS, huntId, 'predictions'],
    queryFn: ({ signal }) => api.get<{ data: Prediction[] }>(`/api/r/bonus-hunts/${huntId}/predictions`, signal).then((body) => body.data),
    refetchInterval: REFRESH_MS,
  });

/** A slot's results across hunts, asked for when its row is first expanded. */
export const useSlotResults = (slotName: string, enabled: boolean) =>
  useQuery({
    queryKey: [...HUNTS, 'slot-results', slotName],
    queryFn: ({ signal }) =>
      api.get<{ data: SlotResults }>(`/api/r/slots/results?${new URLSearchParams({ slot_name: slotName })}`, signal).then((body) => body.data),
    enabled,
  });

/** Sends the member's prediction; afterwards (also after a refusal: closed, or already predicted) the hunt and its predictions reload. */
export function usePredict(huntId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PredictionInput) => api.post<{ message: string; data: Prediction }>(`/api/r/bonus-hunts/${huntId}/predict`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HUNTS }),
  });
}

/** Live updates: every hunt change pushed by the server (or a reconnection) refetches what the page shows. */
export function useLiveHunts() {
  const queryClient = useQueryClient();
  return useHuntEvents(useCallback(() => void queryClient.invalidateQueries({ queryKey: HUNTS }), [queryClient]));
}
