import { z } from 'zod';
import { ROLES } from '../roles';

/** The signed-in member as the page supplies it (spec 1 §3). */
export const signedInUserSchema = z.object({
  id: z.number(),
  avatar: z.string(),
  username: z.string(),
  kick_username: z.string().nullable(),
  global_name: z.string().nullable(),
  points: z.number(),
  role: z.enum(ROLES),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const sessionResponseSchema = z.object({
  success: z.literal(true),
  user: signedInUserSchema.nullable(),
  csrf_token: z.string(),
});

export const adminAccessSchema = z.object({ success: z.boolean(), has_admin_access: z.boolean() });

/** Local sign-in (no Discord configured): a display name and a role to try the site with. */
export const localSignInSchema = z.object({
  username: z
    .string({ error: 'Enter a display name.' })
    .trim()
    .min(2, 'The display name needs at least 2 characters.')
    .max(32, 'The display name can have at most 32 characters.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dots, dashes and underscores only.'),
  role: z.enum(ROLES, { error: 'Choose a role: user, vip, moderator or admin.' }).default('user'),
});
