import type { Generated, Selectable } from 'kysely';

/* Tables of challenges and their claims (migration 0009); conventions as in types.ts. */
export interface ChallengesTable {
  id: Generated<number>;
  slot_name: string;
  slot_id: number | null;
  image: string | null;
  multiplier_centi: number;
  min_bet_cents: number;
  prize_type: 'cash' | 'points';
  /** Cents for cash, whole points for points. */
  prize_amount: number;
  start_date: string;
  end_date: string;
  is_active: Generated<number>;
  claimed_by: number | null;
  claimed_at: string | null;
  approved_claim_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type ChallengeRow = Selectable<ChallengesTable>;

export interface ChallengeClaimsTable {
  id: Generated<number>;
  challenge_id: number;
  user_id: number;
  description: string;
  /** JSON list of storage paths. */
  evidence_images: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  admin_notes: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}
export type ChallengeClaimRow = Selectable<ChallengeClaimsTable>;
