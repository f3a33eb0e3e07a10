import { z } from 'zod';
import { formatCount } from '../format';
import { MAX_POINTS_ADJUSTMENT } from '../limits';
import { ROLES } from '../roles';
import { pageQueryParam } from './api';
import { profileAchievementSchema } from './profiles';


export const adminMemberSchema = z.object({
  id: z.number(),
  discord_id: z.string(),
  username: z.string(),
  global_name: z.string().nullable(),
  kick_username: z.string().nullable(),
  avatar_url: z.string(),
  role: z.enum(ROLES),
  points: z.number(),
  xp: z.number(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.object({ id: z.number(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const memberSearchQuerySchema = z.object({
  search: z.string().trim().max(100, 'At most 100 characters.').default(''),
  role: z.enum([...ROLES, 'staff', 'all']).default('all'),
  page: pageQueryParam,
});

export const memberListSchema = z.object({
  success: z.literal(true),
  data: z.array(adminMemberSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});

export const memberDetailSchema = z.object({
  success: z.literal(true),
  data: adminMemberSchema.extend({
    ledger: z.array(ledgerEntrySchema),
    kick_user_id: z.string().nullable(),
    friends_count: z.number(),
    achievements: z.array(profileAchievementSchema),
  }),
});
export type AdminMemberDetail = z.infer<typeof memberDetailSchema>['data'];

export const changeRoleSchema = z.object({ role: z.enum(ROLES, { error: 'Choose a valid role.' }) });

export const adjustPointsSchema = z.object({
  delta: z
    .number({ error: 'Enter a whole number of points.' })
    .int('Enter a whole number of points.')
    .refine((v) => v !== 0, 'The change cannot be zero.')
    .refine((v) => Math.abs(v) <= MAX_POINTS_ADJUSTMENT, `At most ${formatCount(MAX_POINTS_ADJUSTMENT)} points at once.`),
  reason: z
    .string({ error: 'Give a reason; the member sees it in their history.' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters.')
    .max(200, 'At most 200 characters.'),
});

export const adminOverviewSchema = z.object({
  success: z.literal(true),
  data: z.object({
    members: z.number(),
    staff: z.number(),
    members_active_today: z.number(),
    points_in_circulation: z.number(),
    formatted_total_given_away: z.string(),
  }),
});
