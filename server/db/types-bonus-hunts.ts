import type { Generated, Selectable } from 'kysely';

/* Tables of the slot catalogue, bonus hunts and predictions (migration 0006); conventions as in types.ts. */
export interface SlotsTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased, trimmed name; unique. */
  name_key: string;
  provider: Generated<string>;
  /** A path under /storage/ (an upload), or null. */
  image: string | null;
  created_at: string;
  updated_at: string;
}

export interface BonusHuntsTable {
  id: Generated<number>;
  title: Generated<string>;
  start_balance_cents: number;
  /** The total of the wins, set when the hunt finishes. */
  end_balance_cents: number | null;
  is_active: Generated<number>;
  predictions_active: Generated<number>;
  reward_end_balance: Generated<number>;
  reward_multiplier: Generated<number>;
  reward_game: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface BonusHuntGamesTable {
  id: Generated<number>;
  hunt_id: number;
  slot_id: number;
  position: number;
  bet_cents: number;
  /** Null until the bonus is opened; 0 when it paid nothing. */
  win_cents: number | null;
  pending_win: Generated<number>;
  assigned_user_id: number | null;
  opened_at: string | null;
  created_at: string;
}

export interface BonusHuntPredictionsTable {
  id: Generated<number>;
  hunt_id: number;
  user_id: number;
  end_balance_cents: number;
  /** Hundredths of an x. */
  highest_multiplier_centi: number;
  game_slot_id: number | null;
  game_name: string;
  created_at: string;
}

export type SlotRow = Selectable<SlotsTable>;
export type BonusHuntRow = Selectable<BonusHuntsTable>;
export type BonusHuntGameRow = Selectable<BonusHuntGamesTable>;
export type BonusHuntPredictionRow = Selectable<BonusHuntPredictionsTable>;
