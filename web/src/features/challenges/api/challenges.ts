import type { Challenge, ChallengeDetail, MyClaim } from '@common/contracts/challenges';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

/** Every challenge read sits under this key, so one invalidation refreshes whatever the page shows. */
const CHALLENGES = ['challenges'] as const;

/** Spec 1 §7 GET /api/r/challenges: every challenge a member may see (the page sorts them into its tabs). */
export function useChallenges() {
  const { user } = useAuth();
  return useQuery<Challenge[]>({
    // Per member: each challenge carries the member's own claim status.
    queryKey: [...CHALLENGES, 'list', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: Challenge[] }>('/api/r/challenges', signal).then((body) => body.data),
    enabled: user !== null,
  });
}

/** Spec 1 §7 GET /api/r/challenges/{id}: the challenge with its claims, for 'Challenge Details'. */
export function useChallenge(id: number | null) {
  const { user } = useAuth();
  return useQuery<ChallengeDetail>({
    queryKey: [...CHALLENGES, id, 'detail', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: ChallengeDetail }>(`/api/r/challenges/${id}`, signal).then((body) => body.data),
    enabled: user !== null && id !== null,
    // A failed load closes the dialog with a message; asking again on its own would repeat that message.
    retry: false,
  });
}

/** Spec 1 §7 GET /api/r/challenges/my-claims: the member's own claims with evidence and staff notes. */
export function useMyClaims() {
  const { user } = useAuth();
  return useQuery<MyClaim[]>({
    queryKey: [...CHALLENGES, 'my-claims', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: MyClaim[] }>('/api/r/challenges/my-claims', signal).then((body) => body.data),
    enabled: user !== null,
  });
}

export interface ClaimInput {
  description: string;
  images: File[];
}

/**
 * Spec 1 §7 POST /api/r/challenges/{id}/claim as multipart (description, evidence_images[n]). Afterwards (also after
 * a refusal, which may mean the challenge moved on) the list, the details and My Claims reload (spec 1 §4).
 */
export function useSubmitClaim(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ description, images }: ClaimInput) => {
      const form = new FormData();
      form.append('description', description);
      images.forEach((image, index) => form.append(`evidence_images[${index}]`, image, image.name));
      return api.upload<{ message?: string; data: MyClaim }>(`/api/r/challenges/${id}/claim`, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHALLENGES }),
  });
}
