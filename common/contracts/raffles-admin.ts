import { z } from 'zod';
import { formatCount } from '../format';
import { ADMIN_RAFFLE_STATUSES, RAFFLE_MAX_ENTRIES_PER_MEMBER, RAFFLE_MAX_WINNERS } from '../raffles';
import { ROLES } from '../roles';
import { pageOf, pageQueryParam, recordId } from './api';
import { isoInstant, moneyAmount } from './leaderboards';
import { RAFFLE_PASSWORD_MAX, raffleEntrySchema, rafflePickSchema, raffleSchema } from './raffles';

/* Staff running raffles: everything under /admin-new/api/raffles. */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be at least ${formatCount(min)}.`)
    .max(max, `The ${label} can be at most ${formatCount(max)}.`);

/**
 * A raffle as staff write it. On edit, `password` left out keeps the stored one; a password is needed
 * when password entry is turned on for a raffle that has none yet (the service checks that).
 */
export const raffleInputSchema = z
  .object({
    title: z.string({ error: 'Give the raffle a title.' }).trim().min(3, 'Give the raffle a title of at least 3 characters.').max(120, 'At most 120 characters.'),
    description: z.string().trim().max(2000, 'At most 2,000 characters.').default(''),
    image: z.string().max(200).nullable().default(null),
    prize_value: moneyAmount('prize value', 10_000_000).nullable().default(null),
    allow_passwordless_entry: z.boolean({ error: 'Choose yes or no.' }).default(false),
    allow_points_entry: z.boolean({ error: 'Choose yes or no.' }).default(false),
    points_per_entry: whole('points per entry', 1, 1_000_000).default(1),
    has_password_entry: z.boolean({ error: 'Choose yes or no.' }).default(false),
    password: z.string().trim().min(1, 'Enter the password members must type.').max(RAFFLE_PASSWORD_MAX, `At most ${RAFFLE_PASSWORD_MAX} characters.`).optional(),
    max_entries: whole('maximum entries per member', 1, RAFFLE_MAX_ENTRIES_PER_MEMBER).nullable().default(null),
    winners_count: whole('number of winners', 1, RAFFLE_MAX_WINNERS).default(1),
    /** Entries open here (now when left out). */
    starts_at: isoInstant('start').optional(),
    end_datetime: isoInstant('end'),
    auto_draw: z.boolean({ error: 'Choose yes or no.' }).default(false),
    required_role: z.enum(ROLES, { error: 'Choose the lowest role that may enter.' }).default('user'),
    requires_kick: z.boolean({ error: 'Choose yes or no.' }).default(false),
  })
  .refine((raffle) => raffle.allow_passwordless_entry || raffle.allow_points_entry || raffle.has_password_entry, {
    path: ['allow_passwordless_entry'],
    message: 'Offer at least one way to enter: free, points or password.',
  })
  .refine((raffle) => raffle.starts_at === undefined || raffle.end_datetime > raffle.starts_at, {
    path: ['end_datetime'],
    message: 'The end must be after the start.',
  });
export type RaffleInput = z.input<typeof raffleInputSchema>;
export type RaffleFields = z.output<typeof raffleInputSchema>;

/** A raffle as staff see it: where it stands in its life, its draw and every pick (also before announcing). */
export const adminRaffleSchema = raffleSchema.omit({ winners: true, created_at_human: true }).extend({
  status: z.enum(ADMIN_RAFFLE_STATUSES),
  auto_draw: z.boolean(),
  seed_hash: z.string(),
  entries_hash: z.string().nullable(),
  entries_closed_at: z.string().nullable(),
  drawn_at: z.string().nullable(),
  announced_at: z.string().nullable(),
  picks: z.array(rafflePickSchema),
  updated_at: z.string(),
});
export type AdminRaffle = z.infer<typeof adminRaffleSchema>;

export const adminRaffleListQuerySchema = z.object({
  status: z.enum(ADMIN_RAFFLE_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  search: z.string().trim().max(120, 'At most 120 characters.').default(''),
  page: pageQueryParam,
});
export const adminRaffleListSchema = pageOf(adminRaffleSchema);
export const adminRaffleResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: adminRaffleSchema });

export const adminRaffleEntriesQuerySchema = z.object({
  search: z.string().trim().max(120, 'At most 120 characters.').default(''),
  page: pageQueryParam,
});
export const adminRaffleEntriesSchema = pageOf(raffleEntrySchema);

/** Replacing one pick (the winner did not claim, or was not eligible): the reason is shown publicly. */
export const raffleRedrawSchema = z.object({
  position: recordId('Choose the pick to replace.'),
  reason: z.string({ error: 'Give the reason for the redraw.' }).trim().min(3, 'Give the reason for the redraw (at least 3 characters).').max(200, 'At most 200 characters.'),
});
export type RaffleRedrawInput = z.input<typeof raffleRedrawSchema>;
