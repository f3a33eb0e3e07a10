/* Tournament brackets and bracket predictions: rules both sides need (spec 2 §2, §4, §9; decision 020). */

import { countOf } from './format';

export const TOURNAMENT_SIZES = [4, 8, 16, 32] as const;
export type TournamentSize = (typeof TOURNAMENT_SIZES)[number];

export const TOURNAMENT_FILTERS = ['all', 'active', 'predictions', 'completed'] as const;
export type TournamentFilter = (typeof TOURNAMENT_FILTERS)[number];
export const TOURNAMENT_FILTER_LABELS: Record<TournamentFilter, string> = {
  all: 'All Tournaments',
  active: 'Active',
  predictions: 'Predictions Open',
  completed: 'Completed',
};

/** Spec 2 §9: Top Performers shows 3, Friends' Predictions at most 5; All Predictions is served up to 100. */
export const TOP_PERFORMERS = 3;
export const FRIEND_PREDICTIONS_MAX = 5;
export const ALL_PREDICTIONS_MAX = 100;
/** Points rewards staff may set: one amount per place, for the best predictors. */
export const TOURNAMENT_REWARD_PLACES_MAX = 10;
export const TOURNAMENT_NAME_MAX = 120;
export const TOURNAMENT_SLOT_NAME_MAX = 100;

/** Spec 2 §9 bracket layout, in CSS pixels: card 280 x 200, columns 120 apart, round-1 cards 60 apart. */
export const BRACKET_LAYOUT = { cardWidth: 280, cardHeight: 200, columnGap: 120, baseGap: 60 } as const;

/** Rounds in a bracket of `size` slots (4 → 2, 32 → 5). */
export const roundsOf = (size: number) => Math.round(Math.log2(size));
/** Matches in round `round` (1-based) of a bracket of `size` slots. */
export const matchesInRound = (size: number, round: number) => size / 2 ** round;
/** Spec 2 §2: the last round is 'Final', the others 'Round {n}'. */
export const roundTitle = (round: number, rounds: number) => (round === rounds ? 'Final' : `Round ${round}`);
export const matchCountLabel = (count: number) => countOf(count, 'match', 'matches');

/**
 * Where a match card sits in the bracket (decision 020): columns 400 px apart; in round r the distance from
 * one card's top to the next doubles each round, (200 + 60) × 2^(r-1), and each column starts half of the
 * extra distance lower, so every card sits exactly between the two cards that feed it.
 */
export function bracketPosition(round: number, index: number) {
  const { cardWidth, cardHeight, columnGap, baseGap } = BRACKET_LAYOUT;
  const basePitch = cardHeight + baseGap;
  const pitch = basePitch * 2 ** (round - 1);
  return { left: (round - 1) * (cardWidth + columnGap), top: (pitch - basePitch) / 2 + index * pitch };
}
/** The size of the whole bracket drawing. */
export function bracketSize(size: number) {
  const { cardWidth, cardHeight, columnGap, baseGap } = BRACKET_LAYOUT;
  const rounds = roundsOf(size);
  return { width: rounds * cardWidth + (rounds - 1) * columnGap, height: (size / 2) * (cardHeight + baseGap) - baseGap };
}

/** What the bracket rules need of a match. Matches of one tournament, sorted by round then match_number. */
export interface BracketMatch {
  id: number;
  round: number;
  match_number: number;
  slot1_name: string | null;
  slot2_name: string | null;
  winner_name: string | null;
}

/** Matches grouped by round, round 1 first, each round in match order. */
export function roundsOfMatches<M extends BracketMatch>(matches: readonly M[]): M[][] {
  const rounds: M[][] = [];
  for (const match of [...matches].sort((a, b) => a.round - b.round || a.match_number - b.match_number)) {
    (rounds[match.round - 1] ??= []).push(match);
  }
  return rounds;
}

