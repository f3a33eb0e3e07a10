import type { TicketPriority } from '../../../common/tickets';
import type { Executor } from '../../db/types';
import { selectTickets } from './ticket-rows.repo';
import type { StoredTicketImage } from './ticket-views';

export interface NewTicket {
  userId: number;
  categoryId: number;
  title: string;
  description: string;
  priority: TicketPriority;
  images: readonly StoredTicketImage[];
  at: string;
}

/** The members' side of tickets: a member only ever reaches their own (decision 022). Kysely queries on the executor given. */
export const ticketsRepo = {
  /** Every ticket of the member, newest first (the page searches and counts them itself). */
  own: (db: Executor, userId: number) => selectTickets(db).where('t.user_id', '=', userId).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute(),

  /** The member's ticket `id`; undefined when it is missing or someone else's. */
  owned: (db: Executor, id: number, userId: number) => selectTickets(db).where('t.id', '=', id).where('t.user_id', '=', userId).executeTakeFirst(),

  /** In staff's order, then by name. */
  categories: (db: Executor) => db.selectFrom('ticket_categories').select(['id', 'name']).orderBy('position').orderBy('name').orderBy('id').execute(),

  categoryExists: async (db: Executor, id: number) => (await db.selectFrom('ticket_categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

  /** A new ticket is open, with no replies yet; answers its id. */
  async insert(db: Executor, ticket: NewTicket) {
    const row = await db
      .insertInto('tickets')
      .values({
        user_id: ticket.userId,
        category_id: ticket.categoryId,
        title: ticket.title,
        description: ticket.description,
        status: 'open',
        priority: ticket.priority,
        images: JSON.stringify(ticket.images),
        created_at: ticket.at,
        updated_at: ticket.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
};
