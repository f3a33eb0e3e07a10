import { sql } from 'kysely';
import type { PredictionSummary, Tournament, TournamentMember } from '../../../common/contracts/tournaments';
import { accuracyPercent } from '../../../common/tournaments';
import type { Executor, TournamentRow } from '../../db/types';
import { loadSeats, type AvatarOf, type LoadedMatch } from './bracket.repo';
import type { RankedPrediction } from './tournaments.repo';

/* Rows to spec 2 §3 Tournament (members' side; the staff view extends it). */

/** What the list shows of a bracket without loading its matches. */
export interface BracketSummary {
  matches_count: number;
  decided_count: number;
  winner_name: string | null;
  winner_user: TournamentMember | null;
}

const EMPTY: BracketSummary = { matches_count: 0, decided_count: 0, winner_name: null, winner_user: null };

/** Matches, decided matches and the final's winner of some tournaments, keyed by id. */
export async function bracketSummaries(db: Executor, rows: readonly TournamentRow[], avatarOf: AvatarOf): Promise<Map<number, BracketSummary>> {
  const ids = rows.map((row) => row.id);
  const summaries = new Map<number, BracketSummary>(ids.map((id) => [id, { ...EMPTY }]));
  if (ids.length === 0) return summaries;
  const counts = await db
    .selectFrom('tournament_matches')
    .select(['tournament_id', (eb) => eb.fn.countAll<number>().as('matches'), (eb) => eb.fn.count<number>('winner_side').as('decided')])
    .where('tournament_id', 'in', ids)
    .groupBy('tournament_id')
    .execute();
  for (const row of counts) Object.assign(summaries.get(row.tournament_id)!, { matches_count: Number(row.matches), decided_count: Number(row.decided) });
  // The final is the last match: number size - 1.
  const winners = await db
    .selectFrom('tournament_matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .select(['m.tournament_id', 'm.winner_side', 'm.slot1_position', 'm.slot2_position'])
    .where('m.tournament_id', 'in', ids)
    .where('m.winner_side', 'is not', null)
    .where(sql<boolean>`m.match_number = t.size - 1`)
    .execute();
  if (winners.length === 0) return summaries;
  const seats = await loadSeats(db, winners.map((row) => row.tournament_id), avatarOf);
  for (const row of winners) {
    const position = row.winner_side === 1 ? row.slot1_position : row.slot2_position;
    const seat = seats.get(row.tournament_id)!.find((candidate) => candidate.position === position);
    Object.assign(summaries.get(row.tournament_id)!, { winner_name: seat?.name ?? null, winner_user: seat?.user ?? null });
  }
  return summaries;
}

/** The summary of a loaded bracket (the detail page has every match already). */
export function summaryOf(matches: readonly LoadedMatch[]): BracketSummary {
  const final = matches.find((match) => match.round === Math.max(...matches.map((m) => m.round)));
  const winnerUser = final?.winner_side === 1 ? final.slot1_user : final?.winner_side === 2 ? final.slot2_user : null;
  return { matches_count: matches.length, decided_count: matches.filter((m) => m.winner_side !== null).length, winner_name: final?.winner_name ?? null, winner_user: winnerUser ?? null };
}

/** Spec 2 §3 Tournament: `matches` is the whole bracket on the detail page and empty in lists. */
export function toTournament(row: TournamentRow & { predictions_count: number | string | null }, summary: BracketSummary, matches: readonly LoadedMatch[]): Tournament {
  const progress = summary.matches_count === 0 ? 0 : Math.round((summary.decided_count / summary.matches_count) * 100);
  const isActive = row.is_active === 1;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    size: row.size,
    is_active: isActive,
    predictions_active: row.predictions_active === 1,
    matches_count: summary.matches_count,
    predictions_count: Number(row.predictions_count ?? 0),
    progress,
    is_completed: !isActive && summary.matches_count > 0 && progress === 100,
    winner_name: summary.winner_name,
    winner_user: summary.winner_user,
    reward_points: JSON.parse(row.reward_points) as number[],
    created_at: row.created_at,
    finished_at: row.finished_at,
    matches: matches.map(({ slot1_position: _1, slot2_position: _2, winner_side: _3, ...match }) => match),
  };
}

type MemberColumns = Pick<RankedPrediction, 'user_id' | 'username' | 'kick_username' | 'discord_id' | 'avatar'>;

/** A predictor or reward winner from their joined user columns. */
export const toMember = (row: MemberColumns, avatarOf: AvatarOf): TournamentMember => ({
  id: row.user_id,
  username: row.username,
  kick_username: row.kick_username,
  avatar_url: avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }),
});

/** Spec 2 §3 Prediction summary figures of a ranked row (total = decided picks). */
export const predictionFigures = (row: Pick<RankedPrediction, 'rank' | 'correct_count' | 'decided_count' | 'picks_count'>): Omit<PredictionSummary, 'user'> => ({
  rank: Number(row.rank),
  accuracy: accuracyPercent(Number(row.correct_count), Number(row.decided_count)),
  correct: Number(row.correct_count),
  total: Number(row.decided_count),
  picks: Number(row.picks_count),
});
