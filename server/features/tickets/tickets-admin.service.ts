import type { Kysely, Transaction } from 'kysely';
import { staffReplyFieldsSchema, type AdminTicket } from '../../../common/contracts/tickets-admin';
import type { TicketReply } from '../../../common/contracts/tickets';
import { countOf } from '../../../common/format';
import { STAFF_REPLY_DEFAULT_STATUS, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from '../../../common/tickets';
import { isUniqueViolation } from '../../db/errors';
import type { DB, UserRow } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { UploadStore } from '../../platform/uploads';
import type { NotificationsService } from '../notifications/notifications.service';
import { repliesOf, writeReply } from './ticket-rows.repo';
import { formFields, withTicketImages, type TicketForm } from './ticket-uploads';
import { toReply, toTicket, type AvatarOf } from './ticket-views';
import { ticketsAdminRepo as repo, type AdminTicketRow, type TicketQueueFilter } from './tickets-admin.repo';

export const TICKETS_PER_PAGE = 25;

export const TICKET_ADMIN_MESSAGES = {
  notFound: 'Ticket not found.',
  notStaff: 'Choose a staff member (a moderator or an admin).',
  /** A staff reply to a closed ticket must reopen it in the same step (decision 022). */
  closed: 'This ticket is closed. Choose another status to reopen it with your reply.',
  categoryNotFound: 'Category not found.',
  categoryTaken: 'There is already a category with this name.',
  categoryInUse: (count: number) => `This category has ${countOf(count, 'ticket')}, so it cannot be deleted. Rename it instead.`,
  order: 'Send every category once, in the new order.',
} as const;

/** Two names members could not tell apart share a key ("Bug report" and " bug  Report "). */
const nameKeyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

type MemberColumns = Pick<UserRow, 'id' | 'username' | 'kick_username' | 'discord_id' | 'avatar'>;
const memberOf = (avatarOf: AvatarOf, member: MemberColumns) => ({ id: member.id, username: member.username, kick_username: member.kick_username, avatar_url: avatarOf(member) });

/** The ticket's own title in notifications, cut so a long one stays readable. */
const titleOf = (title: string) => `"${title.length > 60 ? `${title.slice(0, 60)}...` : title}"`;

/**
 * Staff running support (decision 022): the queue, one ticket with its conversation, status, priority and assignee,
 * staff replies ('Support Team') and the categories. The member is told of every staff reply and status change,
 * in the transaction of the change.
 */
export function createTicketsAdminService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; uploads: UploadStore; notifications: NotificationsService }) {
  const { db, now, avatarOf, uploads, notifications } = deps;

  function toAdminTicket(row: AdminTicketRow): AdminTicket {
    return {
      ...toTicket(row),
      category_id: row.category_id,
      user: memberOf(avatarOf, { id: row.user_id, username: row.username, kick_username: row.kick_username, discord_id: row.discord_id, avatar: row.avatar }),
      assigned_to:
        row.assigned_to === null || row.assignee_username === null
          ? null
          : memberOf(avatarOf, { id: row.assigned_to, username: row.assignee_username, kick_username: row.assignee_kick_username, discord_id: row.assignee_discord_id ?? '', avatar: row.assignee_avatar }),
      last_reply_at: row.last_reply_at,
    };
  }

  async function get(id: number): Promise<{ ticket: AdminTicket; replies: TicketReply[] }> {
    const row = await repo.byId(db, id);
    if (!row) throw notFound(TICKET_ADMIN_MESSAGES.notFound);
    const replies = await repliesOf(db, id);
    return { ticket: toAdminTicket(row), replies: replies.map((reply) => toReply(reply, avatarOf)) };
  }

  const inTransaction = <T>(work: (trx: Transaction<DB>, at: string) => Promise<T>) => db.transaction().execute((trx) => work(trx, now().toISOString()));

  const statusNote = (status: TicketStatus) => `Status: ${TICKET_STATUS_LABELS[status]}.`;

  async function categories() {
    return (await repo.categories(db)).map((row) => ({ id: row.id, name: row.name, position: Number(row.position), tickets_count: Number(row.tickets_count) }));
  }

  /** A category write whose name another category already has is a 422 on the name. */
  async function namedCategory(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable(TICKET_ADMIN_MESSAGES.categoryTaken, { name: [TICKET_ADMIN_MESSAGES.categoryTaken] });
      throw error;
    }
    return categories();
  }

  return {
    get,

    async list(query: TicketQueueFilter & { page: number }): Promise<{ tickets: AdminTicket[]; total: number }> {
      const { rows, total } = await repo.page(db, query, TICKETS_PER_PAGE, (query.page - 1) * TICKETS_PER_PAGE);
      return { tickets: rows.map(toAdminTicket), total };
    },

    /** Moderators and admins, by name. */
    assignees: async () => (await repo.staff(db)).map((member) => memberOf(avatarOf, member)),

    /** Absent fields stay; the member is told when the status actually changes (once, even if two staff set it at once). */
    async update(id: number, changes: { status?: TicketStatus; priority?: TicketPriority; assigned_to?: number | null }) {
      await inTransaction(async (trx, at) => {
        if (!(await repo.update(trx, id, { updated_at: at }))) throw notFound(TICKET_ADMIN_MESSAGES.notFound);
        if (changes.assigned_to != null && !(await repo.isStaff(trx, changes.assigned_to))) {
          throw unprocessable(TICKET_ADMIN_MESSAGES.notStaff, { assigned_to: [TICKET_ADMIN_MESSAGES.notStaff] });
        }
        await repo.update(trx, id, { priority: changes.priority, assigned_to: changes.assigned_to, updated_at: at });
        const changed = changes.status && (await repo.changeStatus(trx, id, changes.status, at));
        if (changed) {
          await notifications.notify(trx, changed.user_id, {
            type: 'ticket_status',
            message: `Your ticket ${titleOf(changed.title)} is now ${TICKET_STATUS_LABELS[changes.status!]}.`,
            link: `/tickets/${id}`,
          });
        }
      });
      return get(id);
    },

    /**
     * A staff reply ('Support Team'): the fields are checked, then whether the ticket takes it, before an image is
     * stored; the reply, the ticket's count, last reply and status (waiting unless the form says otherwise) and the
     * member's notification are one transaction. A closed ticket takes it only with another status chosen.
     */
    async reply(staffId: number, id: number, form: TicketForm): Promise<TicketReply> {
      const fields = formFields(staffReplyFieldsSchema, form.fields);
      const status = fields.status ?? STAFF_REPLY_DEFAULT_STATUS;
      const reopens = fields.status !== undefined && fields.status !== 'closed';
      const found = await repo.byId(db, id);
      if (!found) throw notFound(TICKET_ADMIN_MESSAGES.notFound);
      if (found.status === 'closed' && !reopens) throw conflict(TICKET_ADMIN_MESSAGES.closed);

      const replyId = await withTicketImages(uploads, form.files, (images) =>
        inTransaction(async (trx, at) => {
          const written = await writeReply(trx, { ticketId: id, userId: staffId, message: fields.message, isAdmin: true, images, at }, status, reopens);
          if (!written) {
            // Closed or removed between the check and the write.
            if (await repo.byId(trx, id)) throw conflict(TICKET_ADMIN_MESSAGES.closed);
            throw notFound(TICKET_ADMIN_MESSAGES.notFound);
          }
          const moved = written.ticket.status !== found.status ? ` ${statusNote(written.ticket.status)}` : '';
          await notifications.notify(trx, found.user_id, {
            type: 'ticket_reply',
            message: `Support Team replied to your ticket ${titleOf(found.title)}.${moved}`,
            link: `/tickets/${id}`,
          });
          return written.replyId;
        }),
      );
      const reply = (await repliesOf(db, id)).find((row) => row.id === replyId)!;
      return toReply(reply, avatarOf);
    },

    categories,

    createCategory: (name: string) =>
      namedCategory(() => inTransaction(async (trx, at) => repo.insertCategory(trx, { name, name_key: nameKeyOf(name), position: await repo.nextCategoryPosition(trx), at }))),

    renameCategory: (id: number, name: string) =>
      namedCategory(async () => {
        if (!(await repo.renameCategory(db, id, name, nameKeyOf(name), now().toISOString()))) throw notFound(TICKET_ADMIN_MESSAGES.categoryNotFound);
      }),

    /** The new order names every category exactly once. */
    async orderCategories(ids: number[]) {
      await inTransaction(async (trx, at) => {
        const current = new Set(await repo.categoryIds(trx));
        if (ids.length !== current.size || new Set(ids).size !== ids.length || ids.some((id) => !current.has(id))) {
          throw unprocessable(TICKET_ADMIN_MESSAGES.order, { category_ids: [TICKET_ADMIN_MESSAGES.order] });
        }
        for (const [index, id] of ids.entries()) await repo.setCategoryPosition(trx, id, index + 1, at);
      });
      return categories();
    },

    /** Only a category no ticket uses: a ticket never loses its category (decision 022). */
    async deleteCategory(id: number) {
      await inTransaction(async (trx) => {
        if (!(await repo.lockCategory(trx, id))) throw notFound(TICKET_ADMIN_MESSAGES.categoryNotFound);
        const used = await repo.ticketsInCategory(trx, id);
        if (used > 0) throw conflict(TICKET_ADMIN_MESSAGES.categoryInUse(used));
        await repo.deleteCategory(trx, id);
      });
      return categories();
    },
  };
}

export type TicketsAdminService = ReturnType<typeof createTicketsAdminService>;

