import type { StreamStatus } from '@common/contracts/stream';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Spec 1 §9: polled on load and every 120 s. */
export const STREAM_STATUS_POLL_MS = 120_000;

export const streamStatusQuery = {
  queryKey: ['stream-status'],
  queryFn: async () => (await api.get<{ data: StreamStatus }>('/api/r/stream/status')).data,
  refetchInterval: STREAM_STATUS_POLL_MS,
  staleTime: STREAM_STATUS_POLL_MS,
};

export const useStreamStatus = () => useQuery(streamStatusQuery);
