import { sql } from 'kysely';
import type { Executor, WagerEntrySource } from '../../db/types';
import { likeContains } from '../../db/like';

const CHUNK = 400;
const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export interface EntryWrite {
  username: string;
  username_key: string;
  amount_cents: number;
}

/** Wager entries and the per-day record of their changes: Kysely queries only. */
export const standingsRepo = {
  entries: (db: Executor, periodId: number) =>
    db.selectFrom('wager_entries').select(['id', 'username', 'username_key', 'amount_cents', 'source']).where('period_id', '=', periodId).execute(),

  findEntry: (db: Executor, periodId: number, id: number) =>
    db.selectFrom('wager_entries').select(['id', 'username', 'username_key', 'amount_cents', 'source']).where('period_id', '=', periodId).where('id', '=', id).executeTakeFirst(),

  /** Inserts or overwrites players' rows (one statement per few hundred rows). */
  async upsert(db: Executor, periodId: number, rows: EntryWrite[], source: WagerEntrySource, at: string) {
    for (const part of chunks(rows)) {
      await db
        .insertInto('wager_entries')
        .values(part.map((row) => ({ period_id: periodId, ...row, source, updated_at: at })))
        .onConflict((oc) =>
          oc.columns(['period_id', 'username_key']).doUpdateSet((eb) => ({
            username: eb.ref('excluded.username'),
            amount_cents: eb.ref('excluded.amount_cents'),
            source: eb.ref('excluded.source'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  },

  async remove(db: Executor, periodId: number, keys: string[]) {
    for (const part of chunks(keys)) await db.deleteFrom('wager_entries').where('period_id', '=', periodId).where('username_key', 'in', part).execute();
  },

  /** Adds each change to the player's total of that day (negative for a correction). */
  async addDaily(db: Executor, platformId: number, day: string, changes: { username_key: string; delta_cents: number }[]) {
    const nonZero = changes.filter((change) => change.delta_cents !== 0);
    for (const part of chunks(nonZero)) {
      await db
        .insertInto('wager_daily')
        .values(part.map((change) => ({ platform_id: platformId, username_key: change.username_key, day, amount_cents: change.delta_cents })))
        .onConflict((oc) => oc.columns(['platform_id', 'username_key', 'day']).doUpdateSet({ amount_cents: sql`wager_daily.amount_cents + excluded.amount_cents` }))
        .execute();
    }
  },

  /** Every entry of a leaderboard's periods, to take back out of the daily totals when it is deleted. */
  entriesOfLeaderboard: (db: Executor, leaderboardId: number) =>
    db
      .selectFrom('wager_entries')
      .innerJoin('leaderboard_periods', 'leaderboard_periods.id', 'wager_entries.period_id')
      .select(['wager_entries.username_key', 'wager_entries.amount_cents', 'leaderboard_periods.ends_at'])
      .where('leaderboard_periods.leaderboard_id', '=', leaderboardId)
      .execute(),

  /** Staff's view of a period: every player (with a name search), ranked. */
  async page(db: Executor, periodId: number, search: string, limit: number, offset: number) {
    let query = db.selectFrom('wager_entries').where('period_id', '=', periodId);
    if (search) query = query.where('username_key', 'like', likeContains(search));
    const [rows, count] = await Promise.all([
      query
        .select(['id', 'username', 'amount_cents', 'source', 'updated_at'])
        .orderBy('amount_cents', 'desc')
        .orderBy('username_key')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** The rank of an entry: players ahead of it, plus one (the same order as the standings). */
  rankOf: async (db: Executor, periodId: number, entry: { amount_cents: number; username_key: string }) => {
    const row = await db
      .selectFrom('wager_entries')
      .select((eb) => eb.fn.countAll<number>().as('ahead'))
      .where('period_id', '=', periodId)
      .where((eb) => eb.or([eb('amount_cents', '>', entry.amount_cents), eb.and([eb('amount_cents', '=', entry.amount_cents), eb('username_key', '<', entry.username_key)])]))
      .executeTakeFirstOrThrow();
    return Number(row.ahead) + 1;
  },

  /**
   * A player's wagers on each of their platforms, in one query: all-time (`total`) and from each of the given days on
   * (`from_0`, `from_1`, … in the order of the days; for VIP tiers with a date). Platforms without wagers have no row.
   */
  wagered: async (db: Executor, accounts: { platformId: number; usernameKey: string }[], fromDays: string[]) =>
    accounts.length === 0
      ? []
      : ((await db
          .selectFrom('wager_daily')
          .select('platform_id')
          .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
          .select(fromDays.map((day, index) => sql<number>`coalesce(sum(case when day >= ${day} then amount_cents else 0 end), 0)`.as(`from_${index}`)))
          .where((eb) => eb.or(accounts.map((account) => eb.and([eb('platform_id', '=', account.platformId), eb('username_key', '=', account.usernameKey)]))))
          .groupBy('platform_id')
          .execute()) as unknown as ({ platform_id: number } & Record<string, number | string>)[]),
};
