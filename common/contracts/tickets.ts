import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_REQUIRED, TICKET_STATUSES, TICKET_TEXT_MAX, TICKET_TITLE_MAX } from '../tickets';
import { ID_MAX } from './api';

/* Support tickets as members see them (spec 2 §3 Ticket / Ticket category / Reply, §5, §7; decision 022). */

/** An attachment: where it is served (/storage/…) and the name it was uploaded with. */
export const ticketImageSchema = z.object({ url: z.string(), filename: z.string() });
export type TicketImage = z.infer<typeof ticketImageSchema>;

export const ticketCategorySchema = z.object({ id: z.number(), name: z.string() });
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** Spec 2 §3 Ticket; `category (name)`, null when the ticket has none or staff deleted it. */
export const ticketSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: ticketCategorySchema.pick({ name: true }).nullable(),
  status: z.enum(TICKET_STATUSES),
  status_label: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  priority_label: z.string(),
  replies_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  images: z.array(ticketImageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** Spec 2 §3 Reply; `is_admin` marks a staff reply ('Support Team'). */
export const ticketReplySchema = z.object({
  id: z.number(),
  message: z.string(),
  created_at: z.string(),
  is_admin: z.boolean(),
  user: z.object({ username: z.string(), avatar: z.string() }),
  images: z.array(ticketImageSchema),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

export const ticketListResponseSchema = z.object({ success: z.literal(true), data: z.array(ticketSchema) });
export const ticketCategoriesResponseSchema = z.object({ success: z.literal(true), data: z.array(ticketCategorySchema) });
export const ticketDetailResponseSchema = z.object({ success: z.literal(true), data: z.object({ ticket: ticketSchema, replies: z.array(ticketReplySchema) }) });

/** Spec 2 §5 Ticket create: the multipart text fields (the screenshots come as `images[n]` files). */
export const ticketFieldsSchema = z.object({
  title: z.string({ error: TICKET_REQUIRED.title }).trim().min(1, TICKET_REQUIRED.title).max(TICKET_TITLE_MAX, `The title may not be greater than ${TICKET_TITLE_MAX} characters.`),
  description: z
    .string({ error: TICKET_REQUIRED.description })
    .trim()
    .min(1, TICKET_REQUIRED.description)
    .max(TICKET_TEXT_MAX, `The description may not be greater than ${TICKET_TEXT_MAX} characters.`),
  // A form field, so text: digits only ("0x2" and "1e1" are no category), as ids in paths (idText).
  category_id: z
    .string({ error: TICKET_REQUIRED.category_id })
    .trim()
    .regex(/^\d+$/, TICKET_REQUIRED.category_id)
    .transform(Number)
    .pipe(z.number().positive(TICKET_REQUIRED.category_id).max(ID_MAX, 'The selected category is invalid.')),
  priority: z.enum(TICKET_PRIORITIES, { error: 'The priority must be low, medium, high or urgent.' }),
});
export type TicketFields = z.infer<typeof ticketFieldsSchema>;

/** Spec 2 §5 Reply: the multipart text field (images as `images[n]`). */
export const replyFieldsSchema = z.object({
  message: z.string({ error: 'The message is required.' }).trim().min(1, 'The message is required.').max(TICKET_TEXT_MAX, `The message may not be greater than ${TICKET_TEXT_MAX} characters.`),
});

export const ticketCreatedResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: ticketSchema });
export const replyAddedResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: ticketReplySchema });
