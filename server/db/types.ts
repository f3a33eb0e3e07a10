import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Role } from '../../common/roles';

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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  points_ledger: PointsLedgerTable;
  notifications: NotificationsTable;
  site_settings: SiteSettingsTable;
  payouts: PayoutsTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** A query runner: the database itself or an open transaction. Repos accept either. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LedgerRow = Selectable<PointsLedgerTable>;
export type NotificationRow = Selectable<NotificationsTable>;
