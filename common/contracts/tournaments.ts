import { z } from 'zod';
import { TOURNAMENT_FILTERS, TOURNAMENT_SLOT_NAME_MAX } from '../tournaments';
import { ID_MAX } from './api';
import { huntMemberSchema } from './bonus-hunts';

/* Tournaments as members see them (spec 2 §3 Tournament / Match / detail response / Prediction summary, §7). */

/** A member attached to a slot, or a predictor: id, username, kick username and avatar. */
export const tournamentMemberSchema = huntMemberSchema;
export type TournamentMember = z.infer<typeof tournamentMemberSchema>;

/** Spec 2 §3 Match. `match_number` counts 1…size-1 across the whole bracket, round 1 first. */
export const tournamentMatchSchema = z.object({
  id: z.number(),
  round: z.number(),
  match_number: z.number(),
  /** null: TBD (the match feeding it has no winner yet). */
  slot1_name: z.string().nullable(),
  slot2_name: z.string().nullable(),
  /** What each slot's bonus paid in this match, when staff entered it. */
  slot1_multiplier: z.number().nullable(),
  slot2_multiplier: z.number().nullable(),
  slot1_user: tournamentMemberSchema.nullable(),
  slot2_user: tournamentMemberSchema.nullable(),
  /** Catalogue images of the slots, when the slot is in the bonus-hunt catalogue. */
  slot1_image: z.string().nullable(),
  slot2_image: z.string().nullable(),
  winner_name: z.string().nullable(),
});
export type TournamentMatch = z.infer<typeof tournamentMatchSchema>;

/** Spec 2 §3 Tournament, plus the figures the list shows (progress, winner, rewards). */
export const tournamentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  size: z.number(),
  is_active: z.boolean(),
  predictions_active: z.boolean(),
  matches_count: z.number(),
  predictions_count: z.number(),
  /** Spec 2 §4: the percentage of matches with a winner. */
  progress: z.number(),
  /** Inactive and 100 percent. */
  is_completed: z.boolean(),
  /** The final's winner, with the member attached to that slot. */
  winner_name: z.string().nullable(),
  winner_user: tournamentMemberSchema.nullable(),
  /** Points for the best predictors, first place first (empty: no rewards). */
  reward_points: z.array(z.number()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  matches: z.array(tournamentMatchSchema),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** Spec 2 §3 Prediction summary; `total` is the decided picks (accuracy = correct / total), `picks` all of them. */
export const predictionSummarySchema = z.object({
  rank: z.number(),
  user: tournamentMemberSchema,
  accuracy: z.number(),
  correct: z.number(),
  total: z.number(),
  picks: z.number(),
});
export type PredictionSummary = z.infer<typeof predictionSummarySchema>;
/** Friends' summaries use friend in place of user (spec 2 §3). */
export const friendPredictionSummarySchema = predictionSummarySchema.omit({ user: true }).extend({ friend: tournamentMemberSchema });
export type FriendPredictionSummary = z.infer<typeof friendPredictionSummarySchema>;

export const predictionPickSchema = z.object({ tournament_match_id: z.number(), predicted_winner_name: z.string() });
export type PredictionPick = z.infer<typeof predictionPickSchema>;

/** Spec 2 §3 user_prediction: the signed-in member's picks and figures; null when they have none. */
export const userPredictionSchema = z.object({
  matches: z.array(predictionPickSchema),
  rank: z.number(),
  accuracy: z.number(),
  correct: z.number(),
  total: z.number(),
  picks: z.number(),
  updated_at: z.string(),
});
export type UserPrediction = z.infer<typeof userPredictionSchema>;

/** Spec 2 §3 Tournament detail response. */
export const tournamentDetailSchema = z.object({
  tournament: tournamentSchema,
  user_prediction: userPredictionSchema.nullable(),
  /** Accepted friends of the signed-in member who predicted, best first, at most 5. */
  friend_predictions: z.array(friendPredictionSummarySchema),
  /** The ranked list, best first, at most 100 (predictions_count says how many there are). */
  top_predictions: z.array(predictionSummarySchema),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

export const tournamentListQuerySchema = z.object({
  filter: z.enum(TOURNAMENT_FILTERS, { error: 'Filter by all, active, predictions or completed.' }).default('all'),
});
/** The list leaves out matches (empty array) except the final's winner, which is in winner_name. */
export const tournamentListResponseSchema = z.object({ success: z.literal(true), data: z.array(tournamentSchema) });
export const tournamentDetailResponseSchema = z.object({ success: z.literal(true), data: tournamentDetailSchema });

/** Spec 2 §7: predictions list of match_id, winner_name. Saving again replaces the member's picks. */
export const predictInputSchema = z.object({
  predictions: z
    .array(
      z.object({
        match_id: z.number({ error: 'Send the match id as a number.' }).int('Send the match id as a whole number.').positive('Send a real match id.').max(ID_MAX, 'Send a real match id.'),
        winner_name: z.string({ error: 'Send the winner’s slot name.' }).trim().min(1, 'Send the winner’s slot name.').max(TOURNAMENT_SLOT_NAME_MAX, 'Send the winner’s slot name.'),
      }),
      { error: 'Send the predictions as a list.' },
    )
    .min(1, 'Please make at least one prediction')
    .max(64, 'A bracket has at most 31 matches.'),
});
export type PredictInput = z.infer<typeof predictInputSchema>;
export const predictResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: userPredictionSchema });
