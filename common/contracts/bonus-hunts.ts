import { z } from 'zod';
import { formatCount, hasTwoDecimalsAtMost, hundredthsOf } from '../format';

/** A member shown on a hunt: the one a slot is assigned to, or the author of a prediction. */
export const huntMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  kick_username: z.string().nullable(),
  avatar_url: z.string(),
});
export type HuntMember = z.infer<typeof huntMemberSchema>;

/**
 * Spec 1 §3 Hunt game. Amounts in dollars; multiplier = win / bet (0 until opened).
 * `opened` tells a bonus that paid $0 from one not opened yet (slot_win is 0 for both).
 */
export const huntGameSchema = z.object({
  id: z.number(),
  position: z.number(),
  slot_id: z.number(),
  slot_name: z.string(),
  slot_provider: z.string(),
  slot_image: z.string().nullable(),
  slot_bet: z.number(),
  slot_win: z.number(),
  multiplier: z.number(),
  pending_win: z.boolean(),
  opened: z.boolean(),
  assigned_to: huntMemberSchema.nullable(),
});
export type HuntGame = z.infer<typeof huntGameSchema>;

/** Spec 1 §3 Bonus hunt statistics, computed on the server (common/bonus-hunts.ts). */
export const huntStatisticsSchema = z.object({
  starting_balance: z.number(),
  winnings: z.number(),
  average_multiplier: z.number(),
  /** The multiplier the remaining (not opened or pending) slots must average to win back the start balance; 0 once it is won back. */
  break_even_multiplier: z.number(),
  highest_multiplier: z.number(),
  highest_multiplier_game: z.string().nullable(),
  biggest_win: z.number(),
  biggest_win_game: z.string().nullable(),
  /** Spec 1 §2: a slot is completed when its win is above 0 and not pending. */
  completed_games: z.number(),
  total_games: z.number(),
});
export type HuntStatistics = z.infer<typeof huntStatisticsSchema>;

/** Spec 1 §3 Prediction. */
export const predictionSchema = z.object({
  id: z.number(),
  user: huntMemberSchema,
  end_balance: z.number(),
  highest_multiplier: z.number(),
  highest_multiplier_game: z.string(),
  created_at: z.string(),
  created_at_human: z.string(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const closestEntrySchema = z.object({
  rank: z.number(),
  user: huntMemberSchema,
  /** A number for end balance and multiplier; the game's name for the game. */
  predicted_value: z.union([z.number(), z.string()]),
  difference: z.number(),
});
export type ClosestEntry = z.infer<typeof closestEntrySchema>;

/** Spec 1 §3 closest_predictions: 3 entries of each kind, plus the actual values (null while unknown). */
export const closestPredictionsSchema = z.object({
  end_balance: z.array(closestEntrySchema),
  highest_multiplier: z.array(closestEntrySchema),
  highest_multiplier_game: z.array(closestEntrySchema),
  actual_values: z.object({
    total_wins: z.number(),
    highest_multiplier: z.number(),
    highest_multiplier_game: z.string().nullable(),
  }),
});
export type ClosestPredictions = z.infer<typeof closestPredictionsSchema>;

export const huntRewardsSchema = z.object({ end_balance: z.number(), highest_multiplier: z.number(), highest_multiplier_game: z.number() });
export type HuntRewards = z.infer<typeof huntRewardsSchema>;

/** Spec 1 §3 Bonus hunt. */
export const bonusHuntSchema = z.object({
  id: z.number(),
  title: z.string(),
  start_balance: z.number(),
  end_balance: z.number().nullable(),
  is_active: z.boolean(),
  predictions_active: z.boolean(),
  created_at: z.string(),
  created_at_human: z.string(),
  games: z.array(huntGameSchema),
  statistics: huntStatisticsSchema,
  /** The most recent predictions (at most 10). */
  top_predictions: z.array(predictionSchema),
  predictions_count: z.number(),
  /** The signed-in member's prediction; null for visitors and members who have not predicted. */
  user_prediction: predictionSchema.nullable(),
  closest_predictions: closestPredictionsSchema,
  rewards: huntRewardsSchema,
});
export type BonusHunt = z.infer<typeof bonusHuntSchema>;

/** The running hunt, or the last finished one when none runs; null when there has never been one. */
export const currentHuntResponseSchema = z.object({ success: z.literal(true), data: bonusHuntSchema.nullable() });

/** Spec 1 §3 Hunt history item. */
export const huntHistoryItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  start_balance: z.number(),
  end_balance: z.number(),
  created_at: z.string(),
  created_at_human: z.string(),
  statistics: z.object({ profit_loss: z.number(), number_of_slots: z.number() }),
});
export type HuntHistoryItem = z.infer<typeof huntHistoryItemSchema>;
export const huntHistoryResponseSchema = z.object({ success: z.literal(true), data: z.array(huntHistoryItemSchema) });

/** A record game of all finished hunts. */
export const recordGameSchema = huntGameSchema
  .pick({ slot_name: true, slot_provider: true, slot_image: true, slot_bet: true, slot_win: true, multiplier: true })
  .extend({ bonus_hunt_id: z.number() });
export type RecordGame = z.infer<typeof recordGameSchema>;

/** Spec 1 §3 All-time stats, over finished hunts. */
export const huntAllTimeStatsSchema = z.object({
  total_hunts: z.number(),
  total_slots_played: z.number(),
  total_profit_loss: z.number(),
  biggest_win: z.number(),
  biggest_win_game: recordGameSchema.nullable(),
  highest_multiplier_game: recordGameSchema.nullable(),
});
export type HuntAllTimeStats = z.infer<typeof huntAllTimeStatsSchema>;
export const huntStatsResponseSchema = z.object({ success: z.literal(true), data: huntAllTimeStatsSchema });

export const predictionsResponseSchema = z.object({ success: z.literal(true), data: z.array(predictionSchema) });

/** Spec 1 §5: both numbers positive with at most two decimals (step 0.01); the game one of the hunt's slots. */
const positiveHundredths = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    // Decimals first: 0.004 is more than 0, and its fault is the third decimal (stored, it would round to 0).
    .refine(hasTwoDecimalsAtMost, { message: `The ${label} can have at most two decimals.`, abort: true })
    .refine((value) => hundredthsOf(value) > 0, `The ${label} must be more than 0.`)
    .max(max, `The ${label} can be at most ${formatCount(max)}.`);

export const predictionInputSchema = z.object({
  end_balance: positiveHundredths('end balance', 100_000_000),
  highest_multiplier: positiveHundredths('highest multiplier', 1_000_000),
  highest_multiplier_game: z
    .string({ error: 'Choose the game you expect to pay the highest multiplier.' })
    .trim()
    .min(1, 'Choose the game you expect to pay the highest multiplier.')
    .max(120, 'At most 120 characters.'),
});
export type PredictionInput = z.input<typeof predictionInputSchema>;
export const predictionResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: predictionSchema });

