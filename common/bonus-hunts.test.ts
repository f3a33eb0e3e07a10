import { describe, expect, it } from 'vitest';
import {
  huntFigures,
  huntTimeAgo,
  multiplierTier,
  overlayCurrentIndex,
  overlayWindowStart,
  rankPredictions,
  type HuntGameFigures,
  type PredictionFigures,
} from './bonus-hunts';

const unopened = (slot_name: string, slot_bet: number): HuntGameFigures => ({ slot_name, slot_bet, slot_win: 0, pending_win: false, opened: false });
const opened = (slot_name: string, slot_bet: number, slot_win: number): HuntGameFigures => ({ slot_name, slot_bet, slot_win, pending_win: false, opened: true });
const pending = (slot_name: string, slot_bet: number, slot_win = 0): HuntGameFigures => ({ slot_name, slot_bet, slot_win, pending_win: true, opened: true });

describe('hunt statistics (spec 1 §3)', () => {
  it('has nothing to show before a hunt has games', () => {
    expect(huntFigures(500, [])).toEqual({
      winnings: 0,
      average_multiplier: 0,
      break_even_multiplier: 0,
      highest_multiplier: 0,
      highest_multiplier_game: null,
      biggest_win: 0,
      biggest_win_game: null,
      completed_games: 0,
      total_games: 0,
    });
  });

  it('needs the whole start balance back from every game before any is opened', () => {
    expect(huntFigures(1000, [unopened('A', 2), unopened('B', 3)])).toMatchObject({ winnings: 0, average_multiplier: 0, break_even_multiplier: 200, completed_games: 0, total_games: 2 });
  });

  it('counts games opened at $0 in the average but not as completed, and names no record game', () => {
    expect(huntFigures(100, [opened('A', 1, 0), opened('B', 4, 0), unopened('C', 5)])).toEqual({
      winnings: 0,
      average_multiplier: 0,
      break_even_multiplier: 20,
      highest_multiplier: 0,
      highest_multiplier_game: null,
      biggest_win: 0,
      biggest_win_game: null,
      completed_games: 0,
      total_games: 3,
    });
  });

  it('leaves pending wins out until they are settled: they still count as remaining', () => {
    expect(huntFigures(300, [pending('A', 1, 500), pending('B', 2)])).toMatchObject({
      winnings: 0,
      average_multiplier: 0,
      break_even_multiplier: 100,
      highest_multiplier: 0,
      completed_games: 0,
      total_games: 2,
    });
  });

  it('settles a single-slot hunt from its one game', () => {
    expect(huntFigures(50, [opened('Only Slot', 0.5, 37.25)])).toEqual({
      winnings: 37.25,
      average_multiplier: 74.5,
      break_even_multiplier: 0,
      highest_multiplier: 74.5,
      highest_multiplier_game: 'Only Slot',
      biggest_win: 37.25,
      biggest_win_game: 'Only Slot',
      completed_games: 1,
      total_games: 1,
    });
  });

  it('needs nothing more once the start balance is won back exactly or beyond', () => {
    expect(huntFigures(100, [opened('A', 1, 100), unopened('B', 1)]).break_even_multiplier).toBe(0);
    expect(huntFigures(100, [opened('A', 1, 150), unopened('B', 1)]).break_even_multiplier).toBe(0);
    expect(huntFigures(100, [opened('A', 1, 99.99), unopened('B', 1)]).break_even_multiplier).toBe(0.01);
  });

  it('keeps cents exact and tells the highest multiplier from the biggest win', () => {
    const figures = huntFigures(10, [opened('Cheap', 0.1, 0.2), opened('Small', 0.2, 20), opened('Big', 10, 300), opened('Cheap 2', 0.1, 0.1)]);
    expect(figures).toMatchObject({ winnings: 320.3, highest_multiplier: 100, highest_multiplier_game: 'Small', biggest_win: 300, biggest_win_game: 'Big', completed_games: 4 });
    expect(figures.average_multiplier).toBe(33.25);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const prediction = (user: string, end_balance: number, highest_multiplier: number, highest_multiplier_game: string, minute: number): PredictionFigures<string> => ({
  user,
  end_balance,
  highest_multiplier,
  highest_multiplier_game,
  created_at: at(minute),
});

describe('closest predictions', () => {
  const predictions = [
    prediction('late', 590, 120, 'Sugar Rush', 5),
    prediction('early', 610, 80, 'gates of olympus ', 1),
    prediction('exact', 600, 100, 'Gates of Olympus', 3),
    prediction('far', 1000, 100, 'Sweet Bonanza', 2),
  ];
  const actual = { total_wins: 600, highest_multiplier: 100, highest_multiplier_game: 'Gates of Olympus' };

  it('ranks by distance to the actual value; equal distances share a rank, earlier predictions first', () => {
    const ranked = rankPredictions(predictions, actual);
    expect(ranked.end_balance.map((e) => [e.rank, e.user, e.difference])).toEqual([
      [1, 'exact', 0],
      [2, 'early', 10],
      [2, 'late', 10],
      [4, 'far', 400],
    ]);
    expect(ranked.highest_multiplier.map((e) => [e.rank, e.user, e.predicted_value])).toEqual([
      [1, 'far', 100],
      [1, 'exact', 100],
      [3, 'early', 80],
      [3, 'late', 120],
    ]);
  });

  it('lists only those who named the game that paid most, whatever its spelling, all first', () => {
    expect(rankPredictions(predictions, actual).highest_multiplier_game.map((e) => [e.rank, e.user, e.predicted_value, e.difference])).toEqual([
      [1, 'early', 'gates of olympus ', 0],
      [1, 'exact', 'Gates of Olympus', 0],
    ]);
  });

  it('has no game winners while no game has paid, and nothing to rank without predictions', () => {
    expect(rankPredictions(predictions, { total_wins: 0, highest_multiplier: 0, highest_multiplier_game: null }).highest_multiplier_game).toEqual([]);
    expect(rankPredictions([], actual)).toEqual({ end_balance: [], highest_multiplier: [], highest_multiplier_game: [] });
  });

  it('measures differences in whole cents', () => {
    const [entry] = rankPredictions([prediction('a', 0.3, 1, 'X', 0)], { ...actual, total_wins: 0.1 }).end_balance;
    expect(entry.difference).toBe(0.2);
  });
});

const games = (count: number, withWins = 0) => Array.from({ length: count }, (_, i) => ({ opened: i < withWins, pending_win: false }));
const windowsOver = (list: ReturnType<typeof games>, ticks: number) => Array.from({ length: ticks }, (_, tick) => overlayWindowStart(list, tick));

describe('the overlay’s 3-game window (spec 2 §4)', () => {
  it('never moves with 2 or 3 games', () => {
    for (const count of [2, 3]) {
      expect(windowsOver(games(count), 6)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(windowsOver(games(count, 1), 3)).toEqual([0, 0, 0]);
      expect(overlayWindowStart(games(count, count), 0)).toBe(0);
    }
  });

  it('auto-rotates 10 unopened games one row per tick and wraps after the last full window', () => {
    expect(windowsOver(games(10), 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1]);
    expect(windowsOver(games(4), 5)).toEqual([0, 1, 0, 1, 0]);
  });

  it('stops rotating once a game has a win and shows the game before the current one', () => {
    expect(windowsOver(games(10, 1), 3)).toEqual([0, 0, 0]);
    expect(overlayWindowStart(games(10, 4), 7)).toBe(3);
    // Near the end the window stays full rather than running past the last game.
    expect(overlayWindowStart(games(10, 9), 0)).toBe(7);
    expect(overlayWindowStart(games(10, 10), 0)).toBe(7);
  });

  it('takes the first game without a settled win as the current one (a pending win is not settled)', () => {
    expect(overlayCurrentIndex(games(3))).toBe(0);
    expect(overlayCurrentIndex(games(3, 2))).toBe(2);
    expect(overlayCurrentIndex(games(3, 3))).toBe(-1);
    const withPending = [...games(2, 2), { opened: true, pending_win: true }, ...games(7)];
    expect(overlayCurrentIndex(withPending)).toBe(2);
    expect(overlayWindowStart(withPending, 0)).toBe(1);
  });

  it('keeps rotating while the only wins are pending', () => {
    const pendingOnly = [{ opened: true, pending_win: true }, ...games(9)];
    expect(windowsOver(pendingOnly, 3)).toEqual([0, 1, 2]);
    expect(overlayWindowStart(pendingOnly, 9)).toBe(1);
  });
});

describe('multiplier colours and hunt times', () => {
  it('uses the tiers of 10x, 50x and 100x', () => {
    expect([0, -1, 0.5, 9.99, 10, 49.99, 50, 99.99, 100, 5000].map(multiplierTier)).toEqual(['none', 'none', 'low', 'low', 'good', 'good', 'great', 'great', 'huge', 'huge']);
  });

  it('says hours, days or Just now', () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    expect(huntTimeAgo('2026-01-10T11:30:00.000Z', now)).toBe('Just now');
    expect(huntTimeAgo('2026-01-10T11:00:00.000Z', now)).toBe('1 hour ago');
    expect(huntTimeAgo('2026-01-09T13:00:00.000Z', now)).toBe('23 hours ago');
    expect(huntTimeAgo('2026-01-09T12:00:00.000Z', now)).toBe('1 day ago');
    expect(huntTimeAgo('2026-01-01T12:00:00.000Z', now)).toBe('9 days ago');
    expect(huntTimeAgo('2026-01-11T12:00:00.000Z', now)).toBe('Just now');
  });
});
