import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { TournamentFilter } from '../../../common/tournaments';
import type { DB, Executor, TournamentPredictionRow } from '../../db/types';
import { isPostgres, valueById } from '../../db/columns';
import { RANKING } from './bracket.repo';

/* Kysely queries of the members' side of tournaments; each takes the executor it runs on (db or a transaction). */

/** How many tournaments the public list carries at most, newest first. */
export const TOURNAMENT_LIST_LIMIT = 200;
/** Rows per INSERT, below both dialects' limits on bound parameters per statement. */
const INSERT_BATCH = 1000;

/**
 * A tournament's predictions, counted on the one-per-member index: no counter row that every first prediction
 * would have to update and hold until its commit (migration 0011).
 */
export const predictionsCount = (eb: ExpressionBuilder<DB, 'tournaments'>) =>
  eb.selectFrom('tournament_predictions as p').whereRef('p.tournament_id', '=', 'tournaments.id').select(sql<number>`count(*)`.as('n')).as('predictions_count');

/** Members see a tournament once its bracket is generated. */
const visible = (db: Executor) => db.selectFrom('tournaments').selectAll().select(predictionsCount).where('generated_at', 'is not', null);

/** No match of the tournament is waiting for a winner (its bracket exists, so it has matches). */
const everyMatchDecided = sql<boolean>`not exists (select 1 from tournament_matches m where m.tournament_id = tournaments.id and m.winner_side is null)`;

/** A tournament's predictions with their place in the ranking (decision 020) and their member. */
const ranked = (db: Executor, tournamentId: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('tournament_predictions as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.user_id', 'p.picks_count', 'p.correct_count', 'p.decided_count', 'p.accuracy_bp', 'p.created_at', 'p.updated_at'])
        .select(['u.username', 'u.kick_username', 'u.discord_id', 'u.avatar'])
        .select(sql<number>`row_number() over (order by ${sql.raw(RANKING.map((term) => `p.${term}`).join(', '))})`.as('rank'))
        .where('p.tournament_id', '=', tournamentId)
        .as('r'),
    )
    .selectAll('r')
    .orderBy('r.rank');

export type PredictionScore = { picks_count: number; correct_count: number; decided_count: number; accuracy_bp: number };

/** "Ranked above `own`" by the terms of RANKING (decision 020): better on a term, or equal on it and above on the rest. */
function rankedAbove(eb: ExpressionBuilder<DB, 'tournament_predictions'>, own: TournamentPredictionRow, terms: readonly string[]): Expression<SqlBool> {
  const [term, ...rest] = terms;
  const [column, direction] = term.split(' ') as [keyof TournamentPredictionRow & string, 'asc' | 'desc'];
  const ref = sql.ref(column);
  const better = eb(ref, direction === 'desc' ? '>' : '<', own[column]);
  return rest.length === 0 ? better : eb.or([better, eb.and([eb(ref, '=', own[column]), rankedAbove(eb, own, rest)])]);
}

