import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_ICONS } from '../achievements';
import { CASINO_USERNAME_MAX } from '../leaderboards';
import { BIO_MAX_LENGTH } from '../limits';
import { ROLES } from '../roles';
import { friendshipStateSchema } from './friends';

export const profileAchievementSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  icon: z.enum(ACHIEVEMENT_ICONS),
  awarded_at: z.string(),
});
export type ProfileAchievement = z.infer<typeof profileAchievementSchema>;

export const profileStatsSchema = z.object({
  bonus_hunt_predictions: z.number(),
  tournament_predictions: z.number(),
  raffle_entries: z.number(),
  achievement_count: z.number(),
  friends_count: z.number(),
  rank: z.number(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/** Spec 2 §3 recent_activity; each area fills its own list (empty until the area exists). */
export const recentActivitySchema = z.object({
  bonus_hunt_predictions: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      predicted_end_balance: z.number(),
      predicted_highest_multiplier: z.number(),
      predicted_game: z.string().nullable(),
      bonus_hunt: z.object({ is_completed: z.boolean(), end_balance: z.number().nullable() }),
    }),
  ),
  tournament_predictions: z.array(
    z.object({ id: z.number(), created_at: z.string(), tournament: z.object({ name: z.string(), is_active: z.boolean() }) }),
  ),
  raffle_entries: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      entry_type: z.string(),
      points_spent: z.number(),
      raffle: z.object({ title: z.string(), is_active: z.boolean() }),
    }),
  ),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/**
 * Spec 2 §3 Profile user (also the hover card of spec 1 §3): public facts only. No casino account
 * names, no points history, nothing a member has not chosen to show.
 */
export const profileSchema = z.object({
  id: z.number(),
  username: z.string(),
  kick_username: z.string().nullable(),
  global_name: z.string().nullable(),
  avatar: z.string().nullable(),
  avatar_url: z.string(),
  banner_url: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  points: z.number(),
  xp: z.number(),
  twitter_user: z.string().nullable(),
  instagram_user: z.string().nullable(),
  youtube_user: z.string().nullable(),
  tiktok_user: z.string().nullable(),
  created_at: z.string(),
  last_active: z.string().nullable(),
  is_online: z.boolean(),
  stats: profileStatsSchema,
  achievements: z.array(profileAchievementSchema),
  recent_activity: recentActivitySchema,
  /** How the signed-in visitor stands with this member; null for visitors and on one's own profile. */
  friendship: friendshipStateSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ success: z.literal(true), data: profileSchema });

export const usernameParamSchema = z.object({
  username: z.string().trim().min(1, 'Give a username.').max(100, 'No member has a name that long.'),
});

/** Spec 2 §3 User (settings): the member's own editable fields. */
export const settingsUserSchema = z.object({
  username: z.string(),
  kick_username: z.string().nullable(),
  bio: z.string().nullable(),
  crypto: z.string().nullable(),
  crypto2: z.string().nullable(),
  crypto3: z.string().nullable(),
  twitter_user: z.string().nullable(),
  instagram_user: z.string().nullable(),
  youtube_user: z.string().nullable(),
  tiktok_user: z.string().nullable(),
});
export type SettingsUser = z.infer<typeof settingsUserSchema>;
export const settingsUserResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), user: settingsUserSchema });

/** Empty means "clear it"; stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const casinoAccount = optionalText(CASINO_USERNAME_MAX, `A casino username has at most ${CASINO_USERNAME_MAX} characters.`);

/** A handle as the platform spells it: a leading @ is dropped, the rest must be a valid handle. */
const handle = (platform: string, pattern: RegExp, max: number, allowed: string) => {
  const name = `${/^[AEIOU]/i.test(platform) ? 'An' : 'A'} ${platform} username`;
  return z
    .string({ error: 'Must be text.' })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .max(max, `${name} has at most ${max} characters.`)
        .refine((value) => value === '' || pattern.test(value), `${name} uses ${allowed} only.`),
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
};

export const PROFILE_GROUPS = {
  bio: ['bio'],
  casino: ['crypto', 'crypto2', 'crypto3'],
  social: ['twitter_user', 'instagram_user', 'youtube_user', 'tiktok_user'],
} as const;
export type ProfileGroup = keyof typeof PROFILE_GROUPS;

export const profileFieldsSchema = z.object({
  bio: optionalText(BIO_MAX_LENGTH, `The bio can have at most ${BIO_MAX_LENGTH} characters.`),
  crypto: casinoAccount,
  crypto2: casinoAccount,
  crypto3: casinoAccount,
  twitter_user: handle('Twitter/X', /^[A-Za-z0-9_]+$/, 15, 'letters, digits and _'),
  instagram_user: handle('Instagram', /^[A-Za-z0-9._]+$/, 30, 'letters, digits, . and _'),
  youtube_user: handle('YouTube', /^[A-Za-z0-9._-]+$/, 100, 'letters, digits, ., - and _'),
  tiktok_user: handle('TikTok', /^[A-Za-z0-9._]+$/, 24, 'letters, digits, . and _'),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;
