/* Support-ticket rules shared by the server and the pages (spec 2 §2–§9 tickets; decision 022). */

export const TICKET_STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  waiting: 'Waiting',
  resolved: 'Resolved',
  closed: 'Closed',
};
/** The list's chips (spec 2 §2): All Tickets, then every status, each with a count. */
export const TICKET_FILTERS = [{ key: 'all', label: 'All Tickets' }, ...TICKET_STATUSES.map((key) => ({ key, label: TICKET_STATUS_LABELS[key] }))] as const;

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';
/** Where a staff reply leaves the ticket unless staff choose otherwise: waiting for the member (decision 022). */
export const STAFF_REPLY_DEFAULT_STATUS: TicketStatus = 'waiting';

/** Spec 2 §9. */
export const TICKET_TITLE_MAX = 255;
export const TICKET_TEXT_MAX = 5000;
export const TICKET_IMAGES_MAX = 5;
export const TICKET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_CARD_EXCERPT = 100;
export const TICKET_CATEGORY_NAME_MAX = 60;

/** Spec 2 §5 and §8 texts. */
export const TICKET_TEXTS = {
  tooLarge: (name: string) => `File ${name} is too large. Maximum size is 5MB.`,
  notAnImage: (name: string) => `File ${name} is not an image.`,
  tooManyOnTicket: 'Maximum 5 images allowed per ticket.',
  tooManyOnReply: 'Maximum 5 images allowed per reply.',
  notFound: 'Ticket Not Found',
  /** Spec 2 §6: the owner-only rule's words, for a ticket that is not the member's (answered as not found). */
  noPermission: "Ticket not found, or you don't have permission to view it.",
  closed: 'This ticket is closed and cannot receive replies.',
  loadFailed: 'Failed to load tickets',
  detailsFailed: 'Failed to load ticket details',
  createFailed: 'Failed to create ticket',
  createNetwork: 'Failed to create ticket. Please try again.',
  replyFailed: 'Failed to add reply',
  replyNetwork: 'Failed to add reply. Please try again.',
  created: 'Ticket created successfully!',
  replied: 'Reply added successfully!',
} as const;

/** Spec 2 §5: the required fields' messages, checked by the server and, before sending, by the form. */
export const TICKET_REQUIRED = { title: 'The title is required.', description: 'The description is required.', category_id: 'The category is required.' } as const;

/** The card's description: cut at 100 characters (spec 2 §9), with an ellipsis when cut. */
export const ticketExcerpt = (text: string) => (text.length > TICKET_CARD_EXCERPT ? `${text.slice(0, TICKET_CARD_EXCERPT)}...` : text);

/** Spec 2 §4: closed tickets take no replies. A member's reply to a resolved or waiting ticket reopens it (issue 11). */
export const acceptsReplies = (status: TicketStatus) => status !== 'closed';
export const statusAfterMemberReply = (status: TicketStatus): TicketStatus => (status === 'resolved' || status === 'waiting' ? 'open' : status);
