import { sql, type Insertable } from 'kysely';
import type { Executor, PointsLedgerTable } from '../../db/types';

export const pointsRepo = {
  /** Adds delta to the balance unless that would make it negative; undefined when refused or no such member. */
  async applyDelta(db: Executor, userId: number, delta: number): Promise<number | undefined> {
    const row = await db
      .updateTable('users')
      .set({ points: sql`points + ${delta}` })
      .where('id', '=', userId)
      .where('points', '>=', Math.max(0, -delta))
      .returning('points')
      .executeTakeFirst();
    return row?.points;
  },

  async balance(db: Executor, userId: number): Promise<number | undefined> {
    const row = await db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirst();
    return row?.points;
  },

  async insertEntry(db: Executor, entry: Insertable<PointsLedgerTable>): Promise<number> {
    const row = await db.insertInto('points_ledger').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
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
