/* The arithmetic of a bonus hunt, shared by the server (statistics, rankings) and the overlay (window and colours). */

import { countOf } from './format';

/** The server-sent event stream of hunt changes (event `hunt`, huntChangeEventSchema in contracts/bonus-hunts.ts). */
export const HUNT_EVENTS_PATH = '/api/r/bonus-hunts/events';

export interface HuntGameFigures {
  slot_name: string;
  slot_bet: number;
  slot_win: number;
  pending_win: boolean;
  /** A win was entered (possibly $0). */
  opened: boolean;
}

export interface HuntFigures {
  winnings: number;
  average_multiplier: number;
  break_even_multiplier: number;
  highest_multiplier: number;
  highest_multiplier_game: string | null;
  biggest_win: number;
  biggest_win_game: string | null;
  completed_games: number;
  total_games: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const cents = (dollars: number) => Math.round(dollars * 100);

export const gameMultiplier = (bet: number, win: number) => (bet > 0 ? round2(win / bet) : 0);

/**
 * Spec 1 §3 statistics. A game counts once opened and not pending; the break-even multiplier is what the
 * remaining games (not opened, or pending) must average to win back what the start balance lacks.
 */
export function huntFigures(startBalance: number, games: readonly HuntGameFigures[]): HuntFigures {
  const settled = games.filter((game) => game.opened && !game.pending_win);
  const remaining = games.filter((game) => !game.opened || game.pending_win);
  const winningsCents = settled.reduce((sum, game) => sum + cents(game.slot_win), 0);
  let highest: HuntGameFigures | null = null;
  let biggest: HuntGameFigures | null = null;
  for (const game of settled) {
    if (game.slot_win <= 0) continue;
    if (!highest || gameMultiplier(game.slot_bet, game.slot_win) > gameMultiplier(highest.slot_bet, highest.slot_win)) highest = game;
    if (!biggest || game.slot_win > biggest.slot_win) biggest = game;
  }
  const remainingBetCents = remaining.reduce((sum, game) => sum + cents(game.slot_bet), 0);
  const stillNeededCents = cents(startBalance) - winningsCents;
  return {
    winnings: winningsCents / 100,
    average_multiplier: settled.length > 0 ? round2(settled.reduce((sum, game) => sum + gameMultiplier(game.slot_bet, game.slot_win), 0) / settled.length) : 0,
    break_even_multiplier: stillNeededCents > 0 && remainingBetCents > 0 ? round2(stillNeededCents / remainingBetCents) : 0,
    highest_multiplier: highest ? gameMultiplier(highest.slot_bet, highest.slot_win) : 0,
    highest_multiplier_game: highest?.slot_name ?? null,
    biggest_win: biggest?.slot_win ?? 0,
    biggest_win_game: biggest?.slot_name ?? null,
    completed_games: games.filter((game) => game.slot_win > 0 && !game.pending_win).length,
    total_games: games.length,
  };
}

export interface PredictionFigures<U> {
  user: U;
  end_balance: number;
  highest_multiplier: number;
  highest_multiplier_game: string;
  created_at: string;
}

export interface RankedEntry<U> {
  rank: number;
  user: U;
  predicted_value: number | string;
  difference: number;
}

export interface Rankings<U> {
  end_balance: RankedEntry<U>[];
  highest_multiplier: RankedEntry<U>[];
  highest_multiplier_game: RankedEntry<U>[];
}

/** Competition ranking: equal differences share a rank (1, 1, 3); earlier predictions list first among equals. */
function rankBy<U>(entries: { entry: Omit<RankedEntry<U>, 'rank'>; created_at: string }[]): RankedEntry<U>[] {
  const sorted = [...entries].sort((a, b) => a.entry.difference - b.entry.difference || a.created_at.localeCompare(b.created_at));
  return sorted.map(({ entry }) => ({ ...entry, rank: sorted.findIndex((other) => other.entry.difference === entry.difference) + 1 }));
}

/**
 * The closest predictions of each kind against the actual values. The game kind lists only those who named the
 * game that paid the highest multiplier (difference 0, all rank 1); it is empty while no game has paid.
 */
export function rankPredictions<U>(
  predictions: readonly PredictionFigures<U>[],
  actual: { total_wins: number; highest_multiplier: number; highest_multiplier_game: string | null },
): Rankings<U> {
  const game = actual.highest_multiplier_game?.trim().toLowerCase() ?? null;
  return {
    end_balance: rankBy(
      predictions.map((p) => ({
        created_at: p.created_at,
        entry: { user: p.user, predicted_value: p.end_balance, difference: cents(Math.abs(p.end_balance - actual.total_wins)) / 100 },
      })),
    ),
    highest_multiplier: rankBy(
      predictions.map((p) => ({
        created_at: p.created_at,
        entry: { user: p.user, predicted_value: p.highest_multiplier, difference: round2(Math.abs(p.highest_multiplier - actual.highest_multiplier)) },
      })),
    ),
    highest_multiplier_game:
      game === null
        ? []
        : rankBy(
            predictions
              .filter((p) => p.highest_multiplier_game.trim().toLowerCase() === game)
              .map((p) => ({ created_at: p.created_at, entry: { user: p.user, predicted_value: p.highest_multiplier_game, difference: 0 } })),
          ),
  };
}

/** Spec 1 §9 / spec 2 §4 colour tiers of a multiplier. */
export type MultiplierTier = 'none' | 'low' | 'good' | 'great' | 'huge';
export function multiplierTier(multiplier: number): MultiplierTier {
  if (multiplier <= 0) return 'none';
  if (multiplier >= 100) return 'huge';
  if (multiplier >= 50) return 'great';
  if (multiplier >= 10) return 'good';
  return 'low';
}

export const OVERLAY_WINDOW = 3;

/** Spec 2 §4: the current game is the first without a win; -1 when every game has one. */
export function overlayCurrentIndex(games: readonly { opened: boolean; pending_win: boolean }[]): number {
  return games.findIndex((game) => !game.opened || game.pending_win);
}

/**
 * Spec 2 §4: the first row of the 3-game window. While no game has a win the window auto-rotates (`tick` counts
 * 4 s steps, wrapping after the last full window; nothing moves with 3 or fewer games). Otherwise it focuses on
 * the game just before the current one (the last game when all have wins).
 */
export function overlayWindowStart(games: readonly { opened: boolean; pending_win: boolean }[], tick: number): number {
  const lastStart = Math.max(0, games.length - OVERLAY_WINDOW);
  if (games.length <= OVERLAY_WINDOW) return 0;
  const current = overlayCurrentIndex(games);
  // A pending win is not a win yet: only a settled one stops the rotation.
  const noSettledWin = games.every((game) => !game.opened || game.pending_win);
  if (noSettledWin) return tick % (lastStart + 1);
  const focus = current === -1 ? games.length - 1 : Math.max(0, current - 1);
  return Math.min(focus, lastStart);
}

/** Spec 1 §9: hunt lists say days, hours or 'Just now'. */
export function huntTimeAgo(iso: string, now: Date = new Date()): string {
  const hours = Math.floor(Math.max(0, now.getTime() - Date.parse(iso)) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${countOf(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  return `${countOf(days, 'day')} ago`;
}
