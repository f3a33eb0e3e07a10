import type { Ticket, TicketCategory, TicketReply } from '@common/contracts/tickets';
import type { TicketPriority } from '@common/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

/** Every ticket read sits under this key, so one invalidation refreshes the list and the details. */
const TICKETS = ['tickets'] as const;

/** Spec 2 §7 GET /api/r/tickets: the signed-in member's own tickets (the page filters and searches them). */
export function useTickets() {
  const { user } = useAuth();
  return useQuery<Ticket[]>({
    queryKey: [...TICKETS, 'list', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: Ticket[] }>('/api/r/tickets', signal).then((body) => body.data),
    enabled: user !== null,
  });
}

/** Spec 2 §7 GET /api/r/tickets/categories: the choices of the create form, in staff's order. */
export function useTicketCategories() {
  const { user } = useAuth();
  return useQuery<TicketCategory[]>({
    queryKey: [...TICKETS, 'categories'],
    queryFn: ({ signal }) => api.get<{ data: TicketCategory[] }>('/api/r/tickets/categories', signal).then((body) => body.data),
    enabled: user !== null,
    staleTime: 5 * 60_000,
  });
}

export interface TicketDetail {
  ticket: Ticket;
  replies: TicketReply[];
}

/** Spec 2 §7 GET /api/r/tickets/{id}: the ticket and its conversation. Not retried: a 404 is an answer, and other failures leave the page. */
export function useTicket(id: number | null) {
  const { user } = useAuth();
  return useQuery<TicketDetail>({
    queryKey: [...TICKETS, id, 'detail', user?.id ?? null],
    queryFn: ({ signal }) => api.get<{ data: TicketDetail }>(`/api/r/tickets/${id}`, signal).then((body) => body.data),
    enabled: user !== null && id !== null,
    retry: false,
  });
}

/** Text fields and screenshots as the multipart forms of spec 2 §7 send them (`images[n]`). */
function multipart(fields: Record<string, string>, images: readonly File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  images.forEach((image, index) => form.append(`images[${index}]`, image, image.name));
  return form;
}

export interface TicketInput {
  title: string;
  description: string;
  category_id: string;
  priority: TicketPriority;
  images: File[];
}

/** Spec 2 §7 POST /api/r/tickets; the list reloads afterwards. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ images, ...fields }: TicketInput) => api.upload<{ message: string; data: Ticket }>('/api/r/tickets', multipart(fields, images)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...TICKETS, 'list'] }),
  });
}

/** Spec 2 §7 POST /api/r/tickets/{id}/reply; afterwards (also after a refusal: the ticket may have closed) the ticket and the list reload. */
export function useReplyToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, images }: { message: string; images: File[] }) =>
      api.upload<{ message: string; data: TicketReply }>(`/api/r/tickets/${id}/reply`, multipart({ message }, images)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TICKETS }),
  });
}
