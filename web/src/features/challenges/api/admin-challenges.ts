import type { AdminChallenge, AdminChallengeStatus, AdminClaim, ChallengeInput } from '@common/contracts/challenges-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useImageUpload } from '@web/components/ui/image-upload';
import { api } from '@web/lib/api';

/* The staff's challenge calls (decision 021): challenges under /admin-new/api/challenges, the claim queue under /admin-new/api/challenge-claims. */

/** Every staff challenge read sits under this key, so a save, a delete or a review refreshes the lists, the queue and its counts. */
const CHALLENGES = ['admin', 'challenges'] as const;
const BASE = '/admin-new/api/challenges';
const CLAIMS_BASE = '/admin-new/api/challenge-claims';

/** The server's page sizes (server/features/challenges/challenges-admin.service.ts, challenge-reviews.service.ts). */
export const CHALLENGES_PER_PAGE = 25;
export const CLAIMS_PER_PAGE = 25;

export type ClaimFilter = 'pending' | 'approved' | 'rejected' | 'all';
type Page<T> = { data: T[]; page: number; pages: number; total: number };
type ChallengeAnswer = { message?: string; data: AdminChallenge };
type ClaimAnswer = { message?: string; data: AdminClaim };

export const useAdminChallenges = ({ status, search, page }: { status: AdminChallengeStatus; search: string; page: number }) =>
  useQuery({
    queryKey: [...CHALLENGES, 'list', { status, search, page }],
    queryFn: ({ signal }) => api.get<Page<AdminChallenge>>(`${BASE}?${new URLSearchParams({ status, search, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

/** One challenge (the queue's "claims of …" filter names it even when none of its claims is listed). */
export const useAdminChallenge = (id: number | null) =>
  useQuery({
    queryKey: [...CHALLENGES, 'challenge', id],
    queryFn: ({ signal }) => api.get<{ data: AdminChallenge }>(`${BASE}/${id}`, signal).then((body) => body.data),
    enabled: id !== null,
  });

const useRefreshAll = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CHALLENGES });
};

export function useSaveChallenge() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ChallengeInput }) => (id === null ? api.post<ChallengeAnswer>(BASE, input) : api.put<ChallengeAnswer>(`${BASE}/${id}`, input)),
    onSuccess: refresh,
  });
}

export function useDeleteChallenge() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${BASE}/${id}`),
    onSuccess: refresh,
    // Refused: a claim may have come in meanwhile; show the challenge as it now is.
    onError: refresh,
  });
}

export const useUploadChallengeImage = () => useImageUpload(`${BASE}/image`);

export const useClaimQueue = ({ status, challengeId, page }: { status: ClaimFilter; challengeId: number | null; page: number }) =>
  useQuery({
    queryKey: [...CHALLENGES, 'claims', { status, challengeId, page }],
    queryFn: ({ signal }) =>
      api.get<Page<AdminClaim>>(`${CLAIMS_BASE}?${new URLSearchParams({ status, page: String(page), ...(challengeId === null ? {} : { challenge_id: String(challengeId) }) })}`, signal),
    placeholderData: keepPreviousData,
  });

export type ClaimDecision = 'approve' | 'reject';

/** Approves or rejects one claim; either way the queue reloads (a refusal means another reviewer moved first). */
export function useDecideClaim() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: number; decision: ClaimDecision; notes: string }) => api.post<ClaimAnswer>(`${CLAIMS_BASE}/${id}/${decision}`, { admin_notes: notes }),
    onSuccess: refresh,
    onError: refresh,
  });
}
