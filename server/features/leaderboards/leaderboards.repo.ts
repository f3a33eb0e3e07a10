import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor, LeaderboardPeriodsTable, LeaderboardsTable, PartnerPlatformsTable } from '../../db/types';

/** Platforms, leaderboards, periods and prizes: Kysely queries only, each on the executor it is given. */
export const leaderboardsRepo = {
  platforms: (db: Executor) => db.selectFrom('partner_platforms').selectAll().orderBy('display_order').orderBy('id').execute(),

  findPlatform: (db: Executor, id: number) => db.selectFrom('partner_platforms').selectAll().where('id', '=', id).executeTakeFirst(),

  insertPlatform: (db: Executor, row: Insertable<PartnerPlatformsTable>) => db.insertInto('partner_platforms').values(row).returning('id').executeTakeFirstOrThrow(),

  updatePlatform: (db: Executor, id: number, row: Updateable<PartnerPlatformsTable>) =>
    db.updateTable('partner_platforms').set(row).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Only one platform opens the leaderboard page. */
  clearDefaultExcept: (db: Executor, id: number) => db.updateTable('partner_platforms').set({ is_default: 0 }).where('id', '!=', id).where('is_default', '=', 1).execute(),

  deletePlatform: (db: Executor, id: number) => db.deleteFrom('partner_platforms').where('id', '=', id).executeTakeFirst(),

  /** Paid prizes or VIP claims: records that must stay whole, so the platform cannot be deleted. */
  platformHasHistory: async (db: Executor, id: number) => {
    const paid = await db
      .selectFrom('leaderboard_periods')
      .innerJoin('leaderboards', 'leaderboards.id', 'leaderboard_periods.leaderboard_id')
      .select('leaderboard_periods.id')
      .where('leaderboards.platform_id', '=', id)
      .where('leaderboard_periods.prizes_paid_at', 'is not', null)
      .executeTakeFirst();
    const claimed = await db.selectFrom('vip_claims').innerJoin('vip_tiers', 'vip_tiers.id', 'vip_claims.tier_id').select('vip_claims.id').where('vip_tiers.platform_id', '=', id).executeTakeFirst();
    return paid !== undefined || claimed !== undefined;
  },

  hasPaidPrizes: async (db: Executor, leaderboardId: number) =>
    (await db.selectFrom('leaderboard_periods').select('id').where('leaderboard_id', '=', leaderboardId).where('prizes_paid_at', 'is not', null).executeTakeFirst()) !== undefined,

  leaderboards: (db: Executor) => db.selectFrom('leaderboards').selectAll().orderBy('platform_id').orderBy('id').execute(),

  findLeaderboard: (db: Executor, id: number) =>
    db
      .selectFrom('leaderboards')
      .innerJoin('partner_platforms', 'partner_platforms.id', 'leaderboards.platform_id')
      .selectAll('leaderboards')
      .select(['partner_platforms.amount_format', 'partner_platforms.name as platform_name'])
      .where('leaderboards.id', '=', id)
      .executeTakeFirst(),

  insertLeaderboard: (db: Executor, row: Insertable<LeaderboardsTable>) => db.insertInto('leaderboards').values(row).returning('id').executeTakeFirstOrThrow(),

  updateLeaderboard: (db: Executor, id: number, row: Updateable<LeaderboardsTable>) => db.updateTable('leaderboards').set(row).where('id', '=', id).executeTakeFirst(),

  deleteLeaderboard: (db: Executor, id: number) => db.deleteFrom('leaderboards').where('id', '=', id).executeTakeFirst(),

  currentPeriods: (db: Executor) => db.selectFrom('leaderboard_periods').selectAll().where('status', '=', 'current').execute(),

  /** Each leaderboard's most recent finished period. */
  lastPeriods: (db: Executor) =>
    db
      .selectFrom('leaderboard_periods as p')
      .selectAll('p')
      .where('p.status', '=', 'finished')
      .where('p.ends_at', '=', (eb) =>
        eb
          .selectFrom('leaderboard_periods as q')
          .select((q) => q.fn.max('q.ends_at').as('latest'))
          .whereRef('q.leaderboard_id', '=', 'p.leaderboard_id')
          .where('q.status', '=', 'finished'),
      )
      .execute(),

  currentPeriodOf: (db: Executor, leaderboardId: number) =>
    db.selectFrom('leaderboard_periods').selectAll().where('leaderboard_id', '=', leaderboardId).where('status', '=', 'current').executeTakeFirst(),

  findPeriod: (db: Executor, id: number) =>
    db
      .selectFrom('leaderboard_periods')
      .innerJoin('leaderboards', 'leaderboards.id', 'leaderboard_periods.leaderboard_id')
      .innerJoin('partner_platforms', 'partner_platforms.id', 'leaderboards.platform_id')
      .selectAll('leaderboard_periods')
      .select(['leaderboards.platform_id', 'partner_platforms.amount_format'])
      .where('leaderboard_periods.id', '=', id)
      .executeTakeFirst(),

  periodsOf: (db: Executor, leaderboardId: number, limit: number) =>
    db.selectFrom('leaderboard_periods').selectAll().where('leaderboard_id', '=', leaderboardId).orderBy('ends_at', 'desc').limit(limit).execute(),

  insertPeriod: (db: Executor, row: Insertable<LeaderboardPeriodsTable>) => db.insertInto('leaderboard_periods').values(row).returningAll().executeTakeFirstOrThrow(),

  /**
   * Writes through the period row first, so that every change to one period's standings queues on it
   * (PostgreSQL locks the row; SQLite has one writer). Only a period still taking changes is locked.
   */
  lockPeriod: (db: Executor, id: number) =>
    db
      .updateTable('leaderboard_periods')
      .set({ status: sql`status` })
      .where('id', '=', id)
      .where('prizes_paid_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** The one statement that ends a period: of several instances rolling over at once, one gets the row. */
  finishPeriod: (db: Executor, id: number, at: string) =>
    db.updateTable('leaderboard_periods').set({ status: 'finished', finished_at: at }).where('id', '=', id).where('status', '=', 'current').returningAll().executeTakeFirst(),

  setPeriodDates: (db: Executor, id: number, dates: { starts_at: string; ends_at: string }) =>
    db.updateTable('leaderboard_periods').set(dates).where('id', '=', id).where('status', '=', 'current').executeTakeFirst(),

  markPrizesPaid: (db: Executor, id: number, staffId: number, at: string) =>
    db
      .updateTable('leaderboard_periods')
      .set({ prizes_paid_at: at, prizes_paid_by: staffId })
      .where('id', '=', id)
      .where('status', '=', 'finished')
      .where('prizes_paid_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  prizesOf: (db: Executor, periodIds: number[]) =>
    periodIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('leaderboard_prizes').selectAll().where('period_id', 'in', periodIds).orderBy('period_id').orderBy('place').execute(),

  async replacePrizes(db: Executor, periodId: number, amountsCents: number[]) {
    await db.deleteFrom('leaderboard_prizes').where('period_id', '=', periodId).execute();
    if (amountsCents.length === 0) return;
    await db
      .insertInto('leaderboard_prizes')
      .values(amountsCents.map((amount_cents, index) => ({ period_id: periodId, place: index + 1, amount_cents })))
      .execute();
  },

  /** A period's players by wager (ties in name order), the first `limit`. */
  standings: (db: Executor, periodId: number, limit: number) =>
    db
      .selectFrom('wager_entries')
      .select(['id', 'username', 'username_key', 'amount_cents', 'source', 'updated_at'])
      .where('period_id', '=', periodId)
      .where('amount_cents', '>', 0)
      .orderBy('amount_cents', 'desc')
      .orderBy('username_key')
      .limit(limit)
      .execute(),

  entryCounts: async (db: Executor, periodIds: number[]) => {
    if (periodIds.length === 0) return new Map<number, number>();
    const rows = await db
      .selectFrom('wager_entries')
      .select(['period_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('period_id', 'in', periodIds)
      .where('amount_cents', '>', 0)
      .groupBy('period_id')
      .execute();
    return new Map(rows.map((row) => [row.period_id, Number(row.n)]));
  },

  /** Who marked periods' prizes paid, by user id. */
  usernames: async (db: Executor, userIds: number[]) => {
    if (userIds.length === 0) return new Map<number, string>();
    const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
    return new Map(rows.map((row) => [row.id, row.username]));
  },
};
