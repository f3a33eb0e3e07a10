import { z } from 'zod';
import { ADMIN_NOTES_MAX, CHALLENGE_SLOT_NAME_MAX, CLAIM_STATUSES, PRIZE_TYPES } from '../challenges';
import { formatCount, hasTwoDecimalsAtMost, hundredthsOf } from '../format';
import { idText, pageOf, pageQueryParam, recordId } from './api';
import { challengeMemberSchema, challengeSchema } from './challenges';
import { isoInstant, moneyAmount } from './leaderboards';

/* Staff running challenges and reviewing claims: /admin-new/api/challenges and /admin-new/api/challenge-claims (decision 021). */

const POINTS_PRIZE_MAX = 10_000_000;
const CASH_PRIZE_MAX = 1_000_000;

export const challengeInputSchema = z
  .object({
    slot_name: z.string({ error: 'Enter the slot name.' }).trim().min(1, 'Enter the slot name.').max(CHALLENGE_SLOT_NAME_MAX, `At most ${CHALLENGE_SLOT_NAME_MAX} characters.`),
    /** The bonus-hunt catalogue slot the name came from, if any (its image is used when `image` is null). */
    slot_id: recordId('That slot is not in the catalogue any more; choose it again.').nullable().default(null),
    /** A path returned by POST /admin-new/api/challenges/image, or null. */
    image: z.string().max(200).nullable().default(null),
    multiplier: z
      .number({ error: 'Enter the multiplier as a number.' })
      .min(1, 'The multiplier must be at least 1x.')
      .max(1_000_000, 'The multiplier can be at most 1,000,000x.')
      .refine(hasTwoDecimalsAtMost, 'The multiplier can have at most two decimals.'),
    min_bet: moneyAmount('minimum bet', 100_000),
    prize_type: z.enum(PRIZE_TYPES, { error: 'Choose a cash or a points prize.' }),
    /** Dollars for cash (two decimals), whole points for points. */
    prize_amount: z.number({ error: 'Enter the prize as a number.' }).refine((value) => hundredthsOf(value) > 0, 'The prize must be more than 0.'),
    start_date: isoInstant('start'),
    end_date: isoInstant('end'),
    is_active: z.boolean({ error: 'Choose yes or no.' }).default(true),
  })
  .superRefine((input, ctx) => {
    if (input.prize_type === 'points' && (!Number.isInteger(input.prize_amount) || input.prize_amount > POINTS_PRIZE_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['prize_amount'], message: `A points prize is a whole number of points up to ${formatCount(POINTS_PRIZE_MAX)}.` });
    }
    if (input.prize_type === 'cash' && (!hasTwoDecimalsAtMost(input.prize_amount) || input.prize_amount > CASH_PRIZE_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['prize_amount'], message: `A cash prize has at most two decimals and is at most $${formatCount(CASH_PRIZE_MAX)}.` });
    }
    if (input.end_date <= input.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end must be after the start.' });
  });
export type ChallengeInput = z.input<typeof challengeInputSchema>;
export type ChallengeFields = z.output<typeof challengeInputSchema>;

/** Where a challenge stands for staff: not started yet, running, claimed, or over (ended or switched off). */
export const ADMIN_CHALLENGE_STATUSES = ['all', 'upcoming', 'active', 'claimed', 'expired'] as const;
export type AdminChallengeStatus = (typeof ADMIN_CHALLENGE_STATUSES)[number];

export const adminChallengeSchema = challengeSchema.omit({ own_claim_status: true }).extend({
  slot_id: z.number().nullable(),
  /** The challenge's own upload (slot_image falls back to the catalogue slot's). */
  image: z.string().nullable(),
  state: z.enum(['upcoming', 'active', 'claimed', 'expired']),
  pending_claims: z.number(),
  claimed_at: z.string().nullable(),
  approved_claim_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminChallenge = z.infer<typeof adminChallengeSchema>;

export const adminChallengeListQuerySchema = z.object({
  status: z.enum(ADMIN_CHALLENGE_STATUSES, { error: 'Choose all, upcoming, active, claimed or expired.' }).default('all'),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  page: pageQueryParam,
});
export const adminChallengeListSchema = pageOf(adminChallengeSchema);
export const adminChallengeResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: adminChallengeSchema });

/** A claim as reviewers see it: the evidence in full and who reviewed it. */
export const adminClaimSchema = z.object({
  id: z.number(),
  challenge: challengeSchema.pick({ id: true, slot_name: true, slot_image: true, multiplier: true, min_bet: true, prize: true, prize_type: true, status: true }),
  user: challengeMemberSchema,
  description: z.string(),
  evidence_images: z.array(z.string()),
  status: z.enum(CLAIM_STATUSES),
  admin_notes: z.string().nullable(),
  reviewed_by: challengeMemberSchema.nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const ADMIN_CLAIM_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export const adminClaimListQuerySchema = z.object({
  status: z.enum(ADMIN_CLAIM_FILTERS, { error: 'Choose pending, approved, rejected or all.' }).default('pending'),
  challenge_id: idText.optional(),
  page: pageQueryParam,
});
/** Pending claims come oldest first (a queue); the other filters newest first. */
export const adminClaimListSchema = pageOf(adminClaimSchema);
export const adminClaimResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: adminClaimSchema });

const notes = z.string({ error: 'Write the notes as text.' }).trim().max(ADMIN_NOTES_MAX, `At most ${formatCount(ADMIN_NOTES_MAX)} characters.`);
/** Approving: notes are optional and shown to the member. */
export const approveClaimSchema = z.object({ admin_notes: notes.default('') });
/** Rejecting: the member is told why. */
export const rejectClaimSchema = z.object({ admin_notes: notes.min(1, 'Tell the member why the claim is rejected.') });
