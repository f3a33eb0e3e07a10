import type { Generated, Selectable } from 'kysely';
import type { Role } from '../../common/roles';
import type { RaffleEntryType } from '../../common/raffles';

/* Tables of raffles, entries and draw picks (migration 0007); conventions as in types.ts. */
export interface RafflesTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  image: string | null;
  prize_value_cents: number | null;
  allow_passwordless_entry: Generated<number>;
  allow_points_entry: Generated<number>;
  points_per_entry: Generated<number>;
  /** "scrypt$<salt hex>$<hash hex>", or null: no password entry. */
  password_hash: string | null;
  max_entries: number | null;
  winners_count: Generated<number>;
  required_role: Generated<Role>;
  requires_kick: Generated<number>;
  auto_draw: Generated<number>;
  starts_at: string;
  end_datetime: string;
  /** Secret until announced_at is set. */
  seed: string;
  seed_hash: string;
  entries_closed_at: string | null;
  entries_hash: string | null;
  drawn_at: string | null;
  announced_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type RaffleRow = Selectable<RafflesTable>;

export interface RaffleEntriesTable {
  id: Generated<number>;
  raffle_id: number;
  user_id: number;
  entry_type: RaffleEntryType;
  points_spent: Generated<number>;
  created_at: string;
}
export type RaffleEntryRow = Selectable<RaffleEntriesTable>;

export interface RafflePicksTable {
  id: Generated<number>;
  raffle_id: number;
  position: number;
  entry_id: number;
  user_id: number;
  selected_at: string;
  replaced_at: string | null;
  replace_reason: string | null;
}
export type RafflePickRow = Selectable<RafflePicksTable>;
