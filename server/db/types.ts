import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Role } from '../../common/roles';
import type {
  LeaderboardPeriodsTable, LeaderboardPrizesTable, LeaderboardsTable, PartnerPlatformsTable, VipClaimsTable,
  VipTiersTable, WagerDailyTable, WagerEntriesTable, WagerSourcesTable,
} from './types-leaderboards';
import type { BonusHuntGamesTable, BonusHuntPredictionsTable, BonusHuntsTable, SlotsTable } from './types-bonus-hunts';
import type { RaffleEntriesTable, RafflePicksTable, RafflesTable } from './types-raffles';
import type {
  TournamentMatchesTable,
  TournamentPicksTable,
  TournamentPredictionsTable,
  TournamentRewardsTable,
  TournamentSlotsTable,
  TournamentsTable,
} from './types-tournaments';
import type { ChallengeClaimsTable, ChallengesTable } from './types-challenges';
import type { CaptchasTable, ContactMessagesTable, TicketCategoriesTable, TicketRepliesTable, TicketsTable } from './types-tickets';

export type * from './types-leaderboards';
export type * from './types-bonus-hunts';
export type * from './types-raffles';
export type * from './types-tournaments';
export type * from './types-challenges';
export type * from './types-tickets';

/*
 * Storage conventions (see docs/decisions/001-two-dialects.md):
 * timestamps are ISO-8601 UTC text with milliseconds, booleans are integers 0/1,
 * money is integer cents, points are whole numbers.
 */

export interface UsersTable {
  id: Generated<number>;
  discord_id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  kick_user_id: string | null;
  kick_username: string | null;
  role: Role;
  points: Generated<number>;
  xp: Generated<number>;
  bio: string | null;
  /** Casino account names (Settings → Connections); private: never on public profiles. */
  crypto: string | null;
  crypto2: string | null;
  crypto3: string | null;
  twitter_user: string | null;
  instagram_user: string | null;
  youtube_user: string | null;
  tiktok_user: string | null;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  data: string;
  read_at: string | null;
  created_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PayoutsTable {
  id: Generated<number>;
  source: string;
  reference: string | null;
  user_id: number | null;
  amount_cents: number;
  paid_at: string;
}

export interface FriendshipsTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  /** min and max of the two member ids: unique together, so a pair has at most one row. */
  user_low: number;
  user_high: number;
  status: 'pending' | 'accepted';
  created_at: string;
  accepted_at: string | null;
}

export interface AchievementsTable {
  id: Generated<number>;
  title: string;
  description: string;
  category: string;
  icon: string;
  /** What awards it automatically ('manual': only staff award it). */
  rule_kind: string;
  rule_threshold: number | null;
  created_at: string;
  updated_at: string;
}

export interface MemberAchievementsTable {
  user_id: number;
  achievement_id: number;
  awarded_at: string;
  /** The staff member who awarded it by hand; null when a rule did. */
  awarded_by: number | null;
}

export interface KickLinkRequestsTable {
  state_hash: string;
  session_id: string;
  code_verifier: string;
  created_at: string;
}

export interface StoreItemsTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** A path under /storage/ (an upload), or null. */
  image: string | null;
  cost: number;
  quantity: number;
  /** Redemptions not refunded, kept in step by the transactions that redeem and refund (migration 0011). */
  redeemed_count: Generated<number>;
  required_role: Role;
  max_purchases_per_user: number | null;
  uses_codes: Generated<number>;
  /** 0 hides the item from the store (an item that was ever redeemed is hidden, never deleted). */
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface StoreRedemptionsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  /** The points paid, as the item cost then. */
  cost: number;
  status: 'pending' | 'processed' | 'refunded';
  created_at: string;
  /** When and by whom staff processed or refunded it. */
  handled_at: string | null;
  handled_by: number | null;
}

export interface StoreItemCodesTable {
  id: Generated<number>;
  item_id: number;
  code: string;
  redemption_id: number | null;
  created_at: string;
}

export interface KickWebhookMessagesTable {
  message_id: string;
  event_type: string;
  received_at: string;
}

export interface ChatIntervalsTable {
  kick_user_id: string;
  starts_at: string;
  is_subscriber: Generated<number>;
  outcome: 'credited' | 'skipped' | null;
  settled_at: string | null;
}

export interface StreamSessionsTable {
  id: Generated<number>;
  started_at: string;
  ended_at: string | null;
  source: 'webhook' | 'poll';
}

export interface EarningClaimsTable {
  key: string;
  user_id: number;
  created_at: string;
}

export interface DailyEarningsTable {
  user_id: number;
  day: string;
  points: Generated<number>;
  last_credit: Generated<number>;
}

export interface DailyBonusClaimsTable {
  user_id: number;
  day: string;
  streak: number;
  points: number;
  created_at: string;
}


export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  points_ledger: PointsLedgerTable;
  notifications: NotificationsTable;
  site_settings: SiteSettingsTable;
  payouts: PayoutsTable;
  friendships: FriendshipsTable;
  achievements: AchievementsTable;
  member_achievements: MemberAchievementsTable;
  kick_link_requests: KickLinkRequestsTable;
  store_items: StoreItemsTable;
  store_redemptions: StoreRedemptionsTable;
  store_item_codes: StoreItemCodesTable;
  kick_webhook_messages: KickWebhookMessagesTable;
  chat_intervals: ChatIntervalsTable;
  stream_sessions: StreamSessionsTable;
  earning_claims: EarningClaimsTable;
  daily_earnings: DailyEarningsTable;
  daily_bonus_claims: DailyBonusClaimsTable;
  partner_platforms: PartnerPlatformsTable;
  leaderboards: LeaderboardsTable;
  leaderboard_periods: LeaderboardPeriodsTable;
  leaderboard_prizes: LeaderboardPrizesTable;
  wager_entries: WagerEntriesTable;
  wager_daily: WagerDailyTable;
  wager_sources: WagerSourcesTable;
  vip_tiers: VipTiersTable;
  vip_claims: VipClaimsTable;
  slots: SlotsTable;
  bonus_hunts: BonusHuntsTable;
  bonus_hunt_games: BonusHuntGamesTable;
  bonus_hunt_predictions: BonusHuntPredictionsTable;
  raffles: RafflesTable;
  raffle_entries: RaffleEntriesTable;
  raffle_picks: RafflePicksTable;
  tournaments: TournamentsTable;
  tournament_slots: TournamentSlotsTable;
  tournament_matches: TournamentMatchesTable;
  tournament_predictions: TournamentPredictionsTable;
  tournament_picks: TournamentPicksTable;
  tournament_rewards: TournamentRewardsTable;
  challenges: ChallengesTable;
  challenge_claims: ChallengeClaimsTable;
  ticket_categories: TicketCategoriesTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  contact_messages: ContactMessagesTable;
  captchas: CaptchasTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** A query runner: the database itself or an open transaction. Repos accept either. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LedgerRow = Selectable<PointsLedgerTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type FriendshipRow = Selectable<FriendshipsTable>;
export type AchievementRow = Selectable<AchievementsTable>;
export type StoreItemRow = Selectable<StoreItemsTable>;
export type StoreRedemptionRow = Selectable<StoreRedemptionsTable>;
export type PartnerPlatformRow = Selectable<PartnerPlatformsTable>;
export type LeaderboardRow = Selectable<LeaderboardsTable>;
export type LeaderboardPeriodRow = Selectable<LeaderboardPeriodsTable>;
export type WagerSourceRow = Selectable<WagerSourcesTable>;
export type VipTierRow = Selectable<VipTiersTable>;
export type VipClaimRow = Selectable<VipClaimsTable>;
