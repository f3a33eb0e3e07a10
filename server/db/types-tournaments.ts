import type { Generated, Selectable } from 'kysely';

/* Tables of tournaments, seats, matches, predictions, picks and rewards (migration 0008); conventions as in types.ts. */
export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  size: number;
  is_active: Generated<number>;
  predictions_active: Generated<number>;
  /** JSON list of whole points, first place first. */
  reward_points: Generated<string>;
  generated_at: string | null;
  finished_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type TournamentRow = Selectable<TournamentsTable>;

export interface TournamentSlotsTable {
  id: Generated<number>;
  tournament_id: number;
  position: number;
  name: Generated<string>;
  slot_id: number | null;
  user_id: number | null;
}
export type TournamentSlotRow = Selectable<TournamentSlotsTable>;

export interface TournamentMatchesTable {
  id: Generated<number>;
  tournament_id: number;
  round: number;
  match_number: number;
  slot1_position: number | null;
  slot2_position: number | null;
  slot1_multiplier_centi: number | null;
  slot2_multiplier_centi: number | null;
  /** 1 or 2; null: undecided. */
  winner_side: number | null;
  decided_at: string | null;
}
export type TournamentMatchRow = Selectable<TournamentMatchesTable>;

export interface TournamentPredictionsTable {
  id: Generated<number>;
  tournament_id: number;
  user_id: number;
  picks_count: Generated<number>;
  correct_count: Generated<number>;
  decided_count: Generated<number>;
  accuracy_bp: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type TournamentPredictionRow = Selectable<TournamentPredictionsTable>;

export interface TournamentPicksTable {
  id: Generated<number>;
  prediction_id: number;
  match_id: number;
  winner_position: number;
}
export type TournamentPickRow = Selectable<TournamentPicksTable>;

export interface TournamentRewardsTable {
  id: Generated<number>;
  tournament_id: number;
  place: number;
  user_id: number;
  points: number;
  paid_at: string;
}
export type TournamentRewardRow = Selectable<TournamentRewardsTable>;
