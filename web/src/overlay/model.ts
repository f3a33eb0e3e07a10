import { gameMultiplier, multiplierTier, overlayCurrentIndex, type MultiplierTier } from '@common/bonus-hunts';
import type { OverlayGame, OverlayHunt } from '@common/contracts/bonus-hunts';
import { formatMultiplier, formatUsd, formatUsdWhole } from '@common/format';

/* What the overlay shows of a hunt (spec 2 §2 /overlays/bonus-hunt), as text ready for the page. */

export type Tone = 'gain' | 'loss' | MultiplierTier;

export interface SummaryCell {
  key: string;
  label: string;
  value: string;
  tone?: Tone;
}

/** A highlight card's content; null shows its 'No ... yet' line. */
export interface Highlight {
  game: string;
  figure: string;
  figureTone?: Tone;
  detail: string;
}

/** won: a win was entered; current: the first game without a win; waiting: the games after it. */
export type RowState = 'won' | 'current' | 'waiting';

export interface GameRow {
  id: number;
  number: string;
  slot: string;
  provider: string;
  /** The picture's URL (uploads are served under /storage/). */
  image: string | null;
  bet: string;
  win: string;
  pending: boolean;
  multi: string;
  tier: MultiplierTier;
  state: RowState;
}

export interface HuntView {
  title: string;
  summary: SummaryCell[];
  progress: { completed: number; total: number; percent: number; label: string };
  highestMulti: Highlight | null;
  biggestWin: Highlight | null;
  rows: GameRow[];
}

const settledMultiplier = (game: OverlayGame) => (game.opened ? gameMultiplier(game.slot_bet, game.slot_win) : 0);
/** The table's one-decimal multiplier (the summary and cards use two). */
const tableMultiplier = (multiplier: number) => `${multiplier.toFixed(1)}x`;

function gameRow(game: OverlayGame, index: number, currentIndex: number): GameRow {
  const multiplier = settledMultiplier(game);
  return {
    id: game.id,
    number: String(index + 1),
    slot: game.slot_name.trim() || 'Pending...',
    provider: game.slot_provider.trim() || 'Unknown Provider',
    image: game.slot_image ? `/storage/${game.slot_image}` : null,
    bet: game.slot_bet > 0 ? formatUsdWhole(game.slot_bet) : '-',
    win: game.opened ? formatUsdWhole(game.slot_win) : '-',
    pending: game.pending_win,
    multi: tableMultiplier(multiplier),
    tier: multiplierTier(multiplier),
    state: index === currentIndex ? 'current' : game.opened && !game.pending_win ? 'won' : 'waiting',
  };
}

function highestMulti({ games, statistics }: OverlayHunt): Highlight | null {
  const name = statistics.highest_multiplier_game;
  if (name === null || statistics.highest_multiplier <= 0) return null;
  const game = games.find((g) => g.slot_name === name && settledMultiplier(g) === statistics.highest_multiplier);
  return {
    game: name,
    figure: formatMultiplier(statistics.highest_multiplier),
    figureTone: multiplierTier(statistics.highest_multiplier),
    detail: game ? formatUsd(game.slot_win) : '',
  };
}

function biggestWin({ games, statistics }: OverlayHunt): Highlight | null {
  const name = statistics.biggest_win_game;
  if (name === null || statistics.biggest_win <= 0) return null;
  const game = games.find((g) => g.slot_name === name && g.slot_win === statistics.biggest_win);
  return {
    game: name,
    figure: formatUsd(statistics.biggest_win),
    figureTone: 'gain',
    detail: game ? formatMultiplier(gameMultiplier(game.slot_bet, game.slot_win)) : '',
  };
}

export function describeHunt(hunt: OverlayHunt): HuntView {
  const { statistics } = hunt;
  const profitLoss = statistics.total_wins - hunt.start_balance;
  const { completed_games: completed, total_games: total } = statistics;
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  const currentIndex = overlayCurrentIndex(hunt.games);
  return {
    title: `Hunt #${hunt.id}`,
    summary: [
      { key: 'start', label: 'Start', value: formatUsd(hunt.start_balance) },
      { key: 'won', label: 'Won', value: formatUsd(statistics.total_wins) },
      { key: 'profit-loss', label: 'P/L', value: formatUsd(profitLoss), tone: profitLoss >= 0 ? 'gain' : 'loss' },
      { key: 'average', label: 'Avg', value: formatMultiplier(statistics.average_x) },
      { key: 'break-even', label: 'Break', value: formatMultiplier(statistics.break_even_x) },
    ],
    progress: { completed, total, percent, label: `${completed}/${total} · ${percent}%` },
    highestMulti: highestMulti(hunt),
    biggestWin: biggestWin(hunt),
    rows: hunt.games.map((game, index) => gameRow(game, index, currentIndex)),
  };
}
