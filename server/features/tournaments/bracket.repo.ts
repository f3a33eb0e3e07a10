import { sql } from 'kysely';
import type { TournamentMatch, TournamentMember } from '../../../common/contracts/tournaments';
import { scorePicks, type BracketMatch } from '../../../common/tournaments';
import type { Executor, UserRow } from '../../db/types';

/*
 * A tournament's bracket as both sides read it: seats with their member and catalogue image, matches with
 * the names and members of the seats playing, and the scoring of predictions against the results.
 */

export type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;

export interface Seat {
  position: number;
  name: string;
  slot_id: number | null;
  image: string | null;
  user: TournamentMember | null;
}

/** A match as the API shows it, plus the seat positions the database keeps. */
export type LoadedMatch = TournamentMatch & BracketMatch & { slot1_position: number | null; slot2_position: number | null; winner_side: number | null };

export interface Bracket {
  seats: Seat[];
  matches: LoadedMatch[];
}

const centiToX = (value: number | string | null) => (value === null ? null : Number(value) / 100);

/** Seats in position order, each with its member and catalogue image. */
export async function loadSeats(db: Executor, tournamentIds: readonly number[], avatarOf: AvatarOf): Promise<Map<number, Seat[]>> {
  const bySeat = new Map<number, Seat[]>(tournamentIds.map((id) => [id, []]));
  if (tournamentIds.length === 0) return bySeat;
  const rows = await db
    .selectFrom('tournament_slots as ts')
    .leftJoin('users as u', 'u.id', 'ts.user_id')
    .leftJoin('slots as s', 's.id', 'ts.slot_id')
    .select(['ts.tournament_id', 'ts.position', 'ts.name', 'ts.slot_id', 's.image', 'ts.user_id', 'u.username', 'u.kick_username', 'u.discord_id', 'u.avatar'])
    .where('ts.tournament_id', 'in', tournamentIds)
    .orderBy('ts.tournament_id')
    .orderBy('ts.position')
    .execute();
  for (const row of rows) {
    bySeat.get(row.tournament_id)!.push({
      position: row.position,
      name: row.name,
      slot_id: row.slot_id,
      image: row.image ?? null,
      user:
        row.user_id === null || row.username === null
          ? null
          : { id: row.user_id, username: row.username, kick_username: row.kick_username, avatar_url: avatarOf({ id: row.user_id, discord_id: row.discord_id!, avatar: row.avatar ?? null }) },
    });
  }
  return bySeat;
}

/** The whole bracket of one tournament: seats, and matches in round and match order. */
export async function loadBracket(db: Executor, tournamentId: number, avatarOf: AvatarOf): Promise<Bracket> {
  const seats = (await loadSeats(db, [tournamentId], avatarOf)).get(tournamentId)!;
  const seatAt = new Map(seats.map((seat) => [seat.position, seat]));
  const rows = await db.selectFrom('tournament_matches').selectAll().where('tournament_id', '=', tournamentId).orderBy('round').orderBy('match_number').execute();
  const matches = rows.map((row): LoadedMatch => {
    const one = row.slot1_position === null ? undefined : seatAt.get(row.slot1_position);
    const two = row.slot2_position === null ? undefined : seatAt.get(row.slot2_position);
    const winner = row.winner_side === 1 ? one : row.winner_side === 2 ? two : undefined;
    return {
      id: row.id,
      round: row.round,
      match_number: row.match_number,
      slot1_name: one?.name ?? null,
      slot2_name: two?.name ?? null,
      slot1_multiplier: centiToX(row.slot1_multiplier_centi),
      slot2_multiplier: centiToX(row.slot2_multiplier_centi),
      slot1_user: one?.user ?? null,
      slot2_user: two?.user ?? null,
      slot1_image: one?.image ?? null,
      slot2_image: two?.image ?? null,
      winner_name: winner?.name ?? null,
      slot1_position: row.slot1_position,
      slot2_position: row.slot2_position,
      winner_side: row.winner_side,
    };
  });
  return { seats, matches };
}

/** The seat position of the match's winner, if decided. */
export const winnerPosition = (match: Pick<LoadedMatch, 'winner_side' | 'slot1_position' | 'slot2_position'>) =>
  match.winner_side === 1 ? match.slot1_position : match.winner_side === 2 ? match.slot2_position : null;

/** The scores stored on a prediction, from its picks (match id → picked seat position) and the bracket. */
export function scoreOf(bracket: Bracket, picksByPosition: ReadonlyMap<number, number>) {
  const nameAt = new Map(bracket.seats.map((seat) => [seat.position, seat.name]));
  const picks = new Map([...picksByPosition].map(([matchId, position]) => [matchId, nameAt.get(position) ?? '']));
  const score = scorePicks(bracket.matches, picks);
  return {
    picks_count: score.picks,
    correct_count: score.correct,
    decided_count: score.decided,
    accuracy_bp: score.decided > 0 ? Math.round((score.correct / score.decided) * 10_000) : 0,
  };
}

/**
 * Re-scores every prediction of a tournament against its current results, in one statement (the caller's
 * transaction sets or clears a result first). Same figures as scoreOf: picks, correct, decided, accuracy.
 */
export async function rescoreTournament(trx: Executor, tournamentId: number) {
  const decided = sql<number>`(SELECT count(*) FROM tournament_picks p JOIN tournament_matches m ON m.id = p.match_id
    WHERE p.prediction_id = tournament_predictions.id AND m.winner_side IS NOT NULL)`;
  const correct = sql<number>`(SELECT count(*) FROM tournament_picks p JOIN tournament_matches m ON m.id = p.match_id
    WHERE p.prediction_id = tournament_predictions.id AND m.winner_side IS NOT NULL
      AND p.winner_position = CASE m.winner_side WHEN 1 THEN m.slot1_position ELSE m.slot2_position END)`;
  await trx
    .updateTable('tournament_predictions')
    .set({
      correct_count: correct,
      decided_count: decided,
      accuracy_bp: sql<number>`CASE WHEN ${decided} = 0 THEN 0 ELSE (${correct} * 10000 + ${decided} / 2) / ${decided} END`,
    })
    .where('tournament_id', '=', tournamentId)
    .execute();
}

/** The ranking order of decision 020: accuracy, correct picks, picks made, who saved first. */
export const RANKING = ['accuracy_bp desc', 'correct_count desc', 'picks_count desc', 'created_at asc', 'id asc'] as const;
