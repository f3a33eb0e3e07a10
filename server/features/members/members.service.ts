import type { Kysely, Transaction } from 'kysely';
import type { AdminMember, LedgerEntry } from '../../../common/contracts/members';
import type { SignedInUser } from '../../../common/contracts/session';
import { displayName } from '../../../common/display-name';
import { formatCount } from '../../../common/format';
import { isAdmin, ROLE_LABELS, type Role } from '../../../common/roles';
import type { DB, UserRow } from '../../db/types';
import { forbidden, notFound, unprocessable } from '../../platform/errors';
import type { DiscordUser } from '../../integrations/discord';
import type { NotificationsService } from '../notifications/notifications.service';
import { InsufficientPointsError, type PointsService } from '../points/points.service';
import type { SettingsService } from '../settings/settings.service';
import { avatarUrl, generatedAvatarSvg } from './avatar';
import { membersRepo, type MemberSearch } from './members.repo';

type AvatarSource = Pick<UserRow, 'id' | 'discord_id' | 'avatar'>;

const LOCAL_NAME_TAKEN = 'Another member already goes by that name. Choose another.';

/** Who may do what to members: one place, checked on the server. */
export const membersPolicy = {
  canChangeRole: (actor: { role: Role }) => isAdmin(actor.role),
  canAdjustPoints: (actor: { role: Role }) => isAdmin(actor.role),
};
export const MEMBERS_POLICY_REFUSALS = { changeRole: 'Only admins can change roles.', adjustPoints: 'Only admins can adjust points.' };

