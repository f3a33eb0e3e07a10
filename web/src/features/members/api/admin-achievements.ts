import type { AchievementDefinition, AchievementInput } from '@common/contracts/achievements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

const DEFINITIONS = ['admin', 'achievements'] as const;
const MEMBERS = ['admin', 'members'] as const;
type Message = { message: string };

export const useAchievementDefinitions = () =>
  useQuery({
    queryKey: DEFINITIONS,
    queryFn: ({ signal }) => api.get<{ data: AchievementDefinition[] }>('/admin-new/api/achievements', signal).then((body) => body.data),
  });

/** Creates (no id) or saves an achievement definition. */
export function useSaveAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AchievementInput }) =>
      id === null ? api.post<Message>('/admin-new/api/achievements', input) : api.put<Message>(`/admin-new/api/achievements/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEFINITIONS }),
  });
}

export function useDeleteAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/admin-new/api/achievements/${id}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: DEFINITIONS }), queryClient.invalidateQueries({ queryKey: MEMBERS })]),
  });
}

/** Awards (grant) or takes back (revoke) an achievement for one member. */
export function useMemberAchievement(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grant, achievementId }: { grant: boolean; achievementId: number }) =>
      grant
        ? api.post<Message>(`/admin-new/api/members/${memberId}/achievements`, { achievement_id: achievementId })
        : api.delete<Message>(`/admin-new/api/members/${memberId}/achievements/${achievementId}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: MEMBERS }), queryClient.invalidateQueries({ queryKey: DEFINITIONS })]),
  });
}
