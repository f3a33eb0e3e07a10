import type { Kysely, Transaction } from 'kysely';
import { lockMembers } from '../../db/member-locks';
import type { DB, TournamentPredictionRow, TournamentRow } from '../../db/types';
import type { SessionUser } from '../../platform/auth/sessions';
import { createBatcher, type Outcome } from '../../platform/batches';
import { conflict } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import { scoreOf, type Bracket } from './bracket.repo';
import { mergePicks, type SentPick } from './prediction-picks';
import { TOURNAMENT_MESSAGES } from './tournament-messages';
import { tournamentsRepo as repo, type PredictionScore } from './tournaments.repo';

/** A save that passed the checks needing no lock: its picks read against the bracket of `tournament` as it was read. */
export interface SaveRequest {
  member: SessionUser;
  tournament: TournamentRow;
  bracket: Bracket;
  sent: SentPick[];
}

export interface SaveResult {
  /** The prediction as this save left it (a later save of the same batch may change it again). */
  prediction: TournamentPredictionRow;
  picks: Map<number, number>;
}

type StoredPick = { match_id: number; winner_position: number };

/**
 * Saving bracket predictions (decision 020, addendum): the saves that arrive for one tournament while its last batch
 * is being written go together in one transaction (platform/batches.ts). It first takes the tournament row's shared
 * lock (closing predictions and staff changes wait for the batch), refuses the saves checked against a bracket that
 * changed, locks the members' rows in id order and reads their predictions and picks once, merges each save in
 * arrival order as one transaction per save would (a member's second save sees their first), then writes every
 * prediction and pick in a few statements. A rush of 500 members on PostgreSQL paid about eleven round trips a save.
 */
export function createPredictionSaves(deps: { db: Kysely<DB>; now: () => Date; achievements: AchievementsService }) {
  const { db, now } = deps;

  async function saveTogether(trx: Transaction<DB>, tournamentId: number, requests: SaveRequest[]): Promise<Outcome<SaveResult>[]> {
    const at = now().toISOString();
    const open = await repo.openForSaves(trx, tournamentId);
    if (!open || open.predictions_active !== 1) throw conflict(TOURNAMENT_MESSAGES.closed);
    const memberIds = [...new Set(requests.map((request) => request.member.id))];
    await lockMembers(trx, memberIds);
    const existing = new Map((await repo.predictionsOf(trx, tournamentId, memberIds)).map((row) => [row.user_id, row]));
    const stored = new Map<number, StoredPick[]>([...existing.values()].map((row) => [row.id, []]));
    for (const pick of await repo.picksOfAll(trx, [...stored.keys()])) stored.get(pick.prediction_id)!.push(pick);

    // Each member's picks and score as the batch goes, from what was stored; the last of them is what is written.
    const latest = new Map<number, { picks: Map<number, number>; score: PredictionScore }>();
    const decided = requests.map((request): Outcome<{ picks: Map<number, number>; score: PredictionScore }> => {
      // Checked against another bracket: staff changed the tournament since (every change stamps updated_at).
      if (request.tournament.updated_at !== open.updated_at) return { ok: false, error: conflict(TOURNAMENT_MESSAGES.changed) };
      const memberId = request.member.id;
      const before = latest.get(memberId)?.picks;
      const own = before ? [...before].map(([match_id, winner_position]) => ({ match_id, winner_position })) : (stored.get(existing.get(memberId)?.id ?? -1) ?? []);
      try {
        const picks = mergePicks(request.bracket, request.sent, own);
        const saved = { picks, score: scoreOf(request.bracket, picks) };
        latest.set(memberId, saved);
        return { ok: true, value: saved };
      } catch (error) {
        return { ok: false, error };
      }
    });
    const written = new Map<number, TournamentPredictionRow>();
    if (latest.size > 0) {
      const bracket = requests[0].bracket;
      const undecided = bracket.matches.filter((match) => match.winner_side === null).map((match) => match.id);
      const firsts = [...latest.keys()].filter((memberId) => !existing.has(memberId));
      const fresh = firsts.map((memberId) => ({ tournament_id: tournamentId, user_id: memberId, created_at: at, updated_at: at, ...latest.get(memberId)!.score }));
      const inserted = fresh.length === 0 ? [] : await repo.insertPredictions(trx, fresh);
      const again = [...latest.keys()].filter((memberId) => existing.has(memberId));
      const rescored = again.length === 0 ? [] : await repo.scorePredictions(trx, new Map(again.map((memberId) => [existing.get(memberId)!.id, latest.get(memberId)!.score])), at);
      for (const row of [...inserted, ...rescored]) written.set(row.user_id, row);
      // A new prediction has no picks to replace yet; decided matches keep theirs (locked).
      await repo.replacePicks(
        trx,
        rescored.map((row) => row.id),
        undecided,
        [...latest].flatMap(([memberId, { picks }]) =>
          undecided.filter((matchId) => picks.has(matchId)).map((matchId) => ({ prediction_id: written.get(memberId)!.id, match_id: matchId, winner_position: picks.get(matchId)! })),
        ),
      );
      if (firsts.length > 0) await deps.achievements.progressMany(trx, 'tournament_predictions', await repo.predictionsCountsBy(trx, firsts));
    }

    return decided.map((outcome, index) => {
      if (!outcome.ok) return outcome;
      const row = written.get(requests[index].member.id)!;
      return { ok: true, value: { prediction: { ...row, ...outcome.value.score }, picks: outcome.value.picks } };
    });
  }

  const batches = createBatcher((tournamentId: number, requests: SaveRequest[]) => db.transaction().execute((trx) => saveTogether(trx, tournamentId, requests)));

  return {
    /** Saves, together with whatever other saves for this tournament are waiting; answers this save's own outcome. */
    save: (request: SaveRequest) => batches.submit(request.tournament.id, request),
  };
}