export function createMembersService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  cdnBase: string;
  points: PointsService;
  notifications: NotificationsService;
  settings: SettingsService;
}) {
  const { db, now } = deps;
  const avatarOf = (member: AvatarSource) => avatarUrl(member, deps.cdnBase);

  async function createMember(
    trx: Transaction<DB>,
    fields: Pick<UserRow, 'discord_id' | 'username' | 'global_name' | 'avatar' | 'role'>,
    siteName: string,
  ) {
    const stamp = now().toISOString();
    const member = await membersRepo.insert(trx, {
      ...fields,
      created_at: stamp,
      updated_at: stamp,
      last_seen_at: stamp,
    });
    await deps.notifications.notify(trx, member.id, {
      type: 'welcome',
      message: `Welcome to ${siteName}, ${displayName(member)}! Link your Kick account in Settings to start earning points.`,
      link: '/settings',
    });
    return member;
  }

  function toAdminMember(member: UserRow): AdminMember {
    return {
      id: member.id,
      discord_id: member.discord_id,
      username: member.username,
      global_name: member.global_name,
      kick_username: member.kick_username,
      avatar_url: avatarOf(member),
      role: member.role,
      points: member.points,
      xp: member.xp,
      created_at: member.created_at,
      last_seen_at: member.last_seen_at,
    };
  }

  async function requireMember(id: number) {
    const member = await membersRepo.findById(db, id);
    if (!member) throw notFound('Member not found.');
    return member;
  }

  async function setRole(memberId: number, role: Role): Promise<AdminMember> {
    const member = await requireMember(memberId);
    if (member.role === role) return toAdminMember(member);
    return db.transaction().execute(async (trx) => {
      const updated = await membersRepo.updateProfile(trx, memberId, { role, updated_at: now().toISOString() });
      await deps.notifications.notify(trx, memberId, { type: 'role_changed', message: `Your role is now ${ROLE_LABELS[role]}.` });
      return toAdminMember(updated);
    });
  }

  return {
    avatarOf,

    toSignedInUser: (member: AvatarSource & Pick<UserRow, 'username' | 'kick_username' | 'global_name' | 'points' | 'role'>): SignedInUser => ({
      id: member.id,
      avatar: avatarOf(member),
      username: member.username,
      kick_username: member.kick_username,
      global_name: member.global_name,
      points: member.points,
      role: member.role,
    }),

    /** Members are keyed by their Discord id; names and avatars follow whatever Discord says now. */
    // Settings are read before the transaction opens: on SQLite a query outside an open transaction
    // would wait for the transaction's connection forever.
    signInWithDiscord: async (profile: DiscordUser) => {
      const { site_name } = await deps.settings.get();
      return db.transaction().execute(async (trx) => {
        const existing = await membersRepo.findByDiscordId(trx, profile.id);
        const fromDiscord = { username: profile.username, global_name: profile.global_name, avatar: profile.avatar };
        if (!existing) return createMember(trx, { discord_id: profile.id, ...fromDiscord, role: 'user' }, site_name);
        return membersRepo.updateProfile(trx, existing.id, { ...fromDiscord, updated_at: now().toISOString() });
      });
    },

    /** Local mode only: the chosen role applies at every sign-in, so one name can try each role. */
    signInLocally: async (username: string, role: Role) => {
      const { site_name } = await deps.settings.get();
      return db.transaction().execute(async (trx) => {
        const discordId = `local:${username.toLowerCase()}`;
        const existing = await membersRepo.findByDiscordId(trx, discordId);
        if (existing) return membersRepo.updateProfile(trx, existing.id, { role, updated_at: now().toISOString() });
        // A demo member (or anyone else) already goes by this name: a second one would make profile
        // links and mentions ambiguous.
        if (await membersRepo.findByUsername(trx, username)) throw unprocessable(LOCAL_NAME_TAKEN, { username: [LOCAL_NAME_TAKEN] });
        return createMember(trx, { discord_id: discordId, username, global_name: null, avatar: null, role }, site_name);
      });
    },

    findByUsername: (username: string) => membersRepo.findByUsername(db, username),

    async generatedAvatar(id: number) {
      const member = await membersRepo.findById(db, id);
      if (!member) throw notFound('No such avatar.');
      return generatedAvatarSvg(member.username);
    },

    async search(query: MemberSearch) {
      const { rows, total } = await membersRepo.search(db, query);
      return { members: rows.map(toAdminMember), total };
    },

    async detail(id: number): Promise<AdminMember & { ledger: LedgerEntry[]; kick_user_id: string | null }> {
      const member = await requireMember(id);
      const history = await deps.points.history(id, 25);
      return {
        ...toAdminMember(member),
        kick_user_id: member.kick_user_id,
        ledger: history.map(({ actor_id, actor_username, ...entry }) => ({
          ...entry,
          actor: actor_id !== null && actor_username !== null ? { id: actor_id, username: actor_username } : null,
        })),
      };
    },

    async changeRole(actor: { id: number; role: Role }, memberId: number, role: Role) {
      if (!membersPolicy.canChangeRole(actor)) throw forbidden(MEMBERS_POLICY_REFUSALS.changeRole);
      if (actor.id === memberId) throw unprocessable('You cannot change your own role.', { role: ['You cannot change your own role.'] });
      return setRole(memberId, role);
    },

    /** Without a policy check: for the command line, where whoever runs it owns the server. */
    setRole,

    async adjustPoints(actor: { id: number; role: Role }, memberId: number, delta: number, reason: string) {
      if (!membersPolicy.canAdjustPoints(actor)) throw forbidden(MEMBERS_POLICY_REFUSALS.adjustPoints);
      const member = await requireMember(memberId);
      return db.transaction().execute(async (trx) => {
        const { balance } = await deps.points
          .change(trx, { userId: memberId, delta, reason: 'admin_adjustment', note: reason, actorId: actor.id })
          .catch((error: unknown) => {
            if (!(error instanceof InsufficientPointsError)) throw error;
            const message = `${member.username} has only ${formatCount(error.balance)} points; a balance cannot go below 0.`;
            throw unprocessable(message, { delta: [message] });
          });
        const amount = formatCount(Math.abs(delta));
        await deps.notifications.notify(trx, memberId, {
          type: 'points_adjusted',
          message: delta > 0 ? `You received ${amount} points: ${reason}` : `${amount} points were deducted: ${reason}`,
        });
        return balance;
      });
    },

    async overview() {
      const since = new Date(now().getTime() - 24 * 60 * 60 * 1000).toISOString();
      return membersRepo.counts(db, since);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
