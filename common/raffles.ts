/* Raffle rules both sides need (spec 2 §4 Raffle display, §9 Raffles). */

export const RAFFLE_ENTRY_TYPES = ['passwordless', 'points', 'password'] as const;
export type RaffleEntryType = (typeof RAFFLE_ENTRY_TYPES)[number];

export const RAFFLE_FILTERS = ['all', 'active', 'ended', 'free'] as const;
export type RaffleFilter = (typeof RAFFLE_FILTERS)[number];
export const RAFFLE_FILTER_LABELS: Record<RaffleFilter, string> = {
  all: 'All Raffles',
  active: 'Active',
  ended: 'Ended',
  free: 'Free Entry',
};

export type RaffleDisplayStatus = 'active' | 'winner_announced' | 'ended' | 'upcoming';
export const RAFFLE_STATUS_LABELS: Record<RaffleDisplayStatus, string> = {
  active: 'Active',
  winner_announced: 'Winner Announced',
  ended: 'Ended',
  upcoming: 'Upcoming',
};

/** Spec 2 §4: Active (active and not ended); Winner Announced (ended with winners); Ended; Upcoming otherwise. */
export function raffleDisplayStatus(raffle: { is_active: boolean; has_ended: boolean; winner_announced: boolean; winners: readonly unknown[] }): RaffleDisplayStatus {
  if (raffle.is_active && !raffle.has_ended) return 'active';
  if (raffle.has_ended && raffle.winner_announced && raffle.winners.length > 0) return 'winner_announced';
  if (raffle.has_ended) return 'ended';
  return 'upcoming';
}

/** Spec 2 §9: days and hours, hours and minutes, or minutes. */
export function raffleTimeLeft(endIso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((new Date(endIso).getTime() - now.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

/** Spec 2 §9: win chance = own entries / total entries, as a percentage with two decimals. */
export const winPercentage = (own: number, total: number) => (total > 0 ? Math.round((own / total) * 10_000) / 100 : 0);

/** Points per entry when staff leave it empty (spec 2 §9). */
export const DEFAULT_POINTS_PER_ENTRY = 1;
/** Winners a raffle can have, and entries one member can hold. */
export const RAFFLE_MAX_WINNERS = 100;
export const RAFFLE_MAX_ENTRIES_PER_MEMBER = 10_000;
/** The longest raffle password staff may set and members may type. */
export const RAFFLE_PASSWORD_MAX = 100;

/** Where a raffle stands in its life, as staff follow it. */
export const ADMIN_RAFFLE_STATUSES = ['upcoming', 'open', 'closed', 'drawn', 'announced'] as const;
export type AdminRaffleStatus = (typeof ADMIN_RAFFLE_STATUSES)[number];
export const ADMIN_RAFFLE_STATUS_LABELS: Record<AdminRaffleStatus, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Entries closed',
  drawn: 'Drawn (not announced)',
  announced: 'Winners announced',
};

/** Staff who entered a raffle never draw, redraw or announce it: the server's refusal, and the admin panel's note. */
export const RAFFLE_ENTRANT_MESSAGE = 'You entered this raffle, so another staff member has to draw, redraw and announce it.';
