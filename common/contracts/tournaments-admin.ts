import { z } from 'zod';
import {
  ADMIN_TOURNAMENT_STATUSES,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_REWARD_PLACES_MAX,
  TOURNAMENT_SIZES,
  TOURNAMENT_SLOT_NAME_MAX,
  sameSlotName,
} from '../tournaments';
import { idText, pageOf, pageQueryParam, recordId } from './api';
import { moneyAmount } from './leaderboards';
import { predictionSummarySchema, tournamentMemberSchema, tournamentSchema } from './tournaments';

/* Staff running tournaments: everything under /admin-new/api/tournaments (decision 020). */

/** One seat of the bracket, in seeding order: slot 1 plays slot 2, slot 3 plays slot 4, and so on. */
export const tournamentSlotInputSchema = z.object({
  /** Empty while staff are still filling the bracket; every name is needed to generate it. */
  name: z.string({ error: 'Enter the slot name.' }).trim().max(TOURNAMENT_SLOT_NAME_MAX, `At most ${TOURNAMENT_SLOT_NAME_MAX} characters.`).default(''),
  /** The bonus-hunt catalogue slot this name came from (its image shows on the cards), if any. */
  slot_id: recordId('Choose a slot from the catalogue.').nullable().default(null),
  /** The member playing this slot, if any. */
  user_id: recordId('Choose a member.').nullable().default(null),
});

export const tournamentInputSchema = z
  .object({
    name: z.string({ error: 'Give the tournament a name.' }).trim().min(3, 'Give the tournament a name of at least 3 characters.').max(TOURNAMENT_NAME_MAX, `At most ${TOURNAMENT_NAME_MAX} characters.`),
    description: z.string().trim().max(2000, 'At most 2,000 characters.').default(''),
    size: z.literal(TOURNAMENT_SIZES, { error: 'Choose 4, 8, 16 or 32 slots.' }),
    /** Exactly `size` seats (the service checks the count against size). */
    slots: z.array(tournamentSlotInputSchema, { error: 'Send the slots as a list.' }).max(32, 'A tournament has at most 32 slots.'),
    /** Points for the best predictors, first place first; empty: no rewards. */
    reward_points: z
      .array(z.number({ error: 'Enter the reward in points.' }).int('Enter the reward as a whole number of points.').min(1, 'A reward is at least 1 point.').max(10_000_000, 'At most 10,000,000 points.'), { error: 'Send the rewards as a list.' })
      .max(TOURNAMENT_REWARD_PLACES_MAX, `At most ${TOURNAMENT_REWARD_PLACES_MAX} reward places.`)
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.slots.length !== input.size) ctx.addIssue({ code: 'custom', path: ['slots'], message: `A ${input.size} slot tournament needs exactly ${input.size} slots.` });
    input.slots.forEach((slot, index) => {
      if (slot.name !== '' && input.slots.findIndex((other) => other.name !== '' && sameSlotName(other.name, slot.name)) < index) {
        ctx.addIssue({ code: 'custom', path: ['slots', index, 'name'], message: `“${slot.name}” is already in this bracket; every slot needs its own name.` });
      }
    });
  });
export type TournamentInput = z.input<typeof tournamentInputSchema>;
export type TournamentFields = z.output<typeof tournamentInputSchema>;

export const adminTournamentSlotSchema = z.object({
  position: z.number(),
  name: z.string(),
  slot_id: z.number().nullable(),
  image: z.string().nullable(),
  user: tournamentMemberSchema.nullable(),
});
export type AdminTournamentSlot = z.infer<typeof adminTournamentSlotSchema>;

/** One reward payment made when the tournament finished. */
export const tournamentRewardPaidSchema = z.object({ place: z.number(), user: tournamentMemberSchema, points: z.number() });

/** A tournament as staff see it: its seats, where it stands, its predictors and the rewards paid. */
export const adminTournamentSchema = tournamentSchema.extend({
  status: z.enum(ADMIN_TOURNAMENT_STATUSES),
  slots: z.array(adminTournamentSlotSchema),
  generated_at: z.string().nullable(),
  /** Slots and size can change only while no prediction and no result exist. */
  slots_locked: z.boolean(),
  top_predictions: z.array(predictionSummarySchema),
  rewards_paid: z.array(tournamentRewardPaidSchema),
  updated_at: z.string(),
});
export type AdminTournament = z.infer<typeof adminTournamentSchema>;

export const adminTournamentListQuerySchema = z.object({
  status: z.enum(ADMIN_TOURNAMENT_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  search: z.string().trim().max(120, 'At most 120 characters.').default(''),
  page: pageQueryParam,
});
/** List rows leave matches, slots and predictions empty. */
export const adminTournamentListSchema = pageOf(adminTournamentSchema);
export const adminTournamentResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: adminTournamentSchema });

export const matchIdParamSchema = z.object({
  id: idText,
  matchId: idText,
});

/** A match's result: the winning slot's name (null clears the result) and what each slot paid. */
export const matchResultSchema = z.object({
  winner_name: z.string({ error: 'Choose the winning slot.' }).trim().min(1, 'Choose the winning slot.').max(TOURNAMENT_SLOT_NAME_MAX).nullable(),
  slot1_multiplier: moneyAmount('multiplier', 1_000_000).nullable().default(null),
  slot2_multiplier: moneyAmount('multiplier', 1_000_000).nullable().default(null),
});
export type MatchResultInput = z.input<typeof matchResultSchema>;
