import { sql, type Insertable } from 'kysely';
import type { RaffleFilter } from '../../../common/raffles';
import { isPostgres } from '../../db/columns';
import type { Executor, RaffleEntriesTable } from '../../db/types';

/* Kysely queries of the members' side of raffles; each takes the executor it runs on (db or a transaction). */

/** How many raffles the public list carries at most, newest first. */
export const RAFFLE_LIST_LIMIT = 200;
/** Rows per INSERT, below both dialects' limits on bound parameters per statement. */
const INSERT_BATCH = 1000;

const memberColumns = ['u.id as user_id', 'u.username', 'u.kick_username', 'u.discord_id', 'u.avatar'] as const;

/**
 * A raffle row with its entries and distinct entrants, both counted on the (raffle, member) index: no counter
 * row that every entry would have to update and hold until its commit (migration 0011).
 */
const rafflesWithEntrants = (db: Executor) =>
  db
    .selectFrom('raffles as r')
    .selectAll('r')
    .select((eb) => [
      eb.selectFrom('raffle_entries as e').whereRef('e.raffle_id', '=', 'r.id').select(sql<number>`count(*)`.as('n')).as('total_entries'),
      eb.selectFrom('raffle_entries as e').whereRef('e.raffle_id', '=', 'r.id').select(sql<number>`count(distinct e.user_id)`.as('n')).as('entrants_count'),
    ]);

/**
 * The condition of "entries are open at `now`" (decision 019), the same in every query that needs it.
 * Unqualified: only raffles has these columns, and SQLite's UPDATE ... RETURNING takes no table alias.
 */
const openAt = (now: string) => sql<boolean>`entries_closed_at is null and starts_at <= ${now} and end_datetime > ${now}`;

export const raffleRepo = {
  list(db: Executor, filter: RaffleFilter, now: string) {
    let query = rafflesWithEntrants(db);
    if (filter === 'active') query = query.where(openAt(now));
    if (filter === 'ended') query = query.where((eb) => eb.or([eb('r.end_datetime', '<=', now), eb('r.entries_closed_at', 'is not', null)]));
    if (filter === 'free') query = query.where('r.allow_passwordless_entry', '=', 1);
    return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(RAFFLE_LIST_LIMIT).execute();
  },

  find: (db: Executor, id: number) => rafflesWithEntrants(db).where('r.id', '=', id).executeTakeFirst(),

  /** The raffle row alone (no counting), for the checks before an entry. */
  row: (db: Executor, id: number) => db.selectFrom('raffles').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Every pick of some raffles' draws in order, with the member and the entry's type. */
  picksOf(db: Executor, raffleIds: readonly number[]) {
    if (raffleIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('raffle_picks as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .innerJoin('raffle_entries as e', 'e.id', 'p.entry_id')
      .where('p.raffle_id', 'in', raffleIds)
      .select(['p.raffle_id', 'p.position', 'p.entry_id', 'p.selected_at', 'p.replaced_at', 'p.replace_reason', 'e.entry_type', ...memberColumns])
      .orderBy('p.raffle_id')
      .orderBy('p.position')
      .execute();
  },

  /** A raffle's entries with their members, oldest first (id order: the order the entries hash is computed in). */
  entries: (db: Executor, raffleId: number) =>
    db
      .selectFrom('raffle_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .where('e.raffle_id', '=', raffleId)
      .select(['e.id', 'e.entry_type', 'e.points_spent', 'e.created_at', ...memberColumns])
      .orderBy('e.id')
      .execute(),

  /** One member's entries of a raffle, newest first. */
  entriesOf: (db: Executor, raffleId: number, userId: number) =>
    db
      .selectFrom('raffle_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .where('e.raffle_id', '=', raffleId)
      .where('e.user_id', '=', userId)
      .select(['e.id', 'e.entry_type', 'e.points_spent', 'e.created_at', ...memberColumns])
      .orderBy('e.id', 'desc')
      .execute(),

  /** Some members' entries of a raffle by type: how many, and the points they cost. */
  memberTotals: (db: Executor, raffleId: number, userIds: readonly number[]) =>
    db
      .selectFrom('raffle_entries')
      .where('raffle_id', '=', raffleId)
      .where('user_id', 'in', userIds)
      .select(['user_id', 'entry_type', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.sum<number>('points_spent').as('points')])
      .groupBy(['user_id', 'entry_type'])
      .execute(),

  /**
   * The first step of every batch of entries: the raffle's row while entries are still open, with its total, and a
   * shared lock on PostgreSQL (SQLite runs one writing transaction at a time anyway). Batches hold it side by side
   * until they commit; closing and staff edits write the row, so they wait for them, and no entry commits after the
   * entry list is frozen or under rules that have changed.
   */
  openForEntries(db: Executor, raffleId: number, now: string) {
    const query = db
      .selectFrom('raffles')
      .selectAll()
      .select((eb) => [eb.selectFrom('raffle_entries as e').whereRef('e.raffle_id', '=', 'raffles.id').select(sql<number>`count(*)`.as('n')).as('total_entries')])
      .where('id', '=', raffleId)
      .where(openAt(now));
    return (isPostgres(db) ? query.forShare() : query).executeTakeFirst();
  },

  async insertEntries(db: Executor, rows: Insertable<RaffleEntriesTable>[]) {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await db.insertInto('raffle_entries').values(rows.slice(start, start + INSERT_BATCH)).execute();
    }
  },

  /** Every raffle entry a member holds (profiles count these). */
  entriesCountBy: async (db: Executor, userId: number) =>
    Number((await db.selectFrom('raffle_entries').where('user_id', '=', userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

  /**
   * Some members' entries of every raffle, by whether they are of this raffle and by type: one statement gives both
   * what a batch of entries checks (this raffle's) and what the raffle_entries achievements count (all of them).
   */
  entriesByRaffle: (db: Executor, raffleId: number, userIds: readonly number[]) =>
    db
      .selectFrom('raffle_entries')
      .where('user_id', 'in', userIds)
      .select((eb) => [
        'user_id',
        'entry_type',
        sql<boolean>`raffle_id = ${sql.lit(raffleId)}`.as('this_raffle'),
        eb.fn.countAll<number>().as('entries'),
        eb.fn.sum<number>('points_spent').as('points'),
      ])
      // The id written out (a number, checked as such), so that PostgreSQL sees the same expression in both places.
      .groupBy(['user_id', 'entry_type', sql`raffle_id = ${sql.lit(raffleId)}`])
      .execute(),

  /** A member's latest entries with their raffles, for the profile page. */
  recentEntriesBy: (db: Executor, userId: number, limit: number) =>
    db
      .selectFrom('raffle_entries as e')
      .innerJoin('raffles as r', 'r.id', 'e.raffle_id')
      .where('e.user_id', '=', userId)
      .select(['e.id', 'e.created_at', 'e.entry_type', 'e.points_spent', 'r.title', 'r.starts_at', 'r.end_datetime', 'r.entries_closed_at'])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute(),
};

export type RaffleWithEntrants = NonNullable<Awaited<ReturnType<typeof raffleRepo.find>>>;
export type RafflePickWithMember = Awaited<ReturnType<typeof raffleRepo.picksOf>>[number];
export type RaffleEntryWithMember = Awaited<ReturnType<typeof raffleRepo.entries>>[number];
