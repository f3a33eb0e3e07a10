import type { Captcha, ContactInput } from '@common/contracts/contact';
import { CAPTCHA_TTL_MS } from '@common/contact';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * Spec 1 §7 GET /api/r/captcha. Each captcha is good for one answer (decision 022): never cached, never
 * shared, asked again a minute before it would expire so a slow writer still sends a live one.
 */
export function useCaptcha() {
  return useQuery<Captcha>({
    queryKey: ['contact', 'captcha'],
    queryFn: ({ signal }) => api.get<Captcha>('/api/r/captcha', signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: CAPTCHA_TTL_MS - 60_000,
    retry: false,
  });
}

/** Spec 1 §7 POST /api/r/contact. */
export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<{ success: true; message: string }>('/api/r/contact', input),
  });
}
