import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { AdminTournamentStatus } from '../../../common/tournaments';
import { likeContains } from '../../db/like';
import type { DB, Executor } from '../../db/types';
import { predictionsCount } from './tournaments.repo';
import type { TournamentMatchesTable, TournamentRewardsTable, TournamentSlotsTable, TournamentsTable } from '../../db/types-tournaments';

/** The WHERE clause of each staff status: draft until generated, running until finished. */
function whereStatus(eb: ExpressionBuilder<DB, 'tournaments'>, status: AdminTournamentStatus) {
  switch (status) {
    case 'draft':
      return eb('generated_at', 'is', null);
    case 'active':
      return eb.and([eb('generated_at', 'is not', null), eb('finished_at', 'is', null)]);
    case 'completed':
      return eb('finished_at', 'is not', null);
  }
}

const memberColumns = ['u.username', 'u.kick_username', 'u.discord_id', 'u.avatar'] as const;

/** Tournaments as staff run them: Kysely queries only, each on the executor it is given. */
export const tournamentsAdminRepo = {
  async page(db: Executor, filter: { status?: AdminTournamentStatus; search: string }, limit: number, offset: number) {
    const where = (eb: ExpressionBuilder<DB, 'tournaments'>) =>
      eb.and([...(filter.status ? [whereStatus(eb, filter.status)] : []), ...(filter.search ? [eb(sql`lower(name)`, 'like', likeContains(filter.search))] : [])]);
    const [rows, count] = await Promise.all([
      db.selectFrom('tournaments').selectAll().select(predictionsCount).where(where).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      db.selectFrom('tournaments').where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  find: (db: Executor, id: number) => db.selectFrom('tournaments').selectAll().select(predictionsCount).where('id', '=', id).executeTakeFirst(),

  insert: async (db: Executor, row: Insertable<TournamentsTable>) => (await db.insertInto('tournaments').values(row).returning('id').executeTakeFirstOrThrow()).id,

  /**
   * Writes the row and holds its lock to the end of the transaction: prediction saves (whose last statement
   * takes this row shared), closing predictions, results and finishing the same tournament wait for it.
   */
  update: (db: Executor, id: number, row: Updateable<TournamentsTable>) => db.updateTable('tournaments').set(row).where('id', '=', id).returningAll().executeTakeFirst(),

  /** Replaces the seats: a new size may have more or fewer. */
  async replaceSeats(db: Executor, tournamentId: number, seats: Omit<Insertable<TournamentSlotsTable>, 'tournament_id'>[]) {
    await db.deleteFrom('tournament_slots').where('tournament_id', '=', tournamentId).execute();
    await db.insertInto('tournament_slots').values(seats.map((seat) => ({ ...seat, tournament_id: tournamentId }))).execute();
  },

  /** Catalogue slots and members of these ids that exist. */
  async existing(db: Executor, slotIds: readonly number[], userIds: readonly number[]) {
    const [slots, users] = await Promise.all([
      slotIds.length ? db.selectFrom('slots').select('id').where('id', 'in', slotIds).execute() : [],
      userIds.length ? db.selectFrom('users').select('id').where('id', 'in', userIds).execute() : [],
    ]);
    return { slots: new Set(slots.map((row) => row.id)), users: new Set(users.map((row) => row.id)) };
  },

  /** Whether anyone predicted or any match has a result: then seats and size are fixed. */
  async isLocked(db: Executor, tournamentId: number) {
    const row = await db
      .selectFrom('tournaments as t')
      .select((eb) => [
        eb.exists(eb.selectFrom('tournament_predictions as p').select('p.id').whereRef('p.tournament_id', '=', 't.id')).as('predicted'),
        eb.exists(eb.selectFrom('tournament_matches as m').select('m.id').whereRef('m.tournament_id', '=', 't.id').where('m.winner_side', 'is not', null)).as('decided'),
      ])
      .where('t.id', '=', tournamentId)
      .executeTakeFirstOrThrow();
    return Boolean(Number(row.predicted)) || Boolean(Number(row.decided));
  },

  /** Which tournaments are locked that way, for a page of the list. */
  async lockedAmong(db: Executor, tournamentIds: readonly number[]) {
    if (tournamentIds.length === 0) return new Set<number>();
    const [predicted, decided] = await Promise.all([
      db.selectFrom('tournament_predictions').select('tournament_id').distinct().where('tournament_id', 'in', tournamentIds).execute(),
      db.selectFrom('tournament_matches').select('tournament_id').distinct().where('tournament_id', 'in', tournamentIds).where('winner_side', 'is not', null).execute(),
    ]);
    return new Set([...predicted, ...decided].map((row) => row.tournament_id));
  },

  deleteMatches: (db: Executor, tournamentId: number) => db.deleteFrom('tournament_matches').where('tournament_id', '=', tournamentId).execute(),

  insertMatches: (db: Executor, rows: Insertable<TournamentMatchesTable>[]) => db.insertInto('tournament_matches').values(rows).execute(),

  /**
   * Deletes a tournament nobody predicted, with predictions closed (seats and matches go with it); false
   * otherwise. Closed, because a save in flight would otherwise commit a prediction into what is deleted.
   */
  deleteUnpredicted: async (db: Executor, id: number) =>
    Number(
      (
        await db
          .deleteFrom('tournaments')
          .where('id', '=', id)
          .where('predictions_active', '=', 0)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('tournament_predictions').select('id').whereRef('tournament_predictions.tournament_id', '=', 'tournaments.id'))))
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  /** A match's result, or none (winner_side null). */
  setResult: (db: Executor, matchId: number, result: Pick<Updateable<TournamentMatchesTable>, 'winner_side' | 'slot1_multiplier_centi' | 'slot2_multiplier_centi' | 'decided_at'>) =>
    db.updateTable('tournament_matches').set(result).where('id', '=', matchId).execute(),

  /** Seats a match's winner in the next match (or empties that seat again). */
  setSeat: (db: Executor, matchId: number, column: 'slot1_position' | 'slot2_position', position: number | null) =>
    db.updateTable('tournament_matches').set({ [column]: position }).where('id', '=', matchId).execute(),

  /**
   * The finish's first statement: exactly one transaction gets the row (and holds it), any other gets
   * undefined and changes nothing, however many staff or app instances call at once.
   */
  markFinished: (db: Executor, id: number, at: string) =>
    db.updateTable('tournaments').set({ finished_at: at, is_active: 0, updated_at: at }).where('id', '=', id).where('finished_at', 'is', null).returningAll().executeTakeFirst(),

  insertReward: (db: Executor, row: Insertable<TournamentRewardsTable>) => db.insertInto('tournament_rewards').values(row).execute(),

  rewardsPaid: (db: Executor, tournamentId: number) =>
    db
      .selectFrom('tournament_rewards as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.place', 'r.points', 'r.user_id', ...memberColumns])
      .where('r.tournament_id', '=', tournamentId)
      .orderBy('r.place')
      .execute(),
};