/** Where the winner of match `index` (0-based) of a round plays next: that index in the next round, and which slot. */
export const nextMatchOf = (index: number) => ({ index: Math.floor(index / 2), slot: index % 2 === 0 ? ('slot1_name' as const) : ('slot2_name' as const) });

/** A member's picks: match id → the slot name they say wins it. */
export type Picks = ReadonlyMap<number, string>;

/**
 * The bracket as a member sees it while predicting (spec 2 §4): real slot names stay; when every match of a
 * round has a winner or a pick, the next round's empty slots fill with those names, paired in order.
 */
export function projectBracket<M extends BracketMatch>(matches: readonly M[], picks: Picks): M[][] {
  const rounds = roundsOfMatches(matches).map((round) => round.map((match) => ({ ...match })));
  for (let r = 0; r + 1 < rounds.length; r++) {
    const chosen = rounds[r].map((match) => match.winner_name ?? picks.get(match.id) ?? null);
    if (chosen.some((name) => name === null)) continue;
    chosen.forEach((name, index) => {
      const next = nextMatchOf(index);
      const target = rounds[r + 1][next.index];
      target[next.slot] ??= name;
    });
  }
  return rounds;
}

/** Spec 2 §4: a match can be picked when both its slots are filled and it has no winner. */
export const isPickable = (match: BracketMatch) => match.slot1_name !== null && match.slot2_name !== null && match.winner_name === null;

/**
 * Drops the picks that no longer fit the bracket: a pick whose name is not one of its match's (projected) slots,
 * e.g. after the member changed an earlier round. Picks on decided matches are kept as they are (locked).
 */
export function prunePicks(matches: readonly BracketMatch[], picks: Picks): Map<number, string> {
  let kept = new Map(picks);
  for (;;) {
    const projected = projectBracket(matches, kept).flat();
    const next = new Map(
      [...kept].filter(([id, name]) => {
        const match = projected.find((m) => m.id === id);
        return match !== undefined && (match.winner_name !== null || match.slot1_name === name || match.slot2_name === name);
      }),
    );
    if (next.size === kept.size) return next;
    kept = next;
  }
}

/** Spec 2 §3 prediction summary figures: correct of decided picks, accuracy in percent with one decimal. */
export function scorePicks(matches: readonly BracketMatch[], picks: Picks) {
  let correct = 0;
  let decided = 0;
  for (const match of matches) {
    const pick = picks.get(match.id);
    if (pick === undefined || match.winner_name === null) continue;
    decided++;
    if (pick === match.winner_name) correct++;
  }
  return { correct, decided, picks: picks.size, accuracy: accuracyPercent(correct, decided) };
}
export const accuracyPercent = (correct: number, decided: number) => (decided > 0 ? Math.round((correct / decided) * 1000) / 10 : 0);

/** Spec 2 §4: the percentage of matches with a winner (whole percent). */
export const tournamentProgress = (matches: readonly BracketMatch[]) =>
  matches.length === 0 ? 0 : Math.round((matches.filter((match) => match.winner_name !== null).length / matches.length) * 100);

/** Spec 2 §4: the winner is the winner of the final-round match. */
export function tournamentWinner(matches: readonly BracketMatch[]) {
  const rounds = roundsOfMatches(matches);
  return rounds.at(-1)?.[0]?.winner_name ?? null;
}

/** Spec 2 §4: Completed means inactive and 100 percent. */
export const isCompleted = (tournament: { is_active: boolean; progress: number }) => !tournament.is_active && tournament.progress === 100;

export const sameSlotName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where a tournament stands for staff: filling the bracket, running, or finished. */
export const ADMIN_TOURNAMENT_STATUSES = ['draft', 'active', 'completed'] as const;
export type AdminTournamentStatus = (typeof ADMIN_TOURNAMENT_STATUSES)[number];
export const ADMIN_TOURNAMENT_STATUS_LABELS: Record<AdminTournamentStatus, string> = {
  draft: 'Draft',
  active: 'Running',
  completed: 'Completed',
};
