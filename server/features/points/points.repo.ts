import { sql, type Insertable } from 'kysely';
import { valueById } from '../../db/columns';
import { likeContains } from '../../db/like';
import type { Executor, PointsLedgerTable } from '../../db/types';

/** Staff ledger filters, with days already turned into instants. */
export interface LedgerFilter {
  member?: string;
  reason?: string;
  from?: string;
  /** Exclusive. */
  until?: string;
  /** Only entries older than this one (keyset paging for exports, steady while new entries arrive). */
  beforeId?: number;
}

function filtered(db: Executor, filter: LedgerFilter) {
  let query = db.selectFrom('points_ledger as l').innerJoin('users as u', 'u.id', 'l.user_id');
  if (filter.member) query = query.where(sql`lower(u.username)`, 'like', likeContains(filter.member));
  if (filter.reason) query = query.where('l.reason', '=', filter.reason);
  if (filter.from) query = query.where('l.created_at', '>=', filter.from);
  if (filter.until) query = query.where('l.created_at', '<', filter.until);
  if (filter.beforeId) query = query.where('l.id', '<', filter.beforeId);
  return query;
}

export const pointsRepo = {
  /**
   * Adds each member's delta to their balance in one statement, except where that would make it negative; answers the
   * new balance of every member it changed (a member refused or unknown is missing).
   */
  applyDeltas(db: Executor, deltas: ReadonlyMap<number, number>) {
    const delta = valueById('id', deltas);
    return db
      .updateTable('users')
      .set({ points: sql`points + ${delta}` })
      .where('id', 'in', [...deltas.keys()])
      .where(sql`points + ${delta}`, '>=', 0)
      .returning(['id', 'points'])
      .execute();
  },

  async balance(db: Executor, userId: number): Promise<number | undefined> {
    const row = await db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirst();
    return row?.points;
  },

  async insertEntries(db: Executor, entries: Insertable<PointsLedgerTable>[]): Promise<void> {
    await db.insertInto('points_ledger').values(entries).execute();
  },

  async history(db: Executor, userId: number, limit: number) {
    return db
      .selectFrom('points_ledger as l')
      .leftJoin('users as a', 'a.id', 'l.actor_id')
      .select([
        'l.id',
        'l.delta',
        'l.balance_after',
        'l.reason',
        'l.reference',
        'l.note',
        'l.created_at',
        'a.id as actor_id',
        'a.username as actor_username',
      ])
      .where('l.user_id', '=', userId)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  },

  async ownPage(db: Executor, userId: number, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('points_ledger')
        .select(['id', 'delta', 'balance_after', 'reason', 'note', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db.selectFrom('points_ledger').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  ledgerPage(db: Executor, filter: LedgerFilter, limit: number, offset: number) {
    return filtered(db, filter)
      .leftJoin('users as a', 'a.id', 'l.actor_id')
      .select([
        'l.id',
        'u.id as member_id',
        'u.username as member_username',
        'l.delta',
        'l.balance_after',
        'l.reason',
        'l.reference',
        'l.note',
        'a.id as actor_id',
        'a.username as actor_username',
        'l.created_at',
      ])
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async ledgerCount(db: Executor, filter: LedgerFilter): Promise<number> {
    const row = await filtered(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async reasons(db: Executor): Promise<string[]> {
    const rows = await db.selectFrom('points_ledger').select('reason').distinct().orderBy('reason').execute();
    return rows.map((row) => row.reason);
  },

  /** Members whose balance differs from the sum of their ledger: must always be empty. */
  async mismatches(db: Executor) {
    return db
      .selectFrom('users as u')
      .leftJoin('points_ledger as l', 'l.user_id', 'u.id')
      .select(['u.id', 'u.username', 'u.points', sql<number>`coalesce(sum(l.delta), 0)`.as('ledger_sum')])
      .groupBy(['u.id', 'u.username', 'u.points'])
      .having((eb) => eb('u.points', '!=', sql<number>`coalesce(sum(l.delta), 0)`))
      .execute();
  },

  async circulation(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`coalesce(sum(points), 0)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },
};
