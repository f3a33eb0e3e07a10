import type { TicketReply } from '@common/contracts/tickets';
import type { AdminTicket } from '@common/contracts/tickets-admin';
import type { TicketPriority, TicketStatus } from '@common/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';

/* The staff's support calls (decision 022): the queue and one ticket under /admin-new/api/tickets, categories under /admin-new/api/ticket-categories. */

/** Every staff ticket read sits under this key, so a change, a reply or a category edit refreshes the queue, the ticket and the counts. */
const TICKETS = ['admin', 'tickets'] as const;
const BASE = '/admin-new/api/tickets';
const CATEGORIES_BASE = '/admin-new/api/ticket-categories';

/** The server's page size (server/features/tickets/tickets-admin.service.ts). */
export const TICKETS_PER_PAGE = 25;

export interface TicketQueueFilters {
  status: TicketStatus | 'all';
  priority: TicketPriority | 'all';
  /** A category id, or '' for every category. */
  category: string;
  unassigned: boolean;
  search: string;
  page: number;
}

type Page<T> = { data: T[]; page: number; pages: number; total: number };
export interface AdminTicketDetail {
  ticket: AdminTicket;
  replies: TicketReply[];
}
export type StaffMember = AdminTicket['user'];
export interface AdminTicketCategory {
  id: number;
  name: string;
  tickets_count: number;
  position: number;
}
type CategoriesAnswer = { message: string; data: AdminTicketCategory[] };

export const useTicketQueue = ({ status, priority, category, unassigned, search, page }: TicketQueueFilters) =>
  useQuery({
    queryKey: [...TICKETS, 'queue', { status, priority, category, unassigned, search, page }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status, priority, unassigned: String(unassigned), search, page: String(page) });
      if (category) params.set('category_id', category);
      return api.get<Page<AdminTicket>>(`${BASE}?${params}`, signal);
    },
    placeholderData: keepPreviousData,
  });

/** One ticket with its conversation; a malformed id (null) is not found without asking. Not retried: a 404 is an answer. */
export const useAdminTicket = (id: number | null) =>
  useQuery({
    queryKey: [...TICKETS, 'ticket', id],
    queryFn: ({ signal }) =>
      id === null ? Promise.reject(new ApiError(404, 'Ticket not found.')) : api.get<{ data: AdminTicketDetail }>(`${BASE}/${id}`, signal).then((body) => body.data),
    retry: false,
  });

/** Moderators and admins, the people a ticket can be assigned to. */
export const useAssignees = () =>
  useQuery({
    queryKey: [...TICKETS, 'assignees'],
    queryFn: ({ signal }) => api.get<{ data: StaffMember[] }>(`${BASE}/assignees`, signal).then((body) => body.data),
    staleTime: 5 * 60_000,
  });

const useRefreshAll = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TICKETS });
};

export type TicketChange = { status?: TicketStatus; priority?: TicketPriority; assigned_to?: number | null };

/** Status, priority or assignee; afterwards (also after a refusal) everything reloads. */
export function useUpdateTicket(id: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (change: TicketChange) => api.patch<{ message: string; data: AdminTicketDetail }>(`${BASE}/${id}`, change),
    onSettled: refresh,
  });
}

export interface StaffReplyInput {
  message: string;
  status: TicketStatus;
  images: File[];
}

/** A 'Support Team' reply with its screenshots (images[n]) and the status it leaves the ticket in. */
export function useStaffReply(id: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ message, status, images }: StaffReplyInput) => {
      const form = new FormData();
      form.append('message', message);
      form.append('status', status);
      for (const [index, image] of images.entries()) form.append(`images[${index}]`, image, image.name);
      return api.upload<{ message: string; data: TicketReply }>(`${BASE}/${id}/reply`, form);
    },
    onSettled: refresh,
  });
}

export const useAdminTicketCategories = () =>
  useQuery({
    queryKey: [...TICKETS, 'categories'],
    queryFn: ({ signal }) => api.get<{ data: AdminTicketCategory[] }>(CATEGORIES_BASE, signal),
  });

/** Creates (id null) or renames a category. */
export function useSaveCategory() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null ? api.post<CategoriesAnswer>(CATEGORIES_BASE, { name }) : api.put<CategoriesAnswer>(`${CATEGORIES_BASE}/${id}`, { name }),
    onSuccess: refresh,
  });
}

/** Every category in its new order; the list reloads either way (a refusal means someone else changed the list). */
export function useOrderCategories() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<CategoriesAnswer>(`${CATEGORIES_BASE}/order`, { category_ids: ids }),
    onSettled: refresh,
  });
}

export function useDeleteCategory() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => api.delete<CategoriesAnswer>(`${CATEGORIES_BASE}/${id}`),
    // Refused: a ticket may use it now; show the counts as they are.
    onSettled: refresh,
  });
}
