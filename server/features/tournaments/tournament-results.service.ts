import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { matchResultSchema } from '../../../common/contracts/tournaments-admin';
import { countOf, formatCount } from '../../../common/format';
import { nextMatchOf, roundsOfMatches, sameSlotName } from '../../../common/tournaments';
import type { DB, TournamentRow } from '../../db/types';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { loadBracket, rescoreTournament, type AvatarOf, type LoadedMatch } from './bracket.repo';
import { bracketSummaries } from './tournament-views';
import { tournamentsAdminRepo as repo } from './tournaments-admin.repo';
import { tournamentsRepo } from './tournaments.repo';
import { lock, staffTransaction, TOURNAMENT_ADMIN_MESSAGES } from './tournaments-admin.service';

export const TOURNAMENT_REWARD_REASON = 'tournament_reward';

export const TOURNAMENT_RESULT_MESSAGES = {
  notFound: TOURNAMENT_ADMIN_MESSAGES.notFound,
  matchNotFound: 'Match not found.',
  closeFirst: 'Close predictions before entering results.',
  resultsFinished: 'This tournament is finished, so its results can no longer change.',
  waiting: (match: number) => `Match ${match} is still waiting for the winners of earlier matches.`,
  notPlaying: (one: string, two: string) => `Choose “${one}” or “${two}”: only they play this match.`,
  nextDecided: (next: number) => `Match ${next} already has a result; change Match ${next} first.`,
  alreadyFinished: TOURNAMENT_ADMIN_MESSAGES.finished,
  notGenerated: TOURNAMENT_ADMIN_MESSAGES.notGenerated,
  closeBeforeFinish: 'Close predictions before finishing the tournament.',
  undecided: (count: number) => `${countOf(count, 'match still needs', 'matches still need')} a result before the tournament can finish.`,
} as const;

type MatchResult = z.output<typeof matchResultSchema>;
const centi = (multiplier: number | null) => (multiplier === null ? null : Math.round(multiplier * 100));

/** Where a match sits: its round's matches, its index there, and the match its winner plays next (none for the final). */
function placeOf(matches: readonly LoadedMatch[], matchId: number) {
  const rounds = roundsOfMatches(matches);
  for (const [r, round] of rounds.entries()) {
    const index = round.findIndex((match) => match.id === matchId);
    if (index < 0) continue;
    const next = nextMatchOf(index);
    return { match: round[index], index, next: rounds[r + 1]?.[next.index], column: next.slot === 'slot1_name' ? ('slot1_position' as const) : ('slot2_position' as const) };
  }
  return undefined;
}

/**
 * Results and the finish (decision 020). Each result write, the winner's move into the next match and the
 * re-scoring of every prediction are one transaction, under the tournament's row, with predictions closed.
 */
export function createTournamentResultsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; points: PointsService; notifications: NotificationsService }) {
  const { db, avatarOf } = deps;
  const inTransaction = staffTransaction(db, deps.now);

  /** Pays each place's points to the ranked predictors with a correct pick, with a notification and a record each. */
  async function payRewards(trx: Transaction<DB>, tournament: TournamentRow, at: string) {
    const rewards = JSON.parse(tournament.reward_points) as number[];
    if (rewards.length === 0) return 0;
    // Accuracy ranks first, so the predictors with a correct pick are the head of the ranking.
    const winners = (await tournamentsRepo.top(trx, tournament.id, rewards.length)).filter((row) => Number(row.correct_count) >= 1);
    for (const [index, winner] of winners.entries()) {
      const place = index + 1;
      const points = rewards[index];
      await deps.points.change(trx, {
        userId: winner.user_id,
        delta: points,
        reason: TOURNAMENT_REWARD_REASON,
        reference: `tournament:${tournament.id}:place:${place}`,
        note: `Place ${place} in the bracket predictions of ${tournament.name}`,
      });
      await deps.notifications.notify(trx, winner.user_id, {
        type: TOURNAMENT_REWARD_REASON,
        message: `Your bracket predictions for “${tournament.name}” placed #${place}: ${formatCount(points)} points are yours.`,
        link: `/tournaments/${tournament.id}`,
      });
      await repo.insertReward(trx, { tournament_id: tournament.id, place, user_id: winner.user_id, points, paid_at: at });
    }
    return winners.length;
  }

  return {
    /**
     * Sets, changes or clears (winner_name null) a match's result. The winner takes the match's place in the
     * next match; a result can change only while that next match has none, so nothing downstream ever
     * points at a loser.
     */
    setResult: (id: number, matchId: number, input: MatchResult) =>
      inTransaction(async (trx, at) => {
        const tournament = await lock(trx, id, at);
        if (tournament.finished_at !== null) throw conflict(TOURNAMENT_RESULT_MESSAGES.resultsFinished);
        const { matches } = await loadBracket(trx, id, avatarOf);
        const place = placeOf(matches, matchId);
        if (!place) throw notFound(TOURNAMENT_RESULT_MESSAGES.matchNotFound);
        if (tournament.predictions_active === 1) throw conflict(TOURNAMENT_RESULT_MESSAGES.closeFirst);
        const { match, next, column } = place;
        let side: 1 | 2 | null = null;
        if (input.winner_name !== null) {
          if (match.slot1_name === null || match.slot2_name === null) throw conflict(TOURNAMENT_RESULT_MESSAGES.waiting(match.match_number));
          side = sameSlotName(input.winner_name, match.slot1_name) ? 1 : sameSlotName(input.winner_name, match.slot2_name) ? 2 : null;
          if (side === null) {
            const message = TOURNAMENT_RESULT_MESSAGES.notPlaying(match.slot1_name, match.slot2_name);
            throw unprocessable(message, { winner_name: [message] });
          }
        }
        if (next && next.winner_side !== null && side !== match.winner_side) throw conflict(TOURNAMENT_RESULT_MESSAGES.nextDecided(next.match_number));
        await repo.setResult(trx, match.id, {
          winner_side: side,
          slot1_multiplier_centi: centi(input.slot1_multiplier),
          slot2_multiplier_centi: centi(input.slot2_multiplier),
          decided_at: side === null ? null : at,
        });
        if (next) await repo.setSeat(trx, next.id, column, side === 1 ? match.slot1_position : side === 2 ? match.slot2_position : null);
        await rescoreTournament(trx, id);
        return side !== null;
      }),

    /** Ends a decided tournament and pays its rewards: exactly once, whoever else calls at the same time. */
    finish: (id: number) =>
      inTransaction(async (trx, at) => {
        const tournament = await repo.markFinished(trx, id, at);
        if (!tournament) throw (await repo.find(trx, id)) ? conflict(TOURNAMENT_RESULT_MESSAGES.alreadyFinished) : notFound(TOURNAMENT_RESULT_MESSAGES.notFound);
        if (tournament.generated_at === null) throw conflict(TOURNAMENT_RESULT_MESSAGES.notGenerated);
        if (tournament.predictions_active === 1) throw conflict(TOURNAMENT_RESULT_MESSAGES.closeBeforeFinish);
        const summary = (await bracketSummaries(trx, [tournament], avatarOf)).get(id)!;
        const undecided = summary.matches_count - summary.decided_count;
        if (undecided > 0) throw conflict(TOURNAMENT_RESULT_MESSAGES.undecided(undecided));
        return payRewards(trx, tournament, at);
      }),
  };
}

export type TournamentResultsService = ReturnType<typeof createTournamentResultsService>;
