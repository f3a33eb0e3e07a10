import { z } from 'zod';
import { RAFFLE_ENTRY_TYPES, RAFFLE_FILTERS, RAFFLE_PASSWORD_MAX } from '../raffles';
import { ROLES } from '../roles';

/* Raffles as members see them (spec 2 §3 Raffle / Raffle entry, §7 raffle calls). */

export const raffleMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  kick_username: z.string().nullable(),
  avatar_url: z.string(),
});

/** Spec 2 §3 winners: the members drawn and not replaced by a redraw. */
export const raffleWinnerSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  kick_username: z.string().nullable(),
  avatar_url: z.string(),
  entry_type: z.enum(RAFFLE_ENTRY_TYPES),
  selected_at: z.string(),
});
export type RaffleWinner = z.infer<typeof raffleWinnerSchema>;

/** Spec 2 §3 Raffle, plus the prize, the eligibility and the draw's public commitments. */
export const raffleSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Started (now at or after starts_at). */
  is_active: z.boolean(),
  /** The end time passed or staff closed entries. */
  has_ended: z.boolean(),
  is_accepting_entries: z.boolean(),
  winner_announced: z.boolean(),
  /** A free (passwordless) entry is offered. */
  is_free: z.boolean(),
  allow_passwordless_entry: z.boolean(),
  allow_points_entry: z.boolean(),
  points_per_entry: z.number(),
  has_password_entry: z.boolean(),
  /** Points one entry costs when points entries are offered, else 0. */
  entry_cost: z.number(),
  /** Entries one member may hold, all types together; null: no limit. */
  max_entries: z.number().nullable(),
  total_entries: z.number(),
  /** Distinct members with at least one entry. */
  entrants_count: z.number(),
  winners_count: z.number(),
  /** The prize's value in USD, when staff gave one. */
  prize_value: z.number().nullable(),
  /** Lowest role that may enter, and whether a linked Kick account is needed. */
  required_role: z.enum(ROLES),
  requires_kick: z.boolean(),
  starts_at: z.string(),
  end_datetime: z.string(),
  created_at: z.string(),
  created_at_human: z.string(),
  winners: z.array(raffleWinnerSchema),
});
export type Raffle = z.infer<typeof raffleSchema>;

/** Spec 2 §3 user_stats: the signed-in member's share of the raffle. */
export const raffleUserStatsSchema = z.object({
  win_percentage: z.number(),
  total_entries: z.number(),
  points_spent_total: z.number(),
  entry_breakdown: z.object({ passwordless: z.number(), points: z.number(), password: z.number() }),
});
export type RaffleUserStats = z.infer<typeof raffleUserStatsSchema>;

/** Spec 2 §3 Raffle entry. */
export const raffleEntrySchema = z.object({
  id: z.number(),
  entry_type: z.enum(RAFFLE_ENTRY_TYPES),
  points_spent: z.number(),
  created_at: z.string(),
  created_at_human: z.string(),
  user: raffleMemberSchema,
});
export type RaffleEntry = z.infer<typeof raffleEntrySchema>;

/** One pick of the draw, in order; a redraw replaces a pick and is the next pick itself. */
export const rafflePickSchema = z.object({
  position: z.number(),
  entry_id: z.number(),
  user: raffleMemberSchema,
  selected_at: z.string(),
  /** Set when staff replaced this pick by a redraw, with the reason they gave. */
  replaced_at: z.string().nullable(),
  replace_reason: z.string().nullable(),
});
export type RafflePick = z.infer<typeof rafflePickSchema>;

/** The public commitments and, once winners are announced, everything needed to recompute them. */
export const raffleDrawSchema = z.object({
  /** SHA-256 of the secret seed, published when the raffle is created. */
  seed_hash: z.string(),
  /** SHA-256 of the frozen entry list, published when entries close. */
  entries_hash: z.string().nullable(),
  entries_closed_at: z.string().nullable(),
  /** Revealed when the winners are announced. */
  seed: z.string().nullable(),
  announced_at: z.string().nullable(),
  /** Every pick in draw order (public once announced). */
  picks: z.array(rafflePickSchema),
});
export type RaffleDraw = z.infer<typeof raffleDrawSchema>;

export const raffleDetailSchema = raffleSchema.extend({
  /** The signed-in member's figures; null for visitors. */
  user_stats: raffleUserStatsSchema.nullable(),
  /** The signed-in member's own entries, newest first (empty for visitors). */
  user_entries: z.array(raffleEntrySchema),
  draw: raffleDrawSchema,
});
export type RaffleDetail = z.infer<typeof raffleDetailSchema>;

export const raffleListQuerySchema = z.object({
  filter: z.enum(RAFFLE_FILTERS, { error: 'Filter by all, active, ended or free.' }).default('all'),
});
export const raffleListResponseSchema = z.object({ success: z.literal(true), data: z.array(raffleSchema) });
export const raffleDetailResponseSchema = z.object({ success: z.literal(true), data: raffleDetailSchema });
/** Every entry, oldest first: the list the entries hash is computed over. */
export const raffleEntriesResponseSchema = z.object({ success: z.literal(true), data: z.array(raffleEntrySchema) });

/** Kept in common/raffles.ts so pages can use it without loading zod. */
export { RAFFLE_PASSWORD_MAX };

/** Spec 2 §7: entry_type; points_spent for points (a whole number of entries' worth); password for password. */
export const raffleEnterSchema = z.discriminatedUnion(
  'entry_type',
  [
    z.object({ entry_type: z.literal('passwordless') }),
    z.object({
      entry_type: z.literal('points'),
      points_spent: z
        .number({ error: 'Enter the points to spend.' })
        .int('Spend a whole number of points.')
        .positive('Spend at least one entry’s worth of points.')
        .max(100_000_000, 'That is more points than anyone has.'),
    }),
    z.object({
      entry_type: z.literal('password'),
      password: z.string({ error: 'Enter the raffle password.' }).min(1, 'Enter the raffle password.').max(RAFFLE_PASSWORD_MAX, 'Enter the raffle password.'),
    }),
  ],
  { error: 'Choose an entry type: passwordless, points or password.' },
);
export type RaffleEnterInput = z.infer<typeof raffleEnterSchema>;

export const raffleEnterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user_stats: raffleUserStatsSchema,
  /** Entries this call added, and the member's points balance after it. */
  entries_added: z.number(),
  balance: z.number(),
});
export type RaffleEnterResponse = z.infer<typeof raffleEnterResponseSchema>;
