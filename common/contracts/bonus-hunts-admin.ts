import { z } from 'zod';
import { hundredthsOf } from '../format';
import { idText, pageOf, pageQueryParam, recordId } from './api';
import { moneyAmount } from './leaderboards';
import { huntGameSchema, huntRewardsSchema, huntStatisticsSchema } from './bonus-hunts';

/* Staff running bonus hunts and the slot catalogue: everything under /admin-new/api/bonus-hunts and /admin-new/api/slots. */

const rewardPoints = (label: string) =>
  z
    .number({ error: `Enter the ${label} reward in points.` })
    .int(`The ${label} reward is a whole number of points.`)
    .min(0, 'The reward cannot be negative.')
    .max(1_000_000, 'At most 1,000,000 points.');

const positiveMoney = (label: string, max?: number) => moneyAmount(label, max).refine((value) => hundredthsOf(value) > 0, `The ${label} must be more than $0.`);

export const huntInputSchema = z.object({
  title: z.string().trim().max(80, 'At most 80 characters.').default(''),
  start_balance: positiveMoney('start balance'),
  reward_end_balance: rewardPoints('end balance').default(0),
  reward_multiplier: rewardPoints('highest multiplier').default(0),
  reward_game: rewardPoints('highest multiplier game').default(0),
});
export type HuntInput = z.input<typeof huntInputSchema>;

export const HUNT_STATUSES = ['active', 'finished'] as const;
export type HuntStatus = (typeof HUNT_STATUSES)[number];

/** A row of the staff hunt list. */
export const adminHuntSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(HUNT_STATUSES),
  start_balance: z.number(),
  end_balance: z.number().nullable(),
  predictions_active: z.boolean(),
  games_count: z.number(),
  opened_count: z.number(),
  predictions_count: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminHuntSummary = z.infer<typeof adminHuntSummarySchema>;
export const adminHuntListSchema = pageOf(adminHuntSummarySchema);
export const adminHuntListQuerySchema = z.object({
  page: pageQueryParam,
});

/** One hunt as staff run it. */
export const adminHuntSchema = adminHuntSummarySchema.extend({
  games: z.array(huntGameSchema),
  statistics: huntStatisticsSchema,
  rewards: huntRewardsSchema,
  /** Points paid to the closest predictors when the hunt finished. */
  rewards_paid: z.array(z.object({ user: z.object({ id: z.number(), username: z.string() }), category: z.string(), points: z.number() })),
});
export type AdminHunt = z.infer<typeof adminHuntSchema>;
export const adminHuntResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: adminHuntSchema });

/** A game added to a hunt: a catalogue slot by id, or a new slot by name (it joins the catalogue). */
export const gameInputSchema = z
  .object({
    slot_id: recordId('Choose a slot.').optional(),
    slot_name: z.string().trim().min(1, 'Name the slot.').max(120, 'At most 120 characters.').optional(),
    slot_provider: z.string().trim().max(60, 'At most 60 characters.').default(''),
    slot_bet: positiveMoney('bet', 1_000_000),
    assigned_user_id: recordId('Choose a member.').nullable().default(null),
  })
  .refine((game) => game.slot_id !== undefined || game.slot_name !== undefined, {
    path: ['slot_name'],
    message: 'Choose a slot or type its name.',
    // Also when another field is wrong (an empty form names the slot and the bet at once), as long as it is an object.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type GameInput = z.input<typeof gameInputSchema>;

/** A change to one game; absent fields stay. slot_win null clears the win (not opened). */
export const gameUpdateSchema = z.object({
  slot_bet: positiveMoney('bet', 1_000_000).optional(),
  slot_win: moneyAmount('win', 100_000_000).nullable().optional(),
  pending_win: z.boolean({ error: 'Choose yes or no.' }).optional(),
  assigned_user_id: recordId('Choose a member.').nullable().optional(),
});
export type GameUpdate = z.input<typeof gameUpdateSchema>;

export const gameOrderSchema = z.object({
  game_ids: z.array(recordId('Send the games in their new order.'), { error: 'Send the games in their new order.' }).min(1).max(500),
});

export const huntGameParamsSchema = z.object({
  id: idText,
  gameId: idText,
});

// --- the slot catalogue ---

export const adminSlotSchema = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.string(),
  image: z.string().nullable(),
  plays: z.number(),
  created_at: z.string(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;
export const adminSlotListSchema = pageOf(adminSlotSchema);
export const slotListQuerySchema = z.object({
  search: z.string().trim().max(120, 'At most 120 characters.').default(''),
  page: pageQueryParam,
  /** Type-ahead asks for a short list. */
  per_page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(100).default(25),
});
export const slotInputSchema = z.object({
  name: z.string({ error: 'Name the slot.' }).trim().min(1, 'Name the slot.').max(120, 'At most 120 characters.'),
  provider: z.string().trim().max(60, 'At most 60 characters.').default(''),
  image: z.string().max(200).nullable().default(null),
});
export type SlotInput = z.input<typeof slotInputSchema>;
export const slotMergeSchema = z.object({
  into_id: recordId('Choose the slot to keep.'),
});
