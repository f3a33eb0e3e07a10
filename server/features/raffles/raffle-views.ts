import type { Raffle, RaffleEntry, RafflePick, RaffleUserStats, RaffleWinner } from '../../../common/contracts/raffles';
import { timeAgo } from '../../../common/format';
import { winPercentage } from '../../../common/raffles';
import type { RaffleRow, UserRow } from '../../db/types';
import type { RaffleEntryWithMember, RafflePickWithMember } from './raffles.repo';

/* Rows to the shapes of spec 2 §3 Raffle and Raffle entry (members' side; the staff views build on raffleFields). */

export type AvatarOf = (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;

type MemberColumns = Pick<RaffleEntryWithMember, 'user_id' | 'username' | 'kick_username' | 'discord_id' | 'avatar'>;

export const toRaffleMember = (row: MemberColumns, avatarOf: AvatarOf) => ({
  id: row.user_id,
  username: row.username,
  kick_username: row.kick_username,
  avatar_url: avatarOf({ id: row.user_id, discord_id: row.discord_id, avatar: row.avatar }),
});

/** Where a raffle stands at `now` (decision 019): started, ended (time up or closed by staff), announced. */
export function raffleState(row: Pick<RaffleRow, 'starts_at' | 'end_datetime' | 'entries_closed_at' | 'announced_at'>, now: Date) {
  const at = now.toISOString();
  const is_active = row.starts_at <= at;
  const has_ended = row.end_datetime <= at || row.entries_closed_at !== null;
  return { is_active, has_ended, is_accepting_entries: is_active && !has_ended, winner_announced: row.announced_at !== null };
}

/** Everything of spec 2 §3 Raffle that members and staff both see (all but winners and created_at_human). */
/** A raffle's counts, counted on read (migration 0011). */
export type RaffleCounts = { total_entries: number | string | null; entrants_count: number | string | null };

export function raffleFields(row: RaffleRow & RaffleCounts, now: Date): Omit<Raffle, 'winners' | 'created_at_human'> {
  const points = row.allow_points_entry === 1;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    ...raffleState(row, now),
    is_free: row.allow_passwordless_entry === 1,
    allow_passwordless_entry: row.allow_passwordless_entry === 1,
    allow_points_entry: points,
    points_per_entry: row.points_per_entry,
    has_password_entry: row.password_hash !== null,
    entry_cost: points ? row.points_per_entry : 0,
    max_entries: row.max_entries,
    total_entries: Number(row.total_entries ?? 0),
    entrants_count: Number(row.entrants_count ?? 0),
    winners_count: row.winners_count,
    prize_value: row.prize_value_cents === null ? null : Number(row.prize_value_cents) / 100,
    required_role: row.required_role,
    requires_kick: row.requires_kick === 1,
    starts_at: row.starts_at,
    end_datetime: row.end_datetime,
    created_at: row.created_at,
  };
}

export const toPick = (row: RafflePickWithMember, avatarOf: AvatarOf): RafflePick => ({
  position: row.position,
  entry_id: row.entry_id,
  user: toRaffleMember(row, avatarOf),
  selected_at: row.selected_at,
  replaced_at: row.replaced_at,
  replace_reason: row.replace_reason,
});

/** Spec 2 §3 winners: the picks a redraw has not replaced, in draw order; none before the announcement. */
export function toWinners(row: Pick<RaffleRow, 'announced_at'>, picks: readonly RafflePickWithMember[], avatarOf: AvatarOf): RaffleWinner[] {
  if (row.announced_at === null) return [];
  return picks
    .filter((pick) => pick.replaced_at === null)
    .map((pick) => {
      const { id, ...member } = toRaffleMember(pick, avatarOf);
      return { user_id: id, ...member, entry_type: pick.entry_type, selected_at: pick.selected_at };
    });
}

/** The public raffle; `picks` are the raffle's own (winners are drawn from them once announced). */
export function toRaffle(row: RaffleRow & RaffleCounts, picks: readonly RafflePickWithMember[], avatarOf: AvatarOf, now: Date): Raffle {
  return { ...raffleFields(row, now), created_at_human: timeAgo(row.created_at, now), winners: toWinners(row, picks, avatarOf) };
}

/**
 * Entries to spec 2 §3 Raffle entry. A member's object is built once per member and shared by their rows,
 * so a list of thousands of entries from few members costs few avatar lookups.
 */
export function toEntries(rows: readonly RaffleEntryWithMember[], avatarOf: AvatarOf, now: Date): RaffleEntry[] {
  const members = new Map<number, RaffleEntry['user']>();
  const ages = new Map<string, string>();
  return rows.map((row) => {
    let user = members.get(row.user_id);
    if (!user) members.set(row.user_id, (user = toRaffleMember(row, avatarOf)));
    let age = ages.get(row.created_at);
    if (age === undefined) ages.set(row.created_at, (age = timeAgo(row.created_at, now)));
    return { id: row.id, entry_type: row.entry_type, points_spent: row.points_spent, created_at: row.created_at, created_at_human: age, user };
  });
}

/** Spec 2 §3 user_stats, from a member's totals by entry type and the raffle's total entries. */
export function toUserStats(totals: readonly { entry_type: RaffleEntry['entry_type']; entries: number | string; points: number | string | null }[], raffleTotal: number): RaffleUserStats {
  const entry_breakdown = { passwordless: 0, points: 0, password: 0 };
  let points_spent_total = 0;
  for (const total of totals) {
    entry_breakdown[total.entry_type] = Number(total.entries);
    points_spent_total += Number(total.points ?? 0);
  }
  const own = entry_breakdown.passwordless + entry_breakdown.points + entry_breakdown.password;
  return { win_percentage: winPercentage(own, raffleTotal), total_entries: own, points_spent_total, entry_breakdown };
}
