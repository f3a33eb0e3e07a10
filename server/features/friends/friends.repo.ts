import { sql } from 'kysely';
import { likeContains, likeStartsWith } from '../../db/like';
import type { Executor, FriendshipRow } from '../../db/types';

const memberColumns = ['u.id', 'u.discord_id', 'u.avatar', 'u.username', 'u.kick_username', 'u.global_name', 'u.points', 'u.last_seen_at'] as const;


export const friendsRepo = {
  findById: (db: Executor, id: number) => db.selectFrom('friendships').selectAll().where('id', '=', id).executeTakeFirst(),

  findPair: (db: Executor, a: number, b: number) =>
    db
      .selectFrom('friendships')
      .selectAll()
      .where('user_low', '=', Math.min(a, b))
      .where('user_high', '=', Math.max(a, b))
      .executeTakeFirst(),

  insertRequest: (db: Executor, senderId: number, receiverId: number, at: string): Promise<FriendshipRow> =>
    db
      .insertInto('friendships')
      .values({
        sender_id: senderId,
        receiver_id: receiverId,
        user_low: Math.min(senderId, receiverId),
        user_high: Math.max(senderId, receiverId),
        status: 'pending',
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Only a pending request, only by its receiver: a second accept (or anyone else's) changes nothing. */
  accept: (db: Executor, id: number, receiverId: number, at: string) =>
    db
      .updateTable('friendships')
      .set({ status: 'accepted', accepted_at: at })
      .where('id', '=', id)
      .where('receiver_id', '=', receiverId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst(),

  /**
   * Row-locks members for the rest of the transaction, lowest id first so two transactions never wait
   * on each other in a circle: a member's friend count and awards are then worked out one transaction
   * at a time (PostgreSQL; SQLite already runs one write transaction at a time).
   */
  lockMembers: async (db: Executor, ids: number[]) => {
    for (const id of [...ids].sort((a, b) => a - b)) {
      await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
    }
  },

  /** Deletes the row only while it still has the status the caller checked. */
  delete: async (db: Executor, id: number, status: FriendshipRow['status']) => {
    const result = await db.deleteFrom('friendships').where('id', '=', id).where('status', '=', status).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Accepted friends of a member, with the member row of the other side. */
  friendsOf: (db: Executor, userId: number) =>
    db
      .selectFrom('friendships as f')
      .innerJoin('users as u', (join) => join.on((eb) => eb.or([eb('u.id', '=', eb.ref('f.user_low')), eb('u.id', '=', eb.ref('f.user_high'))])))
      .select([...memberColumns, 'f.id as friendship_id'])
      .where('f.status', '=', 'accepted')
      .where((eb) => eb.or([eb('f.sender_id', '=', userId), eb('f.receiver_id', '=', userId)]))
      .where('u.id', '!=', userId)
      .orderBy('u.last_seen_at', 'desc')
      .orderBy('u.id')
      .execute(),

  friendIds: async (db: Executor, userId: number) => {
    const rows = await db
      .selectFrom('friendships')
      .select(['sender_id', 'receiver_id'])
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .execute();
    return rows.map((row) => (row.sender_id === userId ? row.receiver_id : row.sender_id));
  },

  countFriends: async (db: Executor, userId: number) => {
    const row = await db
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  pendingFor: (db: Executor, receiverId: number) =>
    db
      .selectFrom('friendships as f')
      .innerJoin('users as u', 'u.id', 'f.sender_id')
      .select([...memberColumns, 'f.id as friendship_id', 'f.created_at as requested_at'])
      .where('f.receiver_id', '=', receiverId)
      .where('f.status', '=', 'pending')
      .orderBy('f.id', 'desc')
      .execute(),

  countPending: async (db: Executor, receiverId: number) => {
    const row = await db
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('receiver_id', '=', receiverId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Every friendship row between a member and any of the given members. */
  between: (db: Executor, userId: number, others: number[]) =>
    others.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('friendships')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('sender_id', '=', userId), eb('receiver_id', 'in', others)]),
              eb.and([eb('receiver_id', '=', userId), eb('sender_id', 'in', others)]),
            ]),
          )
          .execute(),

  /** Members whose names contain the text; names that start with it first. */
  searchMembers: (db: Executor, text: string, excludeId: number, limit: number) => {
    const pattern = likeContains(text);
    return db
      .selectFrom('users as u')
      .select(memberColumns)
      .where('u.id', '!=', excludeId)
      .where((eb) =>
        eb.or([
          eb(sql`lower(u.username)`, 'like', pattern),
          eb(sql`lower(coalesce(u.global_name, ''))`, 'like', pattern),
          eb(sql`lower(coalesce(u.kick_username, ''))`, 'like', pattern),
        ]),
      )
      .orderBy(sql`case when lower(u.username) like ${likeStartsWith(text)} then 0 else 1 end`)
      .orderBy('u.username')
      .limit(limit)
      .execute();
  },

  membersByIds: (db: Executor, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users as u').select(memberColumns).where('u.id', 'in', ids).orderBy('u.username').execute(),

  memberById: (db: Executor, id: number) => db.selectFrom('users as u').select(memberColumns).where('u.id', '=', id).executeTakeFirst(),
};

export type MemberColumns = Awaited<ReturnType<typeof friendsRepo.memberById>> & {};
