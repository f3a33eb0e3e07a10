import { z } from 'zod';
import { formatCount, hasTwoDecimalsAtMost } from '../format';
import { isCalendarDay } from '../time-zone';
import { pageQueryParam } from './api';
import { CASINO_USERNAME_MAX, CUSTOM_PERIOD_MAX_DAYS, LEADERBOARD_TYPES, PERIOD_LENGTHS, PRIZE_PLACES_MAX, WAGERED_MAX } from '../leaderboards';

// --- GET /api/r/leaderboard (spec 1 §3 Leaderboard response) ---

export const leaderboardQuerySchema = z.object({
  period: z.enum(['current', 'last'], { error: 'Choose the current or the last period.' }).default('current'),
  platform: z.string().trim().max(60, 'A platform slug has at most 60 characters.').optional(),
  leaderboard_type: z.enum(LEADERBOARD_TYPES, { error: 'Choose normal, sports_bet or live_games.' }).optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

const typeSchema = z.enum(LEADERBOARD_TYPES);
const amountFormatSchema = z.enum(['currency', 'xp'], { error: 'Choose currency or XP.' });

/** A ranked player: the spec's displayName and wagered, plus the rank and the prize of that rank (null: none). */
export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  displayName: z.string(),
  wagered: z.number(),
  prize: z.number().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const prizeSchema = z.object({ position: z.number(), amount: z.number() });
export type Prize = z.infer<typeof prizeSchema>;

const periodSchema = z.object({ start: z.string(), end: z.string() });

export const leaderboardPlatformSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  currency_symbol: z.string(),
  amount_format: amountFormatSchema,
  leaderboards: z.array(z.object({ leaderboard_type: typeSchema })),
  active_leaderboard: z.object({ leaderboard_type: typeSchema, current_period_end: z.string().nullable() }).nullable(),
});
export type LeaderboardPlatform = z.infer<typeof leaderboardPlatformSchema>;

/** One platform's board, as all_leaderboards holds it (the home carousel reads these). */
export const platformBoardSchema = z.object({
  leaderboard_type: typeSchema.nullable(),
  top_three: z.array(leaderboardEntrySchema),
  rest_of_users: z.array(leaderboardEntrySchema),
  prizes: z.array(prizeSchema),
  currency_symbol: z.string(),
  amount_format: amountFormatSchema,
  current_period: periodSchema.nullable(),
});
export type PlatformBoard = z.infer<typeof platformBoardSchema>;

export const leaderboardDataSchema = platformBoardSchema.extend({
  platforms: z.array(leaderboardPlatformSchema),
  all_leaderboards: z.record(z.string(), platformBoardSchema),
  period: z.enum(['current', 'last']),
  /** The selected platform's types, as the type tabs show them. */
  subsections: z.array(z.object({ leaderboard_type: typeSchema, label: z.string() })),
  selected_platform: z.object({ slug: z.string() }).nullable(),
});
export type LeaderboardData = z.infer<typeof leaderboardDataSchema>;

export const leaderboardResponseSchema = z.object({ success: z.literal(true), data: leaderboardDataSchema });

// --- admin: platforms, leaderboards, periods, prizes, standings ---

const flag = z.boolean({ error: 'Choose yes or no.' });

/** Dollars (or XP) with at most two decimals, kept as whole cents from here on. */
export const moneyAmount = (label: string, max = 100_000_000) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(max, `The ${label} can be at most ${formatCount(max)}.`)
    .refine(hasTwoDecimalsAtMost, `The ${label} can have at most two decimals.`);

export const platformInputSchema = z.object({
  name: z.string({ error: 'Give the platform a name.' }).trim().min(2, 'Give the platform a name of at least 2 characters.').max(40, 'At most 40 characters.'),
  slug: z
    .string({ error: 'Give the platform a slug.' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Use 2 to 40 lower-case letters, digits and dashes, such as roobet.'),
  image: z.string().max(200).nullable().default(null),
  currency_symbol: z.string().trim().min(1, 'Enter a currency symbol, such as $.').max(5, 'At most 5 characters.').default('$'),
  amount_format: amountFormatSchema.default('currency'),
  display_order: z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Must be 0 or more.').max(1000, 'At most 1,000.').default(0),
  is_default: flag.default(false),
  mask_names: flag.default(true),
  casino_slot: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Choose casino account 1, 2 or 3, or none.' }).nullable().default(null),
  is_active: flag.default(true),
});
export type PlatformInput = z.input<typeof platformInputSchema>;

/** Whether "YYYY-MM-DD…" names a day that exists (Date.parse rolls 2026-02-30 over to March 2). */
/** Dates staff enter are before this year. */
export const INSTANT_YEAR_LIMIT = 3000;

export const isoInstant = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value) && isCalendarDay(value), { message: `Enter the ${label} as a date and time.`, abort: true })
    // A period or a raffle must end in a four-digit year: from 9999 a monthly period would end in year 10000, whose
    // ISO text ("+010000-…") no longer sorts or compares as the dates do.
    .refine((value) => new Date(value).getUTCFullYear() < INSTANT_YEAR_LIMIT, `The ${label} must be before the year ${INSTANT_YEAR_LIMIT}.`)
    .transform((value) => new Date(value).toISOString());

