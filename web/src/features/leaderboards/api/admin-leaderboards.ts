import type { AdminPeriod, AdminSource, LeaderboardInput, PlatformInput } from '@common/contracts/leaderboards';
import type { SourceInputDraft, SourceTestResult } from '@common/contracts/wager-sources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LEADERBOARDS } from '@web/lib/admin-platforms';
import { api } from '@web/lib/api';

// The platforms query is shared with the VIP admin pages, so it lives in web/src/lib.
export { ADMIN_LEADERBOARDS, useAdminPlatforms } from '@web/lib/admin-platforms';

export type Message = { message: string };

/** A leaderboard's periods, newest first. */
export const useAdminPeriods = (leaderboardId: number | null) =>
  useQuery({
    queryKey: [...ADMIN_LEADERBOARDS, 'periods', leaderboardId],
    queryFn: ({ signal }) => api.get<{ data: AdminPeriod[] }>(`/admin-new/api/leaderboards/${leaderboardId}/periods`, signal).then((body) => body.data),
    enabled: leaderboardId !== null,
  });

/** A change on the leaderboards admin: refreshes every admin leaderboard query when it succeeds. */
export function useLeaderboardChange<Variables, Result = Message>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_LEADERBOARDS }) });
}

const BASE = '/admin-new/api/leaderboards';

export const useSavePlatform = () =>
  useLeaderboardChange(({ id, input }: { id: number | null; input: PlatformInput }) => (id === null ? api.post<Message>(`${BASE}/platforms`, input) : api.put<Message>(`${BASE}/platforms/${id}`, input)));

export const useDeletePlatform = () => useLeaderboardChange((id: number) => api.delete<Message>(`${BASE}/platforms/${id}`));

export const useUploadPlatformLogo = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ path: string }>(`${BASE}/platform-images`, form).then((body) => body.path);
    },
  });

export const useSaveLeaderboard = () =>
  useLeaderboardChange(({ platformId, id, input }: { platformId: number; id: number | null; input: LeaderboardInput }) =>
    id === null ? api.post<Message>(`${BASE}/platforms/${platformId}/leaderboards`, input) : api.put<Message>(`${BASE}/${id}`, input),
  );

export const useDeleteLeaderboard = () => useLeaderboardChange((id: number) => api.delete<Message>(`${BASE}/${id}`));

export const useSetPeriodDates = () => useLeaderboardChange(({ id, dates }: { id: number; dates: { starts_at: string; ends_at: string } }) => api.put<Message>(`${BASE}/${id}/period`, dates));

export const useEndPeriod = () => useLeaderboardChange((id: number) => api.post<Message>(`${BASE}/${id}/end-period`, {}));

export const useSetPrizes = () => useLeaderboardChange(({ id, prizes }: { id: number; prizes: number[] }) => api.put<Message>(`${BASE}/${id}/prizes`, { prizes }));

export const useSaveSource = () => useLeaderboardChange(({ id, input }: { id: number; input: SourceInputDraft }) => api.put<Message & { data: AdminSource }>(`${BASE}/${id}/source`, input));

export const useRemoveSource = () => useLeaderboardChange((id: number) => api.delete<Message>(`${BASE}/${id}/source`));

export const useSyncNow = () => useLeaderboardChange((id: number) => api.post<Message & { data: AdminSource }>(`${BASE}/${id}/source/sync`, {}));

/** Tries a source's settings without saving them. */
export const useTestSource = () =>
  useMutation({ mutationFn: ({ id, input }: { id: number; input: SourceInputDraft }) => api.post<{ data: SourceTestResult }>(`${BASE}/${id}/source/test`, input).then((body) => body.data) });
