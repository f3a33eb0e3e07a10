import type { Insertable, Updateable } from 'kysely';
import type { BonusHuntGamesTable, BonusHuntsTable, Executor } from '../../db/types';

/** The ledger reason of the points paid to the closest predictions of a finished hunt. */
export const HUNT_REWARD_REASON = 'bonus_hunt_reward';
export const REWARD_CATEGORIES = ['end_balance', 'highest_multiplier', 'highest_multiplier_game'] as const;
export type RewardCategory = (typeof REWARD_CATEGORIES)[number];
export const rewardReference = (huntId: number, category: RewardCategory) => `bonus_hunt:${huntId}:${category}`;

const summaries = (db: Executor) =>
  db
    .selectFrom('bonus_hunts as h')
    .selectAll('h')
    .select((eb) => {
      const games = eb.selectFrom('bonus_hunt_games as g').whereRef('g.hunt_id', '=', 'h.id');
      return [
        games.select((inner) => inner.fn.countAll<number>().as('n')).as('games_count'),
        games.where('g.win_cents', 'is not', null).select((inner) => inner.fn.countAll<number>().as('n')).as('opened_count'),
        eb.selectFrom('bonus_hunt_predictions as p').whereRef('p.hunt_id', '=', 'h.id').select((inner) => inner.fn.countAll<number>().as('n')).as('predictions_count'),
      ];
    });
export type HuntSummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

/** Bonus hunts as staff run them: Kysely queries only, each on the executor it is given. */
export const huntsAdminRepo = {
  async page(db: Executor, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      summaries(db).orderBy('h.id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('bonus_hunts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  summary: (db: Executor, id: number) => summaries(db).where('h.id', '=', id).executeTakeFirst(),

  find: (db: Executor, id: number) => db.selectFrom('bonus_hunts').selectAll().where('id', '=', id).executeTakeFirst(),

  insert: async (db: Executor, row: Insertable<BonusHuntsTable>) => (await db.insertInto('bonus_hunts').values(row).returning('id').executeTakeFirstOrThrow()).id,

  /**
   * Changes a hunt only while it runs, and holds its row until the transaction ends: a finish waits for
   * the change (and then counts it), or the change waits for the finish (and then finds nothing to change).
   */
  updateRunning: (db: Executor, id: number, row: Updateable<BonusHuntsTable>) =>
    db.updateTable('bonus_hunts').set(row).where('id', '=', id).where('is_active', '=', 1).returningAll().executeTakeFirst(),

  setEndBalance: (db: Executor, id: number, endBalanceCents: number) => db.updateTable('bonus_hunts').set({ end_balance_cents: endBalanceCents }).where('id', '=', id).execute(),

  /** Deletes a hunt nobody has predicted on (its games go with it); false otherwise. */
  deleteUnpredicted: async (db: Executor, id: number) =>
    Number(
      (
        await db
          .deleteFrom('bonus_hunts')
          .where('id', '=', id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('bonus_hunt_predictions').select('id').whereRef('bonus_hunt_predictions.hunt_id', '=', 'bonus_hunts.id'))))
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  predictionCount: async (db: Executor, huntId: number) =>
    Number((await db.selectFrom('bonus_hunt_predictions').select((eb) => eb.fn.countAll<number>().as('n')).where('hunt_id', '=', huntId).executeTakeFirstOrThrow()).n),

  memberExists: async (db: Executor, userId: number) => (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined,

  /** The position after the hunt's last game. */
  nextPosition: async (db: Executor, huntId: number) =>
    Number((await db.selectFrom('bonus_hunt_games').select((eb) => eb.fn.max('position').as('last')).where('hunt_id', '=', huntId).executeTakeFirst())?.last ?? 0) + 1,

  insertGame: async (db: Executor, row: Insertable<BonusHuntGamesTable>) => (await db.insertInto('bonus_hunt_games').values(row).returning('id').executeTakeFirstOrThrow()).id,

  findGame: (db: Executor, huntId: number, gameId: number) => db.selectFrom('bonus_hunt_games').selectAll().where('id', '=', gameId).where('hunt_id', '=', huntId).executeTakeFirst(),

  updateGame: (db: Executor, gameId: number, row: Updateable<BonusHuntGamesTable>) => db.updateTable('bonus_hunt_games').set(row).where('id', '=', gameId).execute(),

  /** Removes a game and closes the gap it leaves in the order. */
  async deleteGame(db: Executor, huntId: number, game: { id: number; position: number }) {
    await db.deleteFrom('bonus_hunt_games').where('id', '=', game.id).execute();
    await db
      .updateTable('bonus_hunt_games')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('hunt_id', '=', huntId)
      .where('position', '>', game.position)
      .execute();
  },

  gameIds: async (db: Executor, huntId: number) => (await db.selectFrom('bonus_hunt_games').select('id').where('hunt_id', '=', huntId).execute()).map((row) => row.id),

  setPosition: (db: Executor, gameId: number, position: number) => db.updateTable('bonus_hunt_games').set({ position }).where('id', '=', gameId).execute(),

  anyOpened: async (db: Executor, huntId: number) =>
    (await db.selectFrom('bonus_hunt_games').select('id').where('hunt_id', '=', huntId).where('win_cents', 'is not', null).limit(1).executeTakeFirst()) !== undefined,

  /** Every prediction of a hunt with its author, for the ranking. */
  predictions: (db: Executor, huntId: number) =>
    db
      .selectFrom('bonus_hunt_predictions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'u.username', 'p.end_balance_cents', 'p.highest_multiplier_centi', 'p.game_name', 'p.created_at'])
      .where('p.hunt_id', '=', huntId)
      .orderBy('p.id')
      .execute(),

  /** The rewards a finished hunt paid, read back from the ledger. */
  rewardsPaid: (db: Executor, huntId: number) =>
    db
      .selectFrom('points_ledger as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id', 'u.username', 'l.reference', 'l.delta'])
      .where('l.reason', '=', HUNT_REWARD_REASON)
      .where('l.reference', 'in', REWARD_CATEGORIES.map((category) => rewardReference(huntId, category)))
      .orderBy('l.id')
      .execute(),
};
