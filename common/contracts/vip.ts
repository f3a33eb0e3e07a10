import { z } from 'zod';
import { hundredthsOf } from '../format';
import { isCalendarDay } from '../time-zone';
import { pageQueryParam, recordId } from './api';
import { moneyAmount } from './leaderboards';

export const VIP_REWARD_TYPES = ['points', 'cash', 'other'] as const;
const rewardType = z.enum(VIP_REWARD_TYPES);

/** Spec 2 §3 Tier; reward_amount is points for points, dollars for cash, 0 for another kind of reward. */
export const vipTierSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  reward_type: rewardType,
  reward_amount: z.number(),
  min_wagered: z.number(),
  uses_date_filter: z.boolean(),
  count_wager_after_date: z.string().nullable(),
  /** Wagers counted for this tier (from its date on), when it has a date; otherwise null: the platform total counts. */
  user_wagered_for_tier: z.number().nullable(),
  already_claimed: z.boolean(),
  can_claim: z.boolean(),
});
export type VipTier = z.infer<typeof vipTierSchema>;

export const vipPlatformTiersSchema = z.object({
  platform: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
  user_wagered: z.number(),
  tiers: z.array(vipTierSchema),
});
export type VipPlatformTiers = z.infer<typeof vipPlatformTiersSchema>;

/** Spec 2 §3 VIP data: tiers_by_platform is keyed by platform name. */
export const vipDataSchema = z.object({
  user_stats: z.object({ total_wagered: z.number() }),
  tiers_by_platform: z.record(z.string(), vipPlatformTiersSchema),
});
export type VipData = z.infer<typeof vipDataSchema>;
export const vipDataResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: vipDataSchema });

/** Spec 2 §3 VIP claim history item, plus its status (a claim can be rejected) and the reason given. */
export const vipHistoryItemSchema = z.object({
  id: z.number(),
  tier: z.object({ name: z.string(), description: z.string(), image: z.string().nullable() }),
  reward_type: rewardType,
  reward_amount: z.number(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  processed: z.boolean(),
  wagered_amount_at_claim: z.number(),
  status: z.enum(['pending', 'processed', 'rejected']),
  reject_reason: z.string().nullable(),
});
export type VipHistoryItem = z.infer<typeof vipHistoryItemSchema>;
export const vipHistoryResponseSchema = z.object({ success: z.literal(true), data: z.array(vipHistoryItemSchema) });

export const vipQuerySchema = z.object({
  /** The cache-busting parameter of a manual refresh (spec 2 §7); any value. */
  _: z.string().max(40).optional(),
});

// --- admin ---

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine(isCalendarDay, 'Enter a real date.');

export const vipTierInputSchema = z
  .object({
    platform_id: recordId('Choose a platform.'),
    name: z.string({ error: 'Give the tier a name.' }).trim().min(2, 'Give the tier a name of at least 2 characters.').max(60, 'At most 60 characters.'),
    description: z.string().trim().max(300, 'At most 300 characters.').default(''),
    image: z.string().max(200).nullable().default(null),
    reward_type: z.enum(VIP_REWARD_TYPES, { error: 'Choose points, cash or another reward.' }),
    /** Points, or dollars for cash; ignored for another kind of reward. */
    reward_amount: moneyAmount('reward', 10_000_000).default(0),
    min_wagered: moneyAmount('wager needed', 1_000_000_000),
    count_wager_after_date: dateOnly.nullable().default(null),
    display_order: z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Must be 0 or more.').max(1000, 'At most 1,000.').default(0),
    is_active: z.boolean({ error: 'Choose yes or no.' }).default(true),
  })
  .superRefine((tier, ctx) => {
    if (tier.reward_type === 'points' && (!Number.isInteger(tier.reward_amount) || tier.reward_amount < 1)) {
      ctx.addIssue({ code: 'custom', path: ['reward_amount'], message: 'A points reward is a whole number of at least 1.' });
    }
    if (tier.reward_type === 'cash' && hundredthsOf(tier.reward_amount) <= 0) ctx.addIssue({ code: 'custom', path: ['reward_amount'], message: 'A cash reward must be more than $0.' });
  });
export type VipTierInput = z.input<typeof vipTierInputSchema>;

export const adminVipTierSchema = z.object({
  id: z.number(),
  platform: z.object({ id: z.number(), name: z.string() }),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  reward_type: rewardType,
  reward_amount: z.number(),
  min_wagered: z.number(),
  count_wager_after_date: z.string().nullable(),
  display_order: z.number(),
  is_active: z.boolean(),
  claims_count: z.number(),
});
export type AdminVipTier = z.infer<typeof adminVipTierSchema>;

export const VIP_CLAIM_STATUSES = ['pending', 'processed', 'rejected'] as const;

export const adminVipClaimSchema = z.object({
  id: z.number(),
  tier: z.object({ id: z.number(), name: z.string() }),
  platform: z.object({ id: z.number(), name: z.string() }),
  user: z.object({ id: z.number(), username: z.string(), display_name: z.string(), avatar: z.string() }),
  casino_username: z.string(),
  reward_type: rewardType,
  reward_amount: z.number(),
  wagered_amount_at_claim: z.number(),
  status: z.enum(VIP_CLAIM_STATUSES),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  processed_by: z.object({ id: z.number(), username: z.string() }).nullable(),
  reject_reason: z.string().nullable(),
});
export type AdminVipClaim = z.infer<typeof adminVipClaimSchema>;

export const vipClaimQueueQuerySchema = z.object({
  status: z.enum([...VIP_CLAIM_STATUSES, 'all'], { error: 'Choose pending, processed, rejected or all.' }).default('pending'),
  page: pageQueryParam,
});

export const vipRejectSchema = z.object({
  reason: z.string({ error: 'Say why the claim is rejected.' }).trim().min(3, 'Say why the claim is rejected (at least 3 characters).').max(300, 'At most 300 characters.'),
});
