import type { Friend, FriendshipState, MemberSummary, PendingRequest, UserSearchResult } from '@common/contracts/friends';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useSiteSettings } from '@web/lib/site-settings';

interface Listing<T> {
  success: boolean;
  data: T;
  disabled?: boolean;
  message?: string;
}

const FRIENDS = ['friends'] as const;

/** Spec 1 §8: friends failures are only logged; a disabled answer is not a failure at all. */
function read<T>(path: string, signal: AbortSignal, empty: T) {
  return api.get<Listing<T>>(path, signal).then((body) => (body.disabled ? empty : body.data));
}

/** The friends feature as staff set it in Site settings. */
export const useFriendsEnabled = () => useSiteSettings().friends_enabled;

export const useFriends = (enabled: boolean) =>
  useQuery({ queryKey: [...FRIENDS, 'list'], queryFn: ({ signal }) => read<Friend[]>('/api/r/friends', signal, []), enabled, refetchInterval: 120_000 });

export const usePendingRequests = (enabled: boolean) =>
  useQuery({ queryKey: [...FRIENDS, 'pending'], queryFn: ({ signal }) => read<PendingRequest[]>('/api/r/friends/pending', signal, []), enabled });

export const usePendingCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...FRIENDS, 'pending-count'],
    queryFn: ({ signal }) => read<{ count: number }>('/api/r/friends/pending/count', signal, { count: 0 }).then((data) => data.count),
    enabled,
    refetchInterval: 60_000,
  });

/** Spec 1 §5: the caller debounces; an empty or blank query makes no call. */
export const useFriendSearch = (query: string) =>
  useQuery({
    queryKey: [...FRIENDS, 'search', query],
    queryFn: ({ signal }) => read<UserSearchResult[]>(`/api/r/friends/search?query=${encodeURIComponent(query)}`, signal, []),
    enabled: query.trim().length > 0,
    staleTime: 10_000,
  });

export const useMutualFriends = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...FRIENDS, 'mutual', userId],
    queryFn: ({ signal }) => read<MemberSummary[]>(`/api/r/friends/mutual/${userId}`, signal, []),
    enabled,
  });

export type FriendAction =
  | { kind: 'request'; userId: number }
  | { kind: 'accept' | 'decline' | 'remove'; friendshipId: number };

/** Spec 2 §8: what each action says when it fails and the server gave no sentence. */
export const FRIEND_ACTION_FAILURES: Record<FriendAction['kind'], string> = {
  request: 'Failed to send friend request',
  accept: 'Failed to accept friend request',
  decline: 'Failed to decline friend request',
  remove: 'Failed to remove friend',
};

type ActionResult = { success: true; message: string; data: { friendship_id: number | null; friendship: FriendshipState } };

function send(action: FriendAction) {
  if (action.kind === 'request') return api.post<ActionResult>('/api/r/friends/request', { user_id: action.userId });
  if (action.kind === 'remove') return api.delete<ActionResult>(`/api/r/friends/${action.friendshipId}`);
  return api.post<ActionResult>(`/api/r/friends/${action.friendshipId}/${action.kind}`);
}

/**
 * Any friend action; afterwards friends, pending requests, searches and profiles reload. The outcome
 * callbacks belong to the mutation, not to one mutate() call: the row that was clicked may already be
 * gone (its list reloaded) when the answer arrives, and its result must still be told.
 */
export function useFriendAction(outcome: { onSuccess(result: ActionResult): void; onError(error: Error, action: FriendAction): void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => outcome.onSuccess(result),
    onError: (error, action) => outcome.onError(error, action),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FRIENDS }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]);
    },
  });
}
