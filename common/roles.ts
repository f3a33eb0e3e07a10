export const ROLES = ['user', 'vip', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { user: 0, vip: 1, moderator: 2, admin: 3 };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && value in rank;

export const roleAtLeast = (role: Role, minimum: Role) => rank[role] >= rank[minimum];

/** Staff run the admin panel: moderators and admins. */
export const isStaff = (role: Role) => roleAtLeast(role, 'moderator');

export const isAdmin = (role: Role) => role === 'admin';

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  vip: 'VIP',
  moderator: 'Moderator',
  admin: 'Admin',
};

/**
 * Staff never decide on a record of their own (a challenge claim, a store redemption, a VIP claim): another staff
 * member has to. `refused` is the server's answer; `note` is what the admin panel shows in place of the buttons.
 */
export const OWN_RECORD_MESSAGES = {
  refused: (what: string) => `You cannot handle your own ${what}; another staff member has to.`,
  note: (what: string) => `Your own ${what}: another staff member handles it.`,
};
