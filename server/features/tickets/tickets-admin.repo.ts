import { PostgresAdapter, sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { TicketPriority, TicketStatus } from '../../../common/tickets';
import { likeContains } from '../../db/like';
import type { DB, Executor, TicketsTable } from '../../db/types';
import { selectTickets } from './ticket-rows.repo';

type Aliased = DB & { t: TicketsTable };

export interface TicketQueueFilter {
  status: TicketStatus | 'all';
  priority: TicketPriority | 'all';
  category_id?: number;
  unassigned: boolean;
  search: string;
}

/** A ticket as staff see it: its category's name, its member's and its assignee's columns. */
const selectAdminTickets = (db: Executor) =>
  selectTickets(db)
    .innerJoin('users as m', 'm.id', 't.user_id')
    .leftJoin('users as a', 'a.id', 't.assigned_to')
    .select(['m.username', 'm.kick_username', 'm.discord_id', 'm.avatar'])
    .select(['a.username as assignee_username', 'a.kick_username as assignee_kick_username', 'a.discord_id as assignee_discord_id', 'a.avatar as assignee_avatar']);

export type AdminTicketRow = Awaited<ReturnType<ReturnType<typeof selectAdminTickets>['executeTakeFirstOrThrow']>>;

const STAFF_ROLES = ['moderator', 'admin'] as const;

/** Staff's ticket queue and categories: Kysely queries only, each on the executor it is given. */
export const ticketsAdminRepo = {
  /** Latest activity first (a reply or a change moves a ticket up). */
  async page(db: Executor, filter: TicketQueueFilter, limit: number, offset: number) {
    const where = (eb: ExpressionBuilder<Aliased & { m: DB['users'] }, 't' | 'm'>) =>
      eb.and([
        ...(filter.status !== 'all' ? [eb('t.status', '=', filter.status)] : []),
        ...(filter.priority !== 'all' ? [eb('t.priority', '=', filter.priority)] : []),
        ...(filter.category_id !== undefined ? [eb('t.category_id', '=', filter.category_id)] : []),
        ...(filter.unassigned ? [eb('t.assigned_to', 'is', null)] : []),
        ...(filter.search ? [eb.or([eb(sql`lower(t.title)`, 'like', likeContains(filter.search)), eb(sql`lower(m.username)`, 'like', likeContains(filter.search))])] : []),
      ]);
    const [rows, count] = await Promise.all([
      selectAdminTickets(db).where(where).orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('tickets as t').innerJoin('users as m', 'm.id', 't.user_id').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  byId: (db: Executor, id: number) => selectAdminTickets(db).where('t.id', '=', id).executeTakeFirst(),

  /** Sets the status only if it is another one: the row answers exactly when the status changed (and the member is told once). */
  changeStatus: (db: Executor, id: number, status: TicketStatus, at: string) =>
    db.updateTable('tickets').set({ status, updated_at: at }).where('id', '=', id).where('status', '!=', status).returning(['id', 'user_id', 'title']).executeTakeFirst(),

  update: (db: Executor, id: number, changes: { priority?: TicketPriority; assigned_to?: number | null; updated_at: string }) =>
    db.updateTable('tickets').set(changes).where('id', '=', id).returning('id').executeTakeFirst(),

  staff: (db: Executor) =>
    db.selectFrom('users').select(['id', 'username', 'kick_username', 'discord_id', 'avatar']).where('role', 'in', STAFF_ROLES).orderBy(sql`lower(username)`).orderBy('id').execute(),

  isStaff: async (db: Executor, userId: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', userId).where('role', 'in', STAFF_ROLES).executeTakeFirst()) !== undefined,

  /** In their order, with how many tickets each has. */
  categories: (db: Executor) =>
    db
      .selectFrom('ticket_categories as c')
      .select(['c.id', 'c.name', 'c.position'])
      .select((eb) => eb.selectFrom('tickets').whereRef('tickets.category_id', '=', 'c.id').select((inner) => inner.fn.countAll<number>().as('n')).as('tickets_count'))
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),

  nextCategoryPosition: async (db: Executor) =>
    Number((await db.selectFrom('ticket_categories').select((eb) => eb.fn.max('position').as('top')).executeTakeFirst())?.top ?? 0) + 1,

  insertCategory: (db: Executor, row: { name: string; name_key: string; position: number; at: string }) =>
    db.insertInto('ticket_categories').values({ name: row.name, name_key: row.name_key, position: row.position, created_at: row.at, updated_at: row.at }).execute(),

  renameCategory: (db: Executor, id: number, name: string, nameKey: string, at: string) =>
    db.updateTable('ticket_categories').set({ name, name_key: nameKey, updated_at: at }).where('id', '=', id).returning('id').executeTakeFirst(),

  categoryIds: async (db: Executor) => (await db.selectFrom('ticket_categories').select('id').execute()).map((row) => row.id),

  setCategoryPosition: (db: Executor, id: number, position: number, at: string) => db.updateTable('ticket_categories').set({ position, updated_at: at }).where('id', '=', id).execute(),

  ticketsInCategory: async (db: Executor, id: number) =>
    Number((await db.selectFrom('tickets').where('category_id', '=', id).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

  /**
   * Holds the category against members' new tickets: on PostgreSQL a ticket being inserted holds a key-share lock on
   * its category, which only FOR UPDATE waits for, so a delete never sets a ticket's category to null that it did not
   * count. SQLite runs one writing transaction at a time.
   */
  lockCategory(trx: Transaction<DB>, id: number) {
    const query = trx.selectFrom('ticket_categories').select(['id', 'name']).where('id', '=', id);
    return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  },

  deleteCategory: (db: Executor, id: number) => db.deleteFrom('ticket_categories').where('id', '=', id).execute(),

};
