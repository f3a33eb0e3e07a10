import { z } from 'zod';
import { CHALLENGE_TEXTS, CLAIM_DESCRIPTION_MAX, CLAIM_STATUSES, PRIZE_TYPES } from '../challenges';
import { formatCount } from '../format';
import { huntMemberSchema } from './bonus-hunts';

/* Challenges as members see them (spec 1 §3 Challenge / My claim / Claim submission, §7 challenge calls; decision 021). */

/** A member shown on a challenge: its claimer, or the author of a claim. */
export const challengeMemberSchema = huntMemberSchema;
export type ChallengeMember = z.infer<typeof challengeMemberSchema>;

/** Spec 1 §3 Challenge. Amounts in dollars; `prize` is the words shown ('$250.00', '5,000 points'). */
export const challengeSchema = z.object({
  id: z.number(),
  slot_name: z.string(),
  /** A path under /storage/, or null. */
  slot_image: z.string().nullable(),
  multiplier: z.number(),
  min_bet: z.number(),
  prize: z.string(),
  prize_type: z.enum(PRIZE_TYPES),
  /** Dollars for cash, whole points for points. */
  prize_amount: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
  /** The end date has passed (at the server's clock when answering). */
  is_expired: z.boolean(),
  /** 'Claimed' once staff approved a claim; 'Active' otherwise. */
  status: z.enum(['Active', 'Claimed']),
  /** Seconds until the end date; 0 once it has passed. */
  time_remaining: z.number(),
  claimer: challengeMemberSchema.nullable(),
  claims_count: z.number(),
  /** The signed-in member's latest claim on this challenge, if any (Submit Claim waits while it is pending). */
  own_claim_status: z.enum(CLAIM_STATUSES).nullable(),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** Spec 1 §3 Challenge claims: what every member sees of a claim (no evidence, no notes). */
export const challengeClaimSchema = z.object({
  id: z.number(),
  user: challengeMemberSchema,
  status: z.enum(CLAIM_STATUSES),
  description: z.string(),
  created_at: z.string(),
});
export type ChallengeClaim = z.infer<typeof challengeClaimSchema>;

/** A challenge with its claims, newest first (at most CHALLENGE_CLAIMS_SHOWN; claims_count is the whole count). */
export const challengeDetailSchema = challengeSchema.extend({ claims: z.array(challengeClaimSchema) });
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>;
export const CHALLENGE_CLAIMS_SHOWN = 50;

/** Spec 1 §3 My claim, plus the challenge's id (for its details) and the member's own evidence. */
export const myClaimSchema = z.object({
  id: z.number(),
  challenge: challengeSchema.pick({ id: true, slot_name: true, slot_image: true, multiplier: true }),
  status: z.enum(CLAIM_STATUSES),
  description: z.string(),
  evidence_images: z.array(z.string()),
  admin_notes: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type MyClaim = z.infer<typeof myClaimSchema>;

export const challengeListResponseSchema = z.object({ success: z.literal(true), data: z.array(challengeSchema) });
export const challengeDetailResponseSchema = z.object({ success: z.literal(true), data: challengeDetailSchema });
export const myClaimsResponseSchema = z.object({ success: z.literal(true), data: z.array(myClaimSchema) });

/** Spec 1 §5 Claim: the multipart text field (the images come as `evidence_images[n]` files). */
export const claimFieldsSchema = z.object({
  description: z
    .string({ error: CHALLENGE_TEXTS.descriptionRequired })
    .trim()
    .min(1, CHALLENGE_TEXTS.descriptionRequired)
    .max(CLAIM_DESCRIPTION_MAX, `At most ${formatCount(CLAIM_DESCRIPTION_MAX)} characters.`),
});
export const claimResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: myClaimSchema });
