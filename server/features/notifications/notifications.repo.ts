import type { Executor } from '../../db/types';

export const notificationsRepo = {
  async insert(db: Executor, rows: { user_id: number; type: string; data: string; created_at: string }[]) {
    if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
  },

  latest(db: Executor, userId: number, limit: number) {
    return db
      .selectFrom('notifications')
      .select(['id', 'type', 'data', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async counts(db: Executor, userId: number) {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('id').filterWhere('read_at', 'is', null).as('unread')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unread: Number(row.unread) };
  },

  /** Owner check and update in one statement: someone else's id simply matches nothing. */
  async markRead(db: Executor, userId: number, id: number, at: string): Promise<boolean> {
    const owned = await db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!owned) return false;
    if (owned.read_at === null) {
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    }
    return true;
  },

  async markAllRead(db: Executor, userId: number, at: string): Promise<number> {
    const result = await db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
