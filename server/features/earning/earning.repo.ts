import { sql } from 'kysely';
import type { Executor } from '../../db/types';

export const earningRepo = {
  /** Records a webhook message id; false when it was already processed (Kick delivers some twice). */
  async markMessage(db: Executor, messageId: string, eventType: string, at: string): Promise<boolean> {
    const row = await db
      .insertInto('kick_webhook_messages')
      .values({ message_id: messageId, event_type: eventType, received_at: at })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning('message_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Claims a once-only credit (a follow); false when it was claimed before. */
  async claim(db: Executor, key: string, userId: number, at: string): Promise<boolean> {
    const row = await db
      .insertInto('earning_claims')
      .values({ key, user_id: userId, created_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  },

  memberByKickId: (db: Executor, kickUserId: string) =>
    db.selectFrom('users').select(['id', 'role']).where('kick_user_id', '=', kickUserId).executeTakeFirst(),

  member: (db: Executor, userId: number) => db.selectFrom('users').select(['role', 'points']).where('id', '=', userId).executeTakeFirst(),

  /** Marks the intervals a message keeps the account active for; a subscriber badge sticks to the interval. */
  async markChatIntervals(db: Executor, kickUserId: string, startsAt: string[], isSubscriber: boolean) {
    if (startsAt.length === 0) return;
    await db
      .insertInto('chat_intervals')
      .values(startsAt.map((starts) => ({ kick_user_id: kickUserId, starts_at: starts, is_subscriber: isSubscriber ? 1 : 0 })))
      .onConflict((oc) =>
        oc.columns(['kick_user_id', 'starts_at']).doUpdateSet({
          is_subscriber: sql`case when chat_intervals.is_subscriber = 1 or excluded.is_subscriber = 1 then 1 else 0 end`,
        }),
      )
      .execute();
  },

  /** Unsettled intervals that started at or before the given instant (those that have ended when it is now - interval). */
  unsettledIntervals(db: Executor, startedAtOrBefore: string, kickUserId?: string) {
    let query = db
      .selectFrom('chat_intervals')
      .select(['kick_user_id', 'starts_at', 'is_subscriber'])
      .where('outcome', 'is', null)
      .where('starts_at', '<=', startedAtOrBefore);
    if (kickUserId) query = query.where('kick_user_id', '=', kickUserId);
    return query.orderBy('starts_at').limit(5000).execute();
  },

  /** Settles an interval once: false when another run settled it first. */
  async settleInterval(db: Executor, kickUserId: string, startsAt: string, outcome: 'credited' | 'skipped', at: string): Promise<boolean> {
    const result = await db
      .updateTable('chat_intervals')
      .set({ outcome, settled_at: at })
      .where('kick_user_id', '=', kickUserId)
      .where('starts_at', '=', startsAt)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async purgeIntervals(db: Executor, before: string) {
    await db.deleteFrom('chat_intervals').where('starts_at', '<', before).execute();
  },

  /** Whether the stream was live at some moment of [from, to). */
  async liveDuring(db: Executor, from: string, to: string): Promise<boolean> {
    const row = await db
      .selectFrom('stream_sessions')
      .select('id')
      .where('started_at', '<', to)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
      .executeTakeFirst();
    return row !== undefined;
  },

  latestSession: (db: Executor) =>
    db.selectFrom('stream_sessions').select(['started_at', 'ended_at']).orderBy('id', 'desc').executeTakeFirst(),

  openSession: (db: Executor) =>
    db.selectFrom('stream_sessions').select(['id', 'started_at']).where('ended_at', 'is', null).orderBy('id', 'desc').executeTakeFirst(),

  async startSession(db: Executor, startedAt: string, source: 'webhook' | 'poll') {
    await db.insertInto('stream_sessions').values({ started_at: startedAt, ended_at: null, source }).execute();
  },

  async endSessions(db: Executor, endedAt: string) {
    await db.updateTable('stream_sessions').set({ ended_at: endedAt }).where('ended_at', 'is', null).execute();
  },

  /**
   * Takes up to `amount` from the member's allowance for the day and answers what was granted (0 once
   * the cap is reached). One UPDATE computes both columns from the old row, so parallel credits queue on
   * the row and never pass the cap together.
   */
  async takeFromDailyCap(db: Executor, userId: number, day: string, amount: number, cap: number): Promise<number> {
    await db
      .insertInto('daily_earnings')
      .values({ user_id: userId, day, points: 0, last_credit: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .execute();
    // Typed parameters: PostgreSQL cannot infer a bare parameter's type inside CASE.
    const a = sql`cast(${amount} as bigint)`;
    const c = sql`cast(${cap} as bigint)`;
    const row = await db
      .updateTable('daily_earnings')
      .set({
        last_credit: sql`case when points >= ${c} then 0 when points + ${a} > ${c} then ${c} - points else ${a} end`,
        points: sql`case when points >= ${c} then points when points + ${a} > ${c} then ${c} else points + ${a} end`,
      })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .returning('last_credit')
      .executeTakeFirstOrThrow();
    return Number(row.last_credit);
  },

  async addXp(db: Executor, userId: number, xp: number): Promise<number> {
    const row = await db
      .updateTable('users')
      .set({ xp: sql`xp + ${xp}` })
      .where('id', '=', userId)
      .returning('xp')
      .executeTakeFirstOrThrow();
    return Number(row.xp);
  },

  dailyClaim: (db: Executor, userId: number, day: string) =>
    db.selectFrom('daily_bonus_claims').select(['streak', 'points']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst(),

  async insertDailyClaim(db: Executor, row: { user_id: number; day: string; streak: number; points: number; created_at: string }) {
    await db.insertInto('daily_bonus_claims').values(row).execute();
  },
};
