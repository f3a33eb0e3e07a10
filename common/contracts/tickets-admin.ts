import { z } from 'zod';
import { CONTACT_INBOX_FILTERS } from '../contact';
import { TICKET_CATEGORY_NAME_MAX, TICKET_PRIORITIES, TICKET_STATUSES } from '../tickets';
import { idText, pageOf, pageQueryParam, recordId } from './api';
import { huntMemberSchema } from './bonus-hunts';
import { replyFieldsSchema, ticketCategorySchema, ticketReplySchema, ticketSchema } from './tickets';

/* Staff running support: /admin-new/api/tickets, /ticket-categories and /contact-messages (decision 022). */

export const ticketMemberSchema = huntMemberSchema;

/** A ticket as staff see it: whose it is, who handles it, and when it last moved. */
export const adminTicketSchema = ticketSchema.extend({
  category_id: z.number().nullable(),
  user: ticketMemberSchema,
  assigned_to: ticketMemberSchema.nullable(),
  last_reply_at: z.string().nullable(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketListQuerySchema = z.object({
  status: z.enum(['all', ...TICKET_STATUSES], { error: 'Choose a status from the list.' }).default('all'),
  priority: z.enum(['all', ...TICKET_PRIORITIES], { error: 'Choose a priority from the list.' }).default('all'),
  category_id: idText.optional(),
  /** Only tickets nobody is assigned to. */
  unassigned: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  page: pageQueryParam,
});
export const adminTicketListSchema = pageOf(adminTicketSchema);
export const adminTicketDetailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ ticket: adminTicketSchema, replies: z.array(ticketReplySchema) }),
});

/** Staff change any of these; the member is notified of a status change. */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: 'Choose a status from the list.' }).optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: 'Choose a priority from the list.' }).optional(),
    /** A staff member's id, or null to unassign. */
    assigned_to: recordId('Choose a staff member.').nullable().optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), { message: 'Change the status, the priority or the assignee.' });

/**
 * A staff reply's multipart text fields (the images come as `images[n]`, with the members' rules). `status` is
 * where the reply leaves the ticket: 'waiting' (for the member) when absent. A closed ticket takes a staff reply
 * only when the same step sets another status (decision 022).
 */
export const staffReplyFieldsSchema = replyFieldsSchema.extend({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(TICKET_STATUSES, { error: 'Choose a status from the list.' }).optional()),
});
export type StaffReplyFields = z.infer<typeof staffReplyFieldsSchema>;

/** Staff who can be assigned a ticket (moderators and admins). */
export const assigneesResponseSchema = z.object({ success: z.literal(true), data: z.array(ticketMemberSchema) });

export const ticketCategoryInputSchema = z.object({
  name: z.string({ error: 'Give the category a name.' }).trim().min(2, 'Give the category a name of at least 2 characters.').max(TICKET_CATEGORY_NAME_MAX, `At most ${TICKET_CATEGORY_NAME_MAX} characters.`),
});
/** The categories in their new order (every category once); members' lists follow it. */
export const ticketCategoryOrderSchema = z.object({
  category_ids: z.array(recordId('Send the categories in their new order.'), { error: 'Send the categories in their new order.' }).min(1, 'Send the categories in their new order.').max(500),
});
export const adminTicketCategorySchema = ticketCategorySchema.extend({ tickets_count: z.number(), position: z.number() });
export const adminTicketCategoriesResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: z.array(adminTicketCategorySchema) });

/** A message from the contact form as staff read it. */
export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The signed-in member who sent it, if any. */
  user: ticketMemberSchema.nullable(),
  read_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  /** When staff were emailed about it (null: no SMTP settings, or sending failed). */
  emailed_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactInboxQuerySchema = z.object({
  filter: z.enum(CONTACT_INBOX_FILTERS, { error: 'Choose unread, read, archived or all.' }).default('unread'),
  page: pageQueryParam,
});
export const contactInboxSchema = pageOf(contactMessageSchema).extend({ unread: z.number() });
export const contactMessageUpdateSchema = z
  .object({ read: z.boolean({ error: 'Choose yes or no.' }).optional(), archived: z.boolean({ error: 'Choose yes or no.' }).optional() })
  .refine((update) => update.read !== undefined || update.archived !== undefined, { message: 'Mark it read or unread, archived or not.' });
export const contactMessageResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: contactMessageSchema });