/** Spec 1 §3 Slot past results: over opened games of finished and running hunts. */
export const slotResultsSchema = z.object({
  total_plays: z.number(),
  average_multiplier: z.number(),
  biggest_win: z.number(),
  biggest_multiplier: z.number(),
  total_won: z.number(),
  recent_games: z.array(
    z.object({ played_at: z.string(), played_at_human: z.string(), slot_bet: z.number(), slot_win: z.number(), multiplier: z.number() }),
  ),
});
export type SlotResults = z.infer<typeof slotResultsSchema>;
export const slotResultsQuerySchema = z.object({
  slot_name: z.string({ error: 'Name the slot.' }).trim().min(1, 'Name the slot.').max(120, 'At most 120 characters.'),
});
export const slotResultsResponseSchema = z.object({ success: z.literal(true), data: slotResultsSchema });

/** Spec 2 §3 Overlay bonus hunt. */
export const overlayGameSchema = z.object({
  id: z.number(),
  slot_name: z.string(),
  slot_provider: z.string(),
  slot_image: z.string().nullable(),
  slot_bet: z.number(),
  slot_win: z.number(),
  pending_win: z.boolean(),
  opened: z.boolean(),
});
export type OverlayGame = z.infer<typeof overlayGameSchema>;
export const overlayHuntSchema = z.object({
  id: z.number(),
  start_balance: z.number(),
  games: z.array(overlayGameSchema),
  statistics: z.object({
    total_wins: z.number(),
    average_x: z.number(),
    break_even_x: z.number(),
    completed_games: z.number(),
    total_games: z.number(),
    highest_multiplier: z.number(),
    highest_multiplier_game: z.string().nullable(),
    biggest_win: z.number(),
    biggest_win_game: z.string().nullable(),
  }),
});
export type OverlayHunt = z.infer<typeof overlayHuntSchema>;
/** The running hunt for the overlay; null when none runs. */
export const latestActiveResponseSchema = z.object({ success: z.literal(true), data: overlayHuntSchema.nullable() });

/** The server-sent event every hunt change publishes (event name `hunt`); clients refetch what they show. */
export const huntChangeEventSchema = z.object({ hunt_id: z.number(), at: z.string() });
export type HuntChangeEvent = z.infer<typeof huntChangeEventSchema>;
// Defined beside the hunt arithmetic, which imports no zod: the overlay page needs the path without the schemas.
export { HUNT_EVENTS_PATH } from '../bonus-hunts';
