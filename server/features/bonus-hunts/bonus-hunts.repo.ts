import { sql, type Insertable } from 'kysely';
import { isPostgres } from '../../db/columns';
import type { BonusHuntPredictionsTable, Executor } from '../../db/types';

/** Hunts, their predictions and the slot records members read: Kysely queries only, each on the executor it is given. */

/** A game's multiplier (win / bet), in floating point on both dialects. */
const gameMultiplierSql = sql<number>`(g.win_cents * 1.0 / g.bet_cents)`;

/** When a hunt finished; its start for a row without a finish time, so that the order is the same on both dialects (no NULLs). */
const finishedFirst = sql<string>`coalesce(h.finished_at, h.created_at)`;

/** When a game was opened (the time it was added, should an opened game lack one). */
const playedAt = sql<string>`coalesce(g.opened_at, g.created_at)`;

const predictionColumns = [
  'p.id', 'p.hunt_id', 'p.end_balance_cents', 'p.highest_multiplier_centi', 'p.game_name', 'p.created_at',
  'u.id as user_id', 'u.username', 'u.kick_username', 'u.discord_id', 'u.avatar',
] as const;

const predictionsWithAuthors = (db: Executor) => db.selectFrom('bonus_hunt_predictions as p').innerJoin('users as u', 'u.id', 'p.user_id').select(predictionColumns);
export type PredictionWithAuthor = Awaited<ReturnType<ReturnType<typeof predictionsWithAuthors>['execute']>>[number];

/** Games of finished hunts that were opened and are not waiting for their win: the ones records are made of. */
const settledGamesOfFinishedHunts = (db: Executor) =>
  db
    .selectFrom('bonus_hunt_games as g')
    .innerJoin('bonus_hunts as h', 'h.id', 'g.hunt_id')
    .innerJoin('slots as s', 's.id', 'g.slot_id')
    .where('h.is_active', '=', 0)
    .where('g.win_cents', 'is not', null)
    .where('g.pending_win', '=', 0)
    .select(['g.hunt_id', 'g.bet_cents', 'g.win_cents', 's.name as slot_name', 's.provider as slot_provider', 's.image as slot_image']);

export const bonusHuntsRepo = {
  active: (db: Executor) => db.selectFrom('bonus_hunts').selectAll().where('is_active', '=', 1).executeTakeFirst(),

  /** The finished hunt that ended last. */
  lastFinished: (db: Executor) =>
    db.selectFrom('bonus_hunts as h').selectAll().where('h.is_active', '=', 0).orderBy(finishedFirst, 'desc').orderBy('h.id', 'desc').limit(1).executeTakeFirst(),

  find: (db: Executor, id: number) => db.selectFrom('bonus_hunts').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Finished hunts, newest first, with their number of games and the total of their wins. */
  finished: (db: Executor) =>
    db
      .selectFrom('bonus_hunts as h')
      .select(['h.id', 'h.title', 'h.start_balance_cents', 'h.end_balance_cents', 'h.created_at'])
      .select((eb) => [
        eb.selectFrom('bonus_hunt_games as g').whereRef('g.hunt_id', '=', 'h.id').select((c) => c.fn.countAll<number>().as('n')).as('games_count'),
        eb
          .selectFrom('bonus_hunt_games as g')
          .whereRef('g.hunt_id', '=', 'h.id')
          .where('g.pending_win', '=', 0)
          .select((c) => c.fn.coalesce(c.fn.sum<number>('g.win_cents'), sql<number>`0`).as('w'))
          .as('wins_cents'),
      ])
      .where('h.is_active', '=', 0)
      .orderBy(finishedFirst, 'desc')
      .orderBy('h.id', 'desc')
      .execute(),

  slotsPlayedInFinishedHunts: async (db: Executor) =>
    Number(
      (
        await db
          .selectFrom('bonus_hunt_games as g')
          .innerJoin('bonus_hunts as h', 'h.id', 'g.hunt_id')
          .where('h.is_active', '=', 0)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  biggestWinEver: (db: Executor) => settledGamesOfFinishedHunts(db).where('g.win_cents', '>', 0).orderBy('g.win_cents', 'desc').orderBy('g.id').limit(1).executeTakeFirst(),

  highestMultiplierEver: (db: Executor) =>
    settledGamesOfFinishedHunts(db).where('g.win_cents', '>', 0).orderBy(gameMultiplierSql, 'desc').orderBy('g.id').limit(1).executeTakeFirst(),

  /** Opened, settled games of one slot (by its catalogue key) in every hunt, newest first. */
  slotPlays: (db: Executor, nameKey: string) =>
    db
      .selectFrom('bonus_hunt_games as g')
      .innerJoin('slots as s', 's.id', 'g.slot_id')
      .where('s.name_key', '=', nameKey)
      .where('g.win_cents', 'is not', null)
      .where('g.pending_win', '=', 0)
      .select(['g.bet_cents', 'g.win_cents', playedAt.as('played_at')])
      .orderBy(playedAt, 'desc')
      .orderBy('g.id', 'desc')
      .execute(),

  predictionsOf: (db: Executor, huntId: number) => predictionsWithAuthors(db).where('p.hunt_id', '=', huntId).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute(),

  predictionOf: (db: Executor, huntId: number, userId: number) => predictionsWithAuthors(db).where('p.hunt_id', '=', huntId).where('p.user_id', '=', userId).executeTakeFirst(),

  findPrediction: (db: Executor, id: number) => predictionsWithAuthors(db).where('p.id', '=', id).executeTakeFirstOrThrow(),

  /** The unique (hunt, member) pair is the guard: of parallel submissions one row is made, the rest get nothing back. */
  insertPrediction: (db: Executor, row: Insertable<BonusHuntPredictionsTable>) =>
    db
      .insertInto('bonus_hunt_predictions')
      .values(row)
      .onConflict((oc) => oc.columns(['hunt_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst(),

  /**
   * The last step of a prediction: the hunt's row while it runs and takes predictions, with a shared lock on
   * PostgreSQL (SQLite runs one writing transaction at a time anyway). Closing predictions, the first win and the
   * finish write that row, so they wait for predictions in flight and none commits after them.
   */
  async admitPrediction(db: Executor, huntId: number) {
    const query = db.selectFrom('bonus_hunts').select('id').where('id', '=', huntId).where('is_active', '=', 1).where('predictions_active', '=', 1);
    return (await (isPostgres(db) ? query.forShare() : query).executeTakeFirst()) !== undefined;
  },

  predictionsCountBy: async (db: Executor, userId: number) =>
    Number((await db.selectFrom('bonus_hunt_predictions').where('user_id', '=', userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

  /** A member's latest predictions with the state of their hunts, for the profile page. */
  recentPredictionsBy: (db: Executor, userId: number, limit: number) =>
    db
      .selectFrom('bonus_hunt_predictions as p')
      .innerJoin('bonus_hunts as h', 'h.id', 'p.hunt_id')
      .where('p.user_id', '=', userId)
      .select(['p.id', 'p.created_at', 'p.end_balance_cents', 'p.highest_multiplier_centi', 'p.game_name', 'h.is_active', 'h.end_balance_cents as hunt_end_balance_cents'])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
};
