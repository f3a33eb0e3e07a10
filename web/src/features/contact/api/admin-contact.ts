import type { ContactInboxFilter } from '@common/contact';
import type { ContactMessage } from '@common/contracts/tickets-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/* The staff's contact inbox (decision 022): /admin-new/api/contact-messages. */

const INBOX = ['admin', 'contact-messages'] as const;
const BASE = '/admin-new/api/contact-messages';

/** The server's page size (server/features/contact/contact.service.ts). */
export const CONTACT_MESSAGES_PER_PAGE = 25;

type Inbox = { data: ContactMessage[]; page: number; pages: number; total: number; unread: number };

export const useContactInbox = ({ filter, page }: { filter: ContactInboxFilter; page: number }) =>
  useQuery({
    queryKey: [...INBOX, { filter, page }],
    queryFn: ({ signal }) => api.get<Inbox>(`${BASE}?${new URLSearchParams({ filter, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

/** Marks one message read or unread, archived or not; every filter and the unread count reload either way. */
export function useUpdateContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: number; read?: boolean; archived?: boolean }) => api.patch<{ message: string; data: ContactMessage }>(`${BASE}/${id}`, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INBOX }),
  });
}