const customDays = z
  .number({ error: 'Enter a whole number of days.' })
  .int('Enter a whole number of days.')
  .min(1, 'At least 1 day.')
  .max(CUSTOM_PERIOD_MAX_DAYS, `At most ${CUSTOM_PERIOD_MAX_DAYS} days.`)
  .nullable()
  .default(null);

const leaderboardSettingsSchema = z.object({
  period_length: z.enum(PERIOD_LENGTHS, { error: 'Choose weekly, bi-weekly, monthly or custom.' }),
  custom_days: customDays,
  is_active: flag.default(true),
});
const needsCustomDays = (value: { period_length: string; custom_days: number | null }) => value.period_length !== 'custom' || value.custom_days !== null;
const customDaysIssue = { path: ['custom_days'], message: 'Enter how many days a custom period lasts.' };

export const leaderboardInputSchema = leaderboardSettingsSchema
  .extend({
    leaderboard_type: z.enum(LEADERBOARD_TYPES, { error: 'Choose normal, sports betting or live games.' }),
    /** The first period starts here (now when left out). */
    starts_at: isoInstant('start').optional(),
  })
  .refine(needsCustomDays, customDaysIssue);
export type LeaderboardInput = z.input<typeof leaderboardInputSchema>;

export const leaderboardUpdateSchema = leaderboardSettingsSchema.refine(needsCustomDays, customDaysIssue);

export const periodDatesSchema = z
  .object({ starts_at: isoInstant('start'), ends_at: isoInstant('end') })
  .refine((value) => value.ends_at > value.starts_at, { path: ['ends_at'], message: 'The end must be after the start.' });

export const prizesInputSchema = z.object({
  prizes: z.array(moneyAmount('prize'), { error: 'Send the prizes as a list of amounts.' }).max(PRIZE_PLACES_MAX, `At most ${PRIZE_PLACES_MAX} prize places.`),
});

export const adminPeriodSchema = z.object({
  id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(['current', 'finished']),
  finished_at: z.string().nullable(),
  prizes_paid_at: z.string().nullable(),
  /** The username of the staff member who marked the prizes paid (null: not paid, or their account is gone). */
  prizes_paid_by: z.string().nullable(),
  prizes: z.array(prizeSchema),
  prize_total: z.number(),
  entries_count: z.number(),
});
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

export const WAGER_SOURCE_KINDS = ['roobet', 'shuffle', 'rainbet', 'packdraw', 'generic'] as const;
export type WagerSourceKind = (typeof WAGER_SOURCE_KINDS)[number];

export const adminSourceSchema = z.object({
  id: z.number(),
  kind: z.enum(WAGER_SOURCE_KINDS),
  is_enabled: z.boolean(),
  interval_sec: z.number(),
  timeout_sec: z.number(),
  rank_on: z.enum(['wagered', 'weighted']),
  base_url: z.string().nullable(),
  /** Whether a key is saved; the key itself never leaves the server. */
  has_secret: z.boolean(),
  options: z.record(z.string(), z.unknown()),
  next_sync_at: z.string(),
  last_attempt_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  consecutive_failures: z.number(),
  last_row_count: z.number().nullable(),
});
export type AdminSource = z.infer<typeof adminSourceSchema>;

export const adminLeaderboardSchema = z.object({
  id: z.number(),
  platform_id: z.number(),
  leaderboard_type: typeSchema,
  period_length: z.enum(PERIOD_LENGTHS),
  custom_days: z.number().nullable(),
  is_active: z.boolean(),
  current_period: adminPeriodSchema.nullable(),
  last_period: adminPeriodSchema.nullable(),
  source: adminSourceSchema.nullable(),
});
export type AdminLeaderboard = z.infer<typeof adminLeaderboardSchema>;

export const adminPlatformSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  currency_symbol: z.string(),
  amount_format: amountFormatSchema,
  display_order: z.number(),
  is_default: z.boolean(),
  mask_names: z.boolean(),
  casino_slot: z.number().nullable(),
  is_active: z.boolean(),
  leaderboards: z.array(adminLeaderboardSchema),
});
export type AdminPlatform = z.infer<typeof adminPlatformSchema>;

export const entriesQuerySchema = z.object({
  search: z.string().trim().max(64, 'Search for at most 64 characters.').default(''),
  page: pageQueryParam,
});

export const adminEntrySchema = z.object({
  id: z.number(),
  rank: z.number(),
  username: z.string(),
  wagered: z.number(),
  source: z.enum(['sync', 'manual', 'import']),
  updated_at: z.string(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

export const casinoUsername = z
  .string({ error: 'Enter the player’s casino username.' })
  .trim()
  .min(1, 'Enter the player’s casino username.')
  .max(CASINO_USERNAME_MAX, `A casino username has at most ${CASINO_USERNAME_MAX} characters.`);

export const entryInputSchema = z.object({ username: casinoUsername, wagered: moneyAmount('wagered amount', WAGERED_MAX) });
export type EntryInput = z.input<typeof entryInputSchema>;

export const IMPORT_MAX_CHARS = 1_000_000;
export const importInputSchema = z.object({
  csv: z.string({ error: 'Paste the CSV text.' }).min(1, 'Paste the CSV text.').max(IMPORT_MAX_CHARS, 'At most 1,000,000 characters at once.'),
});

export const importResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ imported: z.number() }),
});