export const tournamentsRepo = {
  list(db: Executor, filter: TournamentFilter) {
    let query = visible(db);
    if (filter === 'active') query = query.where('is_active', '=', 1);
    if (filter === 'predictions') query = query.where('predictions_active', '=', 1);
    if (filter === 'completed') query = query.where('is_active', '=', 0).where(everyMatchDecided);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(TOURNAMENT_LIST_LIMIT).execute();
  },

  find: (db: Executor, id: number) => visible(db).where('id', '=', id).executeTakeFirst(),

  /** The best predictions of a tournament, ranked. */
  top: (db: Executor, tournamentId: number, limit: number) => ranked(db, tournamentId).limit(limit).execute(),

  /** Some members' predictions of a tournament with their overall rank, best first. */
  rankedOf(db: Executor, tournamentId: number, userIds: readonly number[], limit: number) {
    if (userIds.length === 0) return Promise.resolve([]);
    return ranked(db, tournamentId).where('r.user_id', 'in', userIds).limit(limit).execute();
  },

  /**
   * A prediction's place in the ranking: one more than the predictions ranked above it, counted on the ranking index,
   * so a save's answer does not rank the whole crowd.
   */
  async rankOf(db: Executor, own: TournamentPredictionRow) {
    const above = await db
      .selectFrom('tournament_predictions')
      .where('tournament_id', '=', own.tournament_id)
      .where((eb) => rankedAbove(eb, own, RANKING))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(above.n) + 1;
  },

  predictionOf: (db: Executor, tournamentId: number, userId: number) =>
    db.selectFrom('tournament_predictions').selectAll().where('tournament_id', '=', tournamentId).where('user_id', '=', userId).executeTakeFirst(),

  picksOf: (db: Executor, predictionId: number) =>
    db.selectFrom('tournament_picks').select(['match_id', 'winner_position']).where('prediction_id', '=', predictionId).orderBy('match_id').execute(),

  /** Some members' predictions of a tournament. */
  predictionsOf: (db: Executor, tournamentId: number, userIds: readonly number[]) =>
    db.selectFrom('tournament_predictions').selectAll().where('tournament_id', '=', tournamentId).where('user_id', 'in', userIds).execute(),

  /** The picks of some predictions, by prediction then match. */
  picksOfAll(db: Executor, predictionIds: readonly number[]) {
    if (predictionIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('tournament_picks')
      .select(['prediction_id', 'match_id', 'winner_position'])
      .where('prediction_id', 'in', predictionIds)
      .orderBy('prediction_id')
      .orderBy('match_id')
      .execute();
  },

  insertPredictions: (db: Executor, rows: readonly ({ tournament_id: number; user_id: number; created_at: string; updated_at: string } & PredictionScore)[]) =>
    db.insertInto('tournament_predictions').values([...rows]).returningAll().execute(),

  /** New scores for some predictions (prediction id → score), in one statement. */
  scorePredictions(db: Executor, scores: ReadonlyMap<number, PredictionScore>, at: string) {
    const column = (name: keyof PredictionScore) => valueById('id', new Map([...scores].map(([id, score]) => [id, score[name]])));
    return db
      .updateTable('tournament_predictions')
      .set({ picks_count: column('picks_count'), correct_count: column('correct_count'), decided_count: column('decided_count'), accuracy_bp: column('accuracy_bp'), updated_at: at })
      .where('id', 'in', [...scores.keys()])
      .returningAll()
      .execute();
  },

  /** Replaces some predictions' picks on some matches (the undecided ones) with `picks`. */
  async replacePicks(db: Executor, predictionIds: readonly number[], matchIds: readonly number[], picks: readonly { prediction_id: number; match_id: number; winner_position: number }[]) {
    if (predictionIds.length > 0 && matchIds.length > 0) {
      await db.deleteFrom('tournament_picks').where('prediction_id', 'in', predictionIds).where('match_id', 'in', matchIds).execute();
    }
    for (let start = 0; start < picks.length; start += INSERT_BATCH) {
      await db.insertInto('tournament_picks').values(picks.slice(start, start + INSERT_BATCH)).execute();
    }
  },

  /**
   * The first step of every batch of saves: the tournament's row, with a shared lock on PostgreSQL (SQLite runs one
   * writing transaction at a time anyway). Batches hold it side by side until they commit; closing predictions and
   * every staff change write the row (and stamp updated_at), so they wait for them: no save commits after
   * predictions closed, or against a bracket that changed.
   */
  openForSaves(db: Executor, tournamentId: number) {
    const query = db.selectFrom('tournaments').select(['predictions_active', 'updated_at']).where('id', '=', tournamentId);
    return (isPostgres(db) ? query.forShare() : query).executeTakeFirst();
  },

  /** Every tournament prediction each of some members made (the tournament_predictions achievements count these). */
  async predictionsCountsBy(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await db.selectFrom('tournament_predictions').where('user_id', 'in', userIds).select(['user_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('user_id').execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
  },

  /** Every tournament prediction a member made (profiles and the tournament_predictions achievement count these). */
  predictionsCountBy: async (db: Executor, userId: number) =>
    Number((await db.selectFrom('tournament_predictions').where('user_id', '=', userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),

  /** A member's latest predictions with their tournaments, for the profile page. */
  recentPredictionsBy: (db: Executor, userId: number, limit: number) =>
    db
      .selectFrom('tournament_predictions as p')
      .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
      .where('p.user_id', '=', userId)
      .select(['p.id', 'p.created_at', 't.name', 't.is_active'])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
};

export type RankedPrediction = Awaited<ReturnType<typeof tournamentsRepo.top>>[number];
