import { z } from 'zod';
import { formatCount } from '../format';
import { isCalendarDay, isTimeZone } from '../time-zone';
import { pageQueryParam } from './api';

const whole = (max: number) =>
  z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(0, 'Must be 0 or more.')
    .max(max, `At most ${formatCount(max)}.`);

const multiplier = z
  .number({ error: 'Enter a number such as 1.5.' })
  .min(1, 'At least 1 (no bonus).')
  .max(10, 'At most 10.');

/** What one source pays: points (money) and XP (levels). */
const award = z.object({ enabled: z.boolean(), points: whole(100_000), xp: whole(100_000) });

const kickName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Kick names use letters, numbers, - and _ (at most 40).');

/** Everything staff control on the Earning rules page (docs/decisions/013-earning.md). */
export const earningRulesSchema = z.object({
  /** Days (the daily bonus, the daily cap) start at midnight here. */
  time_zone: z.string().trim().refine(isTimeZone, 'Enter a time zone such as UTC or Europe/London.'),
  /** Most points a member earns per day from chat and stream events; 0 means no cap. The daily bonus is outside it. */
  daily_cap: whole(10_000_000),
  /** Kick accounts (bots) that never earn, compared without regard to case. */
  ignored_kick_accounts: z
    .array(kickName)
    .max(200, 'At most 200 accounts.'),
  multipliers: z.object({ vip: multiplier, subscriber: multiplier }),
  chat: award
    .extend({
      /** Credits are counted per interval of this length (at most one per member per interval). */
      interval_minutes: z.number({ error: 'Enter a whole number of minutes.' }).int('Enter a whole number of minutes.').min(1, 'At least 1 minute.').max(60, 'At most 60 minutes.'),
      /** A message keeps a member earning for this long. */
      active_minutes: z.number({ error: 'Enter a whole number of minutes.' }).int('Enter a whole number of minutes.').min(1, 'At least 1 minute.').max(120, 'At most 120 minutes.'),
    })
    .refine((chat) => chat.active_minutes >= chat.interval_minutes, {
      path: ['active_minutes'],
      message: 'Must be at least the interval.',
    }),
  follow: award,
  subscription: award,
  /** Per gifted subscription, to the gifter. */
  gifted_subscription: award,
  daily_bonus: award.extend({
    /** Added for each further day in a row. */
    streak_step: whole(100_000),
    /** The most a streak can raise the daily bonus to. */
    max_points: whole(1_000_000),
  }),
});
export type EarningRules = z.infer<typeof earningRulesSchema>;
export type EarningRulesInput = z.input<typeof earningRulesSchema>;

export const earningRulesResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: earningRulesSchema });

/** Why a balance moved: the ledger's reason codes with the words members see. */
export const LEDGER_REASON_LABELS: Record<string, string> = {
  chat_activity: 'Chat activity',
  kick_follow: 'Followed on Kick',
  kick_subscription: 'Kick subscription',
  kick_gifted_subscriptions: 'Gifted subscriptions',
  daily_bonus: 'Daily bonus',
  store_redemption: 'Store redemption',
  store_refund: 'Store refund',
  admin_adjustment: 'Adjusted by staff',
  vip_reward: 'VIP reward',
  bonus_hunt_reward: 'Bonus hunt prediction',
  raffle_entry: 'Raffle entry',
  tournament_reward: 'Tournament prediction',
  challenge_prize: 'Challenge prize',
  demo_seed: 'Demo starting balance',
};
/** The words for a reason code; one without words of its own reads as a sentence ('some_reason' → 'Some reason'). */
export const ledgerReasonLabel = (reason: string) => LEDGER_REASON_LABELS[reason] ?? reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, ' ');

export const dailyBonusStatusSchema = z.object({
  enabled: z.boolean(),
  claimed_today: z.boolean(),
  /** Days in a row including today when claimed today; otherwise the streak a claim now would make. */
  streak: z.number(),
  /** What claiming pays now, or tomorrow when already claimed. */
  next_reward: z.number(),
  /** When the next claim opens (midnight in the site's time zone). */
  next_claim_at: z.string(),
});
export type DailyBonusStatus = z.infer<typeof dailyBonusStatusSchema>;

export const dailyBonusResponseSchema = z.object({ success: z.literal(true), data: dailyBonusStatusSchema });
export const dailyBonusClaimResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  points_awarded: z.number(),
  xp_awarded: z.number(),
  balance: z.number(),
  data: dailyBonusStatusSchema,
});

export const HISTORY_PAGE_SIZE = 20;
export const LEDGER_PAGE_SIZE = 50;

export const historyQuerySchema = z.object({ page: pageQueryParam });

/** A line of the member's own history. */
export const historyEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  label: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const pageMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number() });

export const historyResponseSchema = z.object({ success: z.literal(true), data: z.array(historyEntrySchema), meta: pageMeta });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-22.')
  .refine(isCalendarDay, 'Use a real date.');
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** Staff ledger filters; dates are days in the site's time zone, both ends included. */
export const ledgerQuerySchema = z
  .object({
    member: optional(z.string().trim().max(100, 'At most 100 characters.')),
    reason: optional(z.string().trim().regex(/^[a-z_]{1,40}$/, 'Choose a reason from the list.')),
    from: optional(day),
    to: optional(day),
    page: pageQueryParam,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'Must be on or after the start date.' });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const adminLedgerEntrySchema = z.object({
  id: z.number(),
  member: z.object({ id: z.number(), username: z.string() }),
  delta: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  label: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.object({ id: z.number(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminLedgerResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminLedgerEntrySchema),
  meta: pageMeta,
  /** Every reason that occurs in the ledger, for the filter. */
  reasons: z.array(z.object({ value: z.string(), label: z.string() })),
});
