import type { PredictInput } from '../../../common/contracts/tournaments';
import { prunePicks, sameSlotName } from '../../../common/tournaments';
import { unprocessable } from '../../platform/errors';
import type { Bracket, LoadedMatch, Seat } from './bracket.repo';
import { TOURNAMENT_MESSAGES } from './tournament-messages';

/** A pick as sent, once its match and seat are known; `index` is its place in the list sent (for field errors). */
export interface SentPick {
  index: number;
  match: LoadedMatch;
  seat: Seat;
}

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
export function readPicks(bracket: Bracket, input: PredictInput): SentPick[] {
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
export function mergePicks(bracket: Bracket, sent: readonly SentPick[], stored: readonly { match_id: number; winner_position: number }[]) {
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

