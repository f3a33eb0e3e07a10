import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { AdminRaffleStatus } from '../../../common/raffles';
import { likeContains } from '../../db/like';
import type { DB, Executor } from '../../db/types';
import type { RafflePicksTable, RafflesTable } from '../../db/types-raffles';

/** The WHERE clause of each staff status (kept in step with the status the service computes for one raffle). */
function whereStatus(eb: ExpressionBuilder<DB, 'raffles'>, status: AdminRaffleStatus, at: string) {
  const open = eb.and([eb('entries_closed_at', 'is', null), eb('end_datetime', '>', at)]);
  switch (status) {
    case 'upcoming':
      return eb.and([open, eb('starts_at', '>', at)]);
    case 'open':
      return eb.and([open, eb('starts_at', '<=', at)]);
    case 'closed':
      return eb.and([eb('drawn_at', 'is', null), eb.or([eb('entries_closed_at', 'is not', null), eb('end_datetime', '<=', at)])]);
    case 'drawn':
      return eb.and([eb('drawn_at', 'is not', null), eb('announced_at', 'is', null)]);
    case 'announced':
      return eb('announced_at', 'is not', null);
  }
}

const entered = (eb: ExpressionBuilder<DB, 'raffles'>) => eb.exists(eb.selectFrom('raffle_entries').select('id').whereRef('raffle_entries.raffle_id', '=', 'raffles.id'));

const member = ['u.id as user_id', 'u.username', 'u.kick_username', 'u.discord_id', 'u.avatar'] as const;

/** Raffles as staff run them, and the writes of their draws: Kysely queries only, each on the executor it is given. */
export const rafflesAdminRepo = {
  async page(db: Executor, filter: { status?: AdminRaffleStatus; search: string; at: string }, limit: number, offset: number) {
    const where = (eb: ExpressionBuilder<DB, 'raffles'>) =>
      eb.and([
        ...(filter.status ? [whereStatus(eb, filter.status, filter.at)] : []),
        ...(filter.search ? [eb(sql`lower(title)`, 'like', likeContains(filter.search))] : []),
      ]);
    const [rows, count] = await Promise.all([
      db.selectFrom('raffles').selectAll().where(where).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('raffles').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Entries and distinct members with entries, per raffle. */
  async entryCounts(db: Executor, raffleIds: readonly number[]) {
    if (raffleIds.length === 0) return new Map<number, { total_entries: number; entrants_count: number }>();
    const rows = await db
      .selectFrom('raffle_entries')
      .select(['raffle_id', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.count<number>('user_id').distinct().as('entrants')])
      .where('raffle_id', 'in', raffleIds)
      .groupBy('raffle_id')
      .execute();
    return new Map(rows.map((row) => [row.raffle_id, { total_entries: Number(row.entries), entrants_count: Number(row.entrants) }]));
  },

  hasEntries: async (db: Executor, raffleId: number) =>
    (await db.selectFrom('raffle_entries').select('id').where('raffle_id', '=', raffleId).limit(1).executeTakeFirst()) !== undefined,

  find: (db: Executor, id: number) => db.selectFrom('raffles').selectAll().where('id', '=', id).executeTakeFirst(),

  insert: async (db: Executor, row: Insertable<RafflesTable>) => (await db.insertInto('raffles').values(row).returning('id').executeTakeFirstOrThrow()).id,

  /** Writes the row and holds its lock to the end of the transaction: entries and draws of this raffle wait. */
  update: (db: Executor, id: number, row: Updateable<RafflesTable>) => db.updateTable('raffles').set(row).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Deletes a raffle nobody entered; false otherwise. */
  deleteUnentered: async (db: Executor, id: number) =>
    Number(
      (
        await db
          .deleteFrom('raffles')
          .where('id', '=', id)
          .where((eb) => eb.not(entered(eb)))
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  /** One page of a raffle's entries, oldest first, optionally of members whose name contains `search`. */
  async entriesPage(db: Executor, raffleId: number, search: string, limit: number, offset: number) {
    let query = db.selectFrom('raffle_entries as e').innerJoin('users as u', 'u.id', 'e.user_id').where('e.raffle_id', '=', raffleId);
    if (search) {
      const pattern = likeContains(search);
      query = query.where((eb) => eb.or([eb(sql`lower(u.username)`, 'like', pattern), eb(sql`lower(u.kick_username)`, 'like', pattern)]));
    }
    const [rows, count] = await Promise.all([
      query.select(['e.id', 'e.entry_type', 'e.points_spent', 'e.created_at', ...member]).orderBy('e.id').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /**
   * Closes entries: writing the row waits for every entry holding it (each takes it shared, last), so an entry
   * either committed before (and is in the list read next) or finds entries closed. Undefined when they were
   * closed already.
   */
  closeEntries: (db: Executor, id: number, at: string) =>
    db.updateTable('raffles').set({ entries_closed_at: at, updated_at: at }).where('id', '=', id).where('entries_closed_at', 'is', null).returningAll().executeTakeFirst(),

  setEntriesHash: (db: Executor, id: number, hash: string) => db.updateTable('raffles').set({ entries_hash: hash }).where('id', '=', id).execute(),

  /** The entry list the hash and the draw are computed over. */
  drawEntries: (db: Executor, raffleId: number) => db.selectFrom('raffle_entries').select(['id', 'user_id']).where('raffle_id', '=', raffleId).orderBy('id').execute(),

  /** The draw's first write: exactly one transaction gets the row, any other gets undefined and changes nothing. */
  markDrawn: (db: Executor, id: number, at: string) =>
    db.updateTable('raffles').set({ drawn_at: at, updated_at: at }).where('id', '=', id).where('drawn_at', 'is', null).returningAll().executeTakeFirst(),

  markAnnounced: (db: Executor, id: number, at: string) =>
    db
      .updateTable('raffles')
      .set({ announced_at: at, updated_at: at })
      .where('id', '=', id)
      .where('drawn_at', 'is not', null)
      .where('announced_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** Holds a drawn raffle's row for a redraw, so redraws of one raffle take consecutive picks. */
  lockDrawn: (db: Executor, id: number, at: string) =>
    db.updateTable('raffles').set({ updated_at: at }).where('id', '=', id).where('drawn_at', 'is not', null).returningAll().executeTakeFirst(),

  insertPicks: (db: Executor, rows: Insertable<RafflePicksTable>[]) => db.insertInto('raffle_picks').values(rows).execute(),

  /** Marks a current pick replaced; undefined when there is no such pick or it was replaced already. */
  replacePick: (db: Executor, raffleId: number, position: number, at: string, reason: string) =>
    db
      .updateTable('raffle_picks')
      .set({ replaced_at: at, replace_reason: reason })
      .where('raffle_id', '=', raffleId)
      .where('position', '=', position)
      .where('replaced_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** Raffles past their end with something left for the job: entries to close, or an automatic draw to make. */
  due: (db: Executor, at: string) =>
    db
      .selectFrom('raffles')
      .select((eb) => ['id', 'auto_draw', entered(eb).as('entered')])
      .where('end_datetime', '<=', at)
      .where('drawn_at', 'is', null)
      .where((eb) => eb.or([eb('entries_closed_at', 'is', null), eb.and([eb('auto_draw', '=', 1), entered(eb)])]))
      .orderBy('end_datetime')
      .execute(),
};
