import type { Generated } from 'kysely';

/* Tables of partner leaderboards, wager data and VIP rewards (migration 0005); conventions as in types.ts. */
export interface PartnerPlatformsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** A path under /storage/ (an upload), or null. */
  image: string | null;
  currency_symbol: Generated<string>;
  amount_format: Generated<'currency' | 'xp'>;
  display_order: Generated<number>;
  is_default: Generated<number>;
  mask_names: Generated<number>;
  casino_slot: number | null;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type LeaderboardType = 'normal' | 'sports_bet' | 'live_games';
export type PeriodLength = 'weekly' | 'biweekly' | 'monthly' | 'custom';

export interface LeaderboardsTable {
  id: Generated<number>;
  platform_id: number;
  leaderboard_type: LeaderboardType;
  period_length: PeriodLength;
  custom_days: number | null;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LeaderboardPeriodsTable {
  id: Generated<number>;
  leaderboard_id: number;
  starts_at: string;
  ends_at: string;
  status: 'current' | 'finished';
  finished_at: string | null;
  prizes_paid_at: string | null;
  prizes_paid_by: number | null;
}

export interface LeaderboardPrizesTable {
  period_id: number;
  place: number;
  amount_cents: number;
}

export type WagerEntrySource = 'sync' | 'manual' | 'import';

export interface WagerEntriesTable {
  id: Generated<number>;
  period_id: number;
  username: string;
  /** lower(username): one row per player per period, and what casino account names are matched on. */
  username_key: string;
  amount_cents: number;
  source: WagerEntrySource;
  updated_at: string;
}

export interface WagerDailyTable {
  platform_id: number;
  username_key: string;
  day: string;
  amount_cents: number;
}

export interface WagerSourcesTable {
  id: Generated<number>;
  leaderboard_id: number;
  kind: string;
  is_enabled: Generated<number>;
  interval_sec: number;
  timeout_sec: number;
  rank_on: 'wagered' | 'weighted';
  base_url: string | null;
  secret: string | null;
  /** The kind's own settings as JSON text (validated by its schema on the way in and out). */
  options: Generated<string>;
  next_sync_at: string;
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  consecutive_failures: Generated<number>;
  last_row_count: number | null;
  created_at: string;
  updated_at: string;
}

export type VipRewardType = 'points' | 'cash' | 'other';

export interface VipTiersTable {
  id: Generated<number>;
  platform_id: number;
  name: string;
  description: string;
  image: string | null;
  reward_type: VipRewardType;
  /** Points, or cents for cash, or 0 for another kind of reward. */
  reward_amount: number;
  min_wagered_cents: number;
  /** YYYY-MM-DD: only wagers from this day on count for the tier; null counts all-time wagers. */
  count_wager_after_date: string | null;
  display_order: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface VipClaimsTable {
  id: Generated<number>;
  tier_id: number;
  user_id: number;
  reward_type: VipRewardType;
  reward_amount: number;
  wagered_cents_at_claim: number;
  casino_username: string;
  status: 'pending' | 'processed' | 'rejected';
  created_at: string;
  processed_at: string | null;
  processed_by: number | null;
  reject_reason: string | null;
}
