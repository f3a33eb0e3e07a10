import type { Kysely } from 'kysely';
import { PROFILE_ACTIVITY_ITEMS } from '../../../common/limits';
import type { FriendPredictionSummary, PredictInput, PredictionSummary, Tournament, TournamentDetail, UserPrediction } from '../../../common/contracts/tournaments';
import { ALL_PREDICTIONS_MAX, FRIEND_PREDICTIONS_MAX, prunePicks, sameSlotName, type TournamentFilter } from '../../../common/tournaments';
import type { DB, TournamentPredictionRow, TournamentRow } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { FriendsService } from '../friends/friends.service';
import type { ProfileActivitySource } from '../profiles/profiles.service';
import { loadBracket, scoreOf, type AvatarOf, type Bracket, type LoadedMatch, type Seat } from './bracket.repo';
import { bracketSummaries, predictionFigures, summaryOf, toMember, toTournament } from './tournament-views';
import { tournamentsRepo as repo, type RankedPrediction } from './tournaments.repo';

export const TOURNAMENT_MESSAGES = {
  notFound: 'Tournament not found.',
  signIn: 'You must be logged in to make predictions',
  closed: 'Predictions are no longer active for this tournament',
  empty: 'Please make at least one prediction',
  unknownMatch: (id: number) => `Match ${id} is not part of this tournament.`,
  duplicate: 'Each match can be picked once.',
  cannotReach: (name: string, matchNumber: number) => `“${name}” cannot reach Match ${matchNumber}.`,
  locked: (matchNumber: number) => `Match ${matchNumber} already has a result; your pick there is locked.`,
  saved: 'Predictions saved!',
  changed: 'Staff changed this tournament while your predictions were saving. Look at the bracket and save again.',
} as const;

/** A pick as sent, once its match and seat are known; `index` is its place in the list sent (for field errors). */
interface SentPick {
  index: number;
  match: LoadedMatch;
  seat: Seat;
}

/** Tournaments whose bracket saves reuse (few are open at once); past this the one loaded longest ago goes. */
const BRACKETS_KEPT = 50;

/** Refusals of a save: the first one leads, each names its field. */
class Refusals {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  throwAny() {
    const first = Object.values(this.errors)[0];
    if (first) throw unprocessable(first[0], this.errors);
  }
}

/** Each sent pick's match and seat: matches of this tournament, once each, with a slot of this bracket. */
function readPicks(bracket: Bracket, input: PredictInput): SentPick[] {
  const refusals = new Refusals();
  const byId = new Map(bracket.matches.map((match) => [match.id, match]));
  const sent = new Map<number, SentPick>();
  input.predictions.forEach(({ match_id, winner_name }, index) => {
    const match = byId.get(match_id);
    if (!match) return refusals.add(`predictions.${index}.match_id`, TOURNAMENT_MESSAGES.unknownMatch(match_id));
    if (sent.has(match_id)) return refusals.add(`predictions.${index}.match_id`, TOURNAMENT_MESSAGES.duplicate);
    const seat = bracket.seats.find((candidate) => sameSlotName(candidate.name, winner_name));
    if (!seat) return refusals.add(`predictions.${index}.winner_name`, TOURNAMENT_MESSAGES.cannotReach(winner_name, match.match_number));
    sent.set(match_id, { index, match, seat });
  });
  refusals.throwAny();
  return [...sent.values()];
}

/**
 * The member's picks after this save (match id → seat position): the sent picks on undecided matches, and
 * the stored picks on decided ones (locked: the same pick may be sent again, a different one is refused).
 * Every sent pick must reach its match through the results and the member's own picks (decision 020).
 */
function mergePicks(bracket: Bracket, sent: readonly SentPick[], stored: readonly { match_id: number; winner_position: number }[]) {
  const refusals = new Refusals();
  const nameAt = new Map(bracket.seats.map((seat) => [seat.position, seat.name]));
  const decided = new Set(bracket.matches.filter((match) => match.winner_side !== null).map((match) => match.id));
  const picks = new Map(stored.filter((pick) => decided.has(pick.match_id)).map((pick) => [pick.match_id, pick.winner_position]));
  for (const { index, match, seat } of sent) {
    if (!decided.has(match.id)) picks.set(match.id, seat.position);
    else if (picks.get(match.id) !== seat.position) refusals.add(`predictions.${index}.winner_name`, TOURNAMENT_MESSAGES.locked(match.match_number));
  }
  refusals.throwAny();
  const kept = prunePicks(bracket.matches, new Map([...picks].map(([matchId, position]) => [matchId, nameAt.get(position)!])));
  for (const { index, match, seat } of sent) {
    if (!kept.has(match.id)) refusals.add(`predictions.${index}.winner_name`, TOURNAMENT_MESSAGES.cannotReach(seat.name, match.match_number));
  }
  refusals.throwAny();
  return picks;
}

/**
 * The members' side of tournaments (spec 2 §3, §4, §5, §7; decision 020): the public list and detail with
 * the rankings, and saving a bracket prediction in one transaction that ends on the tournament's row.
 */
export function createTournamentsService(deps: { db: Kysely<DB>; now: () => Date; avatarOf: AvatarOf; achievements: AchievementsService; friends: FriendsService }) {
  const { db, now, avatarOf } = deps;

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
     * Saves the member's bracket: one transaction that takes the member's row first (their parallel saves
     * queue there), writes the prediction and its picks, and ends on the tournament's row only while
     * predictions are open, so a save racing staff closing them either commits first or rolls back whole.
     */
    async predict(member: SessionUser, tournamentId: number, input: PredictInput): Promise<{ message: string; data: UserPrediction }> {
      const tournament = await requireTournament(tournamentId);
      if (tournament.predictions_active !== 1) throw conflict(TOURNAMENT_MESSAGES.closed);
      // Results change only while predictions are closed, so this bracket holds until the last write below.
      const bracket = await bracketForSave(tournament);
      const sent = readPicks(bracket, input);
      const undecided = bracket.matches.filter((match) => match.winner_side === null).map((match) => match.id);
      const saved = await db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        await repo.lockMember(trx, member.id);
        const existing = await repo.predictionOf(trx, tournamentId, member.id);
        const picks = mergePicks(bracket, sent, existing ? await repo.picksOf(trx, existing.id) : []);
        const score = scoreOf(bracket, picks);
        const prediction = existing
          ? await repo.scorePrediction(trx, existing.id, score, at)
          : await repo.insertPrediction(trx, { tournament_id: tournamentId, user_id: member.id, at }, score);
        // A new prediction has no picks to replace yet.
        await repo.replacePicks(trx, prediction.id, existing ? undecided : [], new Map([...picks].filter(([matchId]) => undecided.includes(matchId))));
        if (!existing) await deps.achievements.progress(trx, member.id, 'tournament_predictions', await repo.predictionsCountBy(trx, member.id));
        if (!(await repo.admitPrediction(trx, tournamentId, tournament.updated_at))) {
          const stillOpen = (await repo.find(trx, tournamentId))?.predictions_active === 1;
          throw conflict(stillOpen ? TOURNAMENT_MESSAGES.changed : TOURNAMENT_MESSAGES.closed);
        }
        return { prediction, picks };
      });
      const stored = [...saved.picks].map(([match_id, winner_position]) => ({ match_id, winner_position }));
      return { message: TOURNAMENT_MESSAGES.saved, data: await asUserPrediction(bracket, saved.prediction, stored) };
    },
  };
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
