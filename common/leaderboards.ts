/** Leaderboard rules both sides use (spec 1 §2 Leaderboard, §4, §9); free of zod so the web can import them cheaply. */

import { formatCount, formatMoney } from './format';

export const LEADERBOARD_TYPES = ['normal', 'sports_bet', 'live_games'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

/** The type tabs. */
export const LEADERBOARD_TYPE_LABELS: Record<LeaderboardType, string> = {
  normal: 'Normal',
  sports_bet: 'Sports Betting',
  live_games: 'Live Games',
};

/** The banner naming the active type. */
export const LEADERBOARD_BANNERS: Record<LeaderboardType, string> = {
  normal: 'Slots & Provably Fair',
  sports_bet: 'Sports Betting',
  live_games: 'Live Games',
};

export const PERIOD_LENGTHS = ['weekly', 'biweekly', 'monthly', 'custom'] as const;
export type PeriodLength = (typeof PERIOD_LENGTHS)[number];
export const PERIOD_LENGTH_LABELS: Record<PeriodLength, string> = {
  weekly: 'Weekly',
  biweekly: 'Bi-weekly',
  monthly: 'Monthly',
  custom: 'Custom (days)',
};
export const CUSTOM_PERIOD_MAX_DAYS = 366;

/** Ranks 1-3 stand on the podium; the table starts at rank 4 (spec 1 §9). */
export const PODIUM_SIZE = 3;
/** Standings shown per leaderboard: the first 100 ranks. */
export const LEADERBOARD_RANKS_SHOWN = 100;
export const PRIZE_PLACES_MAX = 100;
/** The most a player's wager can be, in dollars: what staff may enter, and past which a partner's figure is a fault. */
export const WAGERED_MAX = 1_000_000_000;
/** A casino username's length everywhere: members' settings, staff entries, imports and partners' lists. */
export const CASINO_USERNAME_MAX = 64;
/** The most players one board takes, from a CSV import or a partner's list (200,000 rows held SQLite for 18 s). */
export const BOARD_PLAYERS_MAX = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a period of this length that starts at `start` ends. Monthly periods end on the same day of the next month (clamped). */
export function periodEnd(start: Date, length: PeriodLength, customDays: number | null): Date {
  switch (length) {
    case 'weekly':
      return new Date(start.getTime() + 7 * DAY_MS);
    case 'biweekly':
      return new Date(start.getTime() + 14 * DAY_MS);
    case 'custom':
      return new Date(start.getTime() + Math.max(1, customDays ?? 1) * DAY_MS);
    case 'monthly': {
      const end = new Date(start);
      const day = end.getUTCDate();
      end.setUTCDate(1);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
      end.setUTCDate(Math.min(day, lastDay));
      return end;
    }
  }
}

/**
 * The period that follows one ending at `previousEnd`: it starts there, unless the site was down past
 * whole periods, in which case it is the period (on the same grid) that contains `now`.
 */
export function nextPeriod(previousEnd: Date, length: PeriodLength, customDays: number | null, now: Date): { start: Date; end: Date } {
  let start = previousEnd;
  let end = periodEnd(start, length, customDays);
  while (end.getTime() <= now.getTime()) {
    start = end;
    end = periodEnd(start, length, customDays);
  }
  return { start, end };
}

/** Players on affiliate boards expect privacy: `Jonathan` shows as `Jo***n`, `Bob` as `B***`. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** Whole days, hours, minutes and seconds until `end`, or null once it has passed (the countdowns). */
export function countdownParts(end: string | Date, now: Date = new Date()) {
  const left = new Date(end).getTime() - now.getTime();
  if (!(left > 0)) return null;
  const seconds = Math.floor(left / 1000);
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

export type AmountFormat = 'currency' | 'xp';

/** A wager or prize as the platform shows it: `$1,234.50` or, on an XP platform, `1,235 XP`. */
export function formatAmount(amount: number, format: AmountFormat, currencySymbol: string): string {
  if (format === 'xp') return `${formatCount(amount)} XP`;
  return formatMoney(amount, 2, currencySymbol);
}
