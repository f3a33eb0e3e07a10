import { sql } from 'kysely';
import type { TicketStatus } from '../../../common/tickets';
import type { Executor } from '../../db/types';
import type { StoredTicketImage } from './ticket-views';

/* Queries the members' and the staff services share: a ticket with its category's name, its replies, and writing a reply. */

/** Tickets with their category's name (toTicket's row). */
export const selectTickets = (db: Executor) =>
  db.selectFrom('tickets as t').leftJoin('ticket_categories as c', 'c.id', 't.category_id').selectAll('t').select('c.name as category_name');

export type TicketWithCategory = Awaited<ReturnType<ReturnType<typeof selectTickets>['executeTakeFirstOrThrow']>>;

/** A ticket's replies, oldest first, with their authors' columns (toReply's row). */
export const repliesOf = (db: Executor, ticketId: number) =>
  db
    .selectFrom('ticket_replies as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.username', 'u.discord_id', 'u.avatar'])
    .where('r.ticket_id', '=', ticketId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();

export interface NewReply {
  ticketId: number;
  userId: number;
  message: string;
  isAdmin: boolean;
  images: readonly StoredTicketImage[];
  at: string;
}

/**
 * One reply, in the caller's transaction: the ticket's count, last reply and status move first, in one conditional
 * statement (race-free on both dialects: twenty replies at once count twenty), then the reply row is written.
 * `status` is where the reply leaves the ticket ('member': a resolved or waiting ticket reopens, spec 2 §4 and
 * issue 11). Undefined (nothing written) when the ticket is missing, or closed and `closedToo` is false.
 */
export async function writeReply(trx: Executor, reply: NewReply, status: TicketStatus | 'member', closedToo = false) {
  const next =
    status === 'member'
      ? sql<TicketStatus>`case when status in ('resolved', 'waiting') then 'open' else status end`
      : sql<TicketStatus>`${status}`;
  const ticket = await trx
    .updateTable('tickets')
    .set((eb) => ({ replies_count: eb('replies_count', '+', 1), last_reply_at: reply.at, updated_at: reply.at, status: next }))
    .where('id', '=', reply.ticketId)
    .$if(!closedToo, (query) => query.where('status', '!=', 'closed'))
    .returningAll()
    .executeTakeFirst();
  if (!ticket) return undefined;
  const { id } = await trx
    .insertInto('ticket_replies')
    .values({ ticket_id: reply.ticketId, user_id: reply.userId, message: reply.message, is_admin: reply.isAdmin ? 1 : 0, images: JSON.stringify(reply.images), created_at: reply.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ticket, replyId: id };
}
