import type { Kysely } from 'kysely';
import { PROFILE_ACTIVITY_ITEMS } from '../../../common/limits';
import type { FriendPredictionSummary, PredictInput, PredictionSummary, Tournament, TournamentDetail, UserPrediction } from '../../../common/contracts/tournaments';
import { ALL_PREDICTIONS_MAX, FRIEND_PREDICTIONS_MAX, type TournamentFilter } from '../../../common/tournaments';
import type { DB, TournamentPredictionRow, TournamentRow } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { conflict, notFound } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { FriendsService } from '../friends/friends.service';
import type { ProfileActivitySource } from '../profiles/profiles.service';
import { loadBracket, type AvatarOf, type Bracket } from './bracket.repo';
import { readPicks } from './prediction-picks';
import { createPredictionSaves } from './prediction-saves';
import { TOURNAMENT_MESSAGES } from './tournament-messages';
import { bracketSummaries, predictionFigures, summaryOf, toMember, toTournament } from './tournament-views';
import { tournamentsRepo as repo, type RankedPrediction } from './tournaments.repo';

export { TOURNAMENT_MESSAGES };

/** Tournaments whose bracket saves reuse (few are open at once); past this the one loaded longest ago goes. */
const BRACKETS_KEPT = 50;

/**
 * The members' side of tournaments (spec 2 §3, §4, §5, §7; decision 020): the public list and detail with
 * the rankings, and saving a bracket prediction.
 */
export function createTournamentsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; achievements: AchievementsService; friends: FriendsService }) {
  const { db, avatarOf } = deps;
  const saves = createPredictionSaves(deps);

  const activity: ProfileActivitySource = {
    counts: async (userId) => ({ tournament_predictions: await repo.predictionsCountBy(db, userId) }),
    recent: async (userId) => ({
      tournament_predictions: (await repo.recentPredictionsBy(db, userId, PROFILE_ACTIVITY_ITEMS)).map((row) => ({
        id: row.id,
        created_at: row.created_at,
        tournament: { name: row.name, is_active: row.is_active === 1 },
      })),
    }),
  };

  const memberOf = (row: RankedPrediction) => toMember(row, avatarOf);

  async function requireTournament(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(TOURNAMENT_MESSAGES.notFound);
    return row;
  }

  /** A prediction as its member sees it: the picks in bracket order, and its standing. */
  async function asUserPrediction(bracket: Bracket, own: TournamentPredictionRow, stored: readonly { match_id: number; winner_position: number }[]): Promise<UserPrediction> {
    const nameAt = new Map(bracket.seats.map((seat) => [seat.position, seat.name]));
    const numberOf = new Map(bracket.matches.map((match) => [match.id, match.match_number]));
    const picks = [...stored].sort((a, b) => numberOf.get(a.match_id)! - numberOf.get(b.match_id)!);
    return {
      matches: picks.map((pick) => ({ tournament_match_id: pick.match_id, predicted_winner_name: nameAt.get(pick.winner_position) ?? '' })),
      ...predictionFigures({ ...own, rank: await repo.rankOf(db, own) }),
      updated_at: own.updated_at,
    };
  }

  /**
   * The bracket a save checks and scores against, kept per tournament while its row's updated_at stays the same:
   * every staff change to its seats, matches or results moves updated_at (lock() in tournaments-admin.service), and
   * a save's last step refuses it if updated_at moved meanwhile. Only saves use it: the seated members' names and
   * avatars change without the tournament's row, so pages read the bracket afresh.
   */
  const savedBrackets = new Map<number, { updatedAt: string; bracket: Promise<Bracket> }>();
  function bracketForSave(tournament: TournamentRow): Promise<Bracket> {
    const kept = savedBrackets.get(tournament.id);
    if (kept?.updatedAt === tournament.updated_at) return kept.bracket;
    const entry = { updatedAt: tournament.updated_at, bracket: loadBracket(db, tournament.id, avatarOf) };
    savedBrackets.delete(tournament.id);
    if (savedBrackets.size >= BRACKETS_KEPT) savedBrackets.delete(savedBrackets.keys().next().value as number);
    savedBrackets.set(tournament.id, entry);
    // A failed load is not kept: the next save tries again.
    entry.bracket.catch(() => {
      if (savedBrackets.get(tournament.id) === entry) savedBrackets.delete(tournament.id);
    });
    return entry.bracket;
  }

  /** The member's picks (in bracket order) and standing, or null when they have not predicted. */
  async function userPrediction(tournamentId: number, userId: number, bracket: Bracket): Promise<UserPrediction | null> {
    const own = await repo.predictionOf(db, tournamentId, userId);
    return own ? asUserPrediction(bracket, own, await repo.picksOf(db, own.id)) : null;
  }

  /** Spec 2 §9: the viewer's accepted friends who predicted, best first, at most 5 (none when friends are off). */
  async function friendPredictions(tournamentId: number, viewerId: number | null): Promise<FriendPredictionSummary[]> {
    if (viewerId === null || !(await deps.friends.enabled())) return [];
    const friendIds = (await deps.friends.list(viewerId)).map((friend) => friend.id);
    const rows = await repo.rankedOf(db, tournamentId, friendIds, FRIEND_PREDICTIONS_MAX);
    return rows.map((row) => ({ ...predictionFigures(row), friend: memberOf(row) }));
  }

  return {
    activity,

    async list(filter: TournamentFilter): Promise<Tournament[]> {
      const rows = await repo.list(db, filter);
      const summaries = await bracketSummaries(db, rows, avatarOf);
      return rows.map((row) => toTournament(row, summaries.get(row.id)!, []));
    },

    async detail(tournamentId: number, viewerId: number | null): Promise<TournamentDetail> {
      const row = await requireTournament(tournamentId);
      const bracket = await loadBracket(db, tournamentId, avatarOf);
      const [own, friends, top] = await Promise.all([
        viewerId === null ? null : userPrediction(tournamentId, viewerId, bracket),
        friendPredictions(tournamentId, viewerId),
        repo.top(db, tournamentId, ALL_PREDICTIONS_MAX),
      ]);
      return {
        tournament: toTournament(row, summaryOf(bracket.matches), bracket.matches),
        user_prediction: own,
        friend_predictions: friends,
        top_predictions: top.map((prediction): PredictionSummary => ({ ...predictionFigures(prediction), user: memberOf(prediction) })),
      };
    },

    /**
     * Saves the member's bracket with the other saves arriving beside it (prediction-saves.ts): their parallel saves
     * queue on their row, and a save racing staff closing predictions either commits first or is refused whole.
     */
    async predict(member: SessionUser, tournamentId: number, input: PredictInput): Promise<{ message: string; data: UserPrediction }> {
      const tournament = await requireTournament(tournamentId);
      if (tournament.predictions_active !== 1) throw conflict(TOURNAMENT_MESSAGES.closed);
      // Results change only while predictions are closed, so this bracket holds until the save is written.
      const bracket = await bracketForSave(tournament);
      const saved = await saves.save({ member, tournament, bracket, sent: readPicks(bracket, input) });
      const stored = [...saved.picks].map(([match_id, winner_position]) => ({ match_id, winner_position }));
      return { message: TOURNAMENT_MESSAGES.saved, data: await asUserPrediction(bracket, saved.prediction, stored) };
    },
  };
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
