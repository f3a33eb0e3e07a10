import type { Kysely } from 'kysely';
import { ID_MAX } from '../../../common/contracts/api';
import { ticketFieldsSchema, replyFieldsSchema, type Ticket, type TicketReply } from '../../../common/contracts/tickets';
import { acceptsReplies, DEFAULT_TICKET_PRIORITY, TICKET_TEXTS } from '../../../common/tickets';
import { isForeignKeyViolation } from '../../db/errors';
import type { DB } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import type { NotificationsService } from '../notifications/notifications.service';
import { repliesOf, writeReply } from './ticket-rows.repo';
import { formFields, withTicketImages, type TicketForm } from './ticket-uploads';
import { toReply, toTicket, type AvatarOf } from './ticket-views';
import { ticketsRepo as repo } from './tickets.repo';

export const TICKET_MESSAGES = {
  /** Spec 2 §2/§6: visitors get a login prompt instead of tickets. */
  signIn: 'Authentication Required. Please log in to use support tickets.',
  categoryInvalid: 'The selected category is invalid.',
} as const;

/** A ticket id from the address; null when it cannot be one (answered like a ticket that is not the member's). */
export function ticketIdOf(raw: string | number): number | null {
  if (!/^[1-9]\d{0,9}$/.test(String(raw))) return null;
  const id = Number(raw);
  return id <= ID_MAX ? id : null;
}

const invalidCategory = () => unprocessable(TICKET_MESSAGES.categoryInvalid, { category_id: [TICKET_MESSAGES.categoryInvalid] });

/**
 * A member's own support tickets (spec 2 §7 ticket calls; decision 022). Someone else's ticket, a missing one and an
 * id that cannot be one all answer the same 404, so an id reveals nothing. Every refusal is known before an image is
 * stored, and a write refused afterwards removes the images again.
 */
export function createTicketsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; uploads: UploadStore; notifications: NotificationsService }) {
  const { db, now, avatarOf, uploads } = deps;

  async function owned(userId: number, rawId: string | number) {
    const id = ticketIdOf(rawId);
    const row = id === null ? undefined : await repo.owned(db, id, userId);
    if (!row) throw notFound(TICKET_TEXTS.noPermission);
    return row;
  }

  const ownTicket = async (userId: number, id: number): Promise<Ticket> => toTicket((await repo.owned(db, id, userId))!);

  return {
    /** All the member's tickets, newest first. */
    list: async (userId: number): Promise<Ticket[]> => (await repo.own(db, userId)).map(toTicket),

    categories: () => repo.categories(db),

    /** The ticket and its replies, oldest first. */
    async get(userId: number, rawId: string | number): Promise<{ ticket: Ticket; replies: TicketReply[] }> {
      const row = await owned(userId, rawId);
      const replies = await repliesOf(db, row.id);
      return { ticket: toTicket(row), replies: replies.map((reply) => toReply(reply, avatarOf)) };
    },

    /** Spec 2 §5 Ticket create: an open ticket in an existing category, medium priority when none is sent. */
    async create(userId: number, form: TicketForm): Promise<{ message: string; data: Ticket }> {
      const fields = formFields(ticketFieldsSchema, { priority: DEFAULT_TICKET_PRIORITY, ...form.fields });
      if (!(await repo.categoryExists(db, fields.category_id))) throw invalidCategory();
      const id = await withTicketImages(uploads, form.files, async (images) => {
        try {
          return await repo.insert(db, { userId, categoryId: fields.category_id, title: fields.title, description: fields.description, priority: fields.priority, images, at: now().toISOString() });
        } catch (error) {
          // Staff deleted the category meanwhile.
          if (isForeignKeyViolation(error)) throw invalidCategory();
          throw error;
        }
      });
      return { message: TICKET_TEXTS.created, data: await ownTicket(userId, id) };
    },

    /**
     * Spec 2 §5 Reply: not on a closed ticket (409); a resolved or waiting ticket reopens. The reply, the ticket's
     * count, last reply and status are one transaction.
     */
    async reply(userId: number, rawId: string | number, form: TicketForm): Promise<{ message: string; data: TicketReply }> {
      const ticket = await owned(userId, rawId);
      const { message } = formFields(replyFieldsSchema, form.fields);
      if (!acceptsReplies(ticket.status)) throw conflict(TICKET_TEXTS.closed);
      const replyId = await withTicketImages(uploads, form.files, (images) =>
        db.transaction().execute(async (trx) => {
          const written = await writeReply(trx, { ticketId: ticket.id, userId, message, isAdmin: false, images, at: now().toISOString() }, 'member');
          if (!written) throw (await repo.owned(trx, ticket.id, userId)) ? conflict(TICKET_TEXTS.closed) : notFound(TICKET_TEXTS.noPermission);
          return written.replyId;
        }),
      );
      const reply = (await repliesOf(db, ticket.id)).find((row) => row.id === replyId)!;
      return { message: TICKET_TEXTS.replied, data: toReply(reply, avatarOf) };
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
