import type { Kysely } from 'kysely';
import type { Profile, ProfileFields, ProfileGroup, ProfileStats, RecentActivity, SettingsUser } from '../../../common/contracts/profiles';
import { PROFILE_GROUPS, profileResponseSchema } from '../../../common/contracts/profiles';
import { UNKNOWN_RANK } from '../../../common/levels';
import { ONLINE_WITHIN_MS } from '../../../common/limits';
import type { DB, UserRow } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { MemoryCache } from '../../platform/cache';
import { notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { FriendsService } from '../friends/friends.service';
import type { SettingsService } from '../settings/settings.service';
import { profilesRepo } from './profiles.repo';

/** A casino account name belongs to one member: VIP rewards are paid on its wagers. */
export const CASINO_NAME_TAKEN = 'Another member has already added this casino username. If it is yours, open a support ticket.';
/**
 * A new casino account name is plain ASCII: names are matched to partners' wagers and held unique without regard to
 * case, and SQLite's lower() folds only A-Z. "Çasino" and "çasino" would otherwise be two members' names and one
 * player's wagers, and a VIP tier could be paid twice on them. A name saved before this rule may be sent back unchanged.
 */
export const CASINO_NAME_ASCII = 'A casino username can only use letters A-Z without accents, digits, spaces and symbols.';
const ASCII = /^[\x20-\x7e]*$/;

/**
 * How old a profile may be when a visitor who is not signed in reads it (issue 12: a profile linked in the stream's
 * chat is read by thousands at once). A visitor has done nothing on the site, so has nothing to see reflected yet
 * (docs/decisions/024-hot-reads-for-visitors.md).
 */
export const VISITOR_PROFILE_MAX_AGE_MS = 1_000;

type ActivityCounts = Pick<ProfileStats, 'bonus_hunt_predictions' | 'tournament_predictions' | 'raffle_entries'>;

/**
 * What an area tells profiles about a member: its counts and its latest entries. Each area that has
 * something to show (bonus hunts, tournaments, raffles) registers one in services.ts.
 */
export interface ProfileActivitySource {
  counts(userId: number): Promise<Partial<ActivityCounts>>;
  recent(userId: number): Promise<Partial<RecentActivity>>;
}

const GROUP_MESSAGES: Record<ProfileGroup, string> = {
  bio: 'Profile updated successfully!',
  casino: 'Connections updated successfully!',
  social: 'Social media updated successfully!',
};

export function toSettingsUser(member: UserRow): SettingsUser {
  const { username, kick_username, bio, crypto, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user } = member;
  return { username, kick_username, bio, crypto, crypto2, crypto3, twitter_user, instagram_user, youtube_user, tiktok_user };
}

export function createProfilesService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  avatarOf: (member: Pick<UserRow, 'id' | 'discord_id' | 'avatar'>) => string;
  findByUsername: (username: string) => Promise<UserRow | undefined>;
  settings: SettingsService;
  friends: FriendsService;
  achievements: AchievementsService;
  activity: ProfileActivitySource[];
}) {
  const { db, now } = deps;
  const visitorProfiles = new MemoryCache(1_000, () => now().getTime());

  async function rank(xp: number) {
    try {
      return await profilesRepo.rankOf(db, xp);
    } catch {
      return UNKNOWN_RANK;
    }
  }

  async function activityOf(userId: number) {
    const counts: ActivityCounts = { bonus_hunt_predictions: 0, tournament_predictions: 0, raffle_entries: 0 };
    const recent: RecentActivity = { bonus_hunt_predictions: [], tournament_predictions: [], raffle_entries: [] };
    for (const source of deps.activity) {
      const [c, r] = await Promise.all([source.counts(userId), source.recent(userId)]);
      Object.assign(counts, c);
      Object.assign(recent, r);
    }
    return { counts, recent };
  }

  async function requireMember(id: number) {
    const member = await profilesRepo.findById(db, id);
    if (!member) throw notFound('Member not found.');
    return member;
  }

  /** Spec 2 §3 Profile user: everything public about a member, and how the viewer stands with them. */
  async function profile(username: string, viewerId: number | null): Promise<Profile> {
    const member = await deps.findByUsername(username);
    if (!member) throw notFound('Profile Not Found');
    const [position, achievements, friendsCount, activity, friendsOn] = await Promise.all([
      rank(member.xp),
      deps.achievements.forMember(member.id),
      deps.friends.countFriends(member.id),
      activityOf(member.id),
      deps.friends.enabled(),
    ]);
    const friendship = viewerId !== null && viewerId !== member.id && friendsOn ? await deps.friends.stateBetween(viewerId, member.id) : null;
    const lastActive = member.last_seen_at;
    return {
      id: member.id,
      username: member.username,
      kick_username: member.kick_username,
      global_name: member.global_name,
      avatar: member.avatar,
      avatar_url: deps.avatarOf(member),
      banner_url: null,
      role: member.role,
      bio: member.bio,
      points: member.points,
      xp: member.xp,
      twitter_user: member.twitter_user,
      instagram_user: member.instagram_user,
      youtube_user: member.youtube_user,
      tiktok_user: member.tiktok_user,
      created_at: member.created_at,
      last_active: lastActive,
      is_online: lastActive !== null && now().getTime() - Date.parse(lastActive) <= ONLINE_WITHIN_MS,
      stats: { ...activity.counts, achievement_count: achievements.length, friends_count: friendsCount, rank: position },
      achievements,
      recent_activity: activity.recent,
      friendship,
    };
  }

  return {
    /**
     * GET user/{name} as JSON text, checked against the response schema when built. Visitors who are not signed in
     * share one copy per name, up to VISITOR_PROFILE_MAX_AGE_MS old; a member always gets a fresh one, so their own
     * actions and friendships show at once. An unknown name is not kept.
     */
    profileJson(username: string, viewerId: number | null): Promise<string> {
      const build = async () => JSON.stringify(profileResponseSchema.parse({ success: true, data: await profile(username, viewerId) }));
      return viewerId === null ? visitorProfiles.wrap(username, VISITOR_PROFILE_MAX_AGE_MS, build) : build();
    },

    settingsUser: async (userId: number) => toSettingsUser(await requireMember(userId)),

    /** Spec 2 §7 profile/update: exactly one group of fields per call. */
    async update(userId: number, fields: ProfileFields) {
      const sent = (Object.keys(PROFILE_GROUPS) as ProfileGroup[]).filter((group) =>
        PROFILE_GROUPS[group].some((key) => fields[key] !== undefined),
      );
      if (sent.length !== 1) {
        throw unprocessable('Save one section at a time: the bio, the casino accounts or the social media links.');
      }
      const [group] = sent;
      if (group === 'casino') {
        const { casino } = await deps.settings.get();
        const errors: Record<string, string[]> = {};
        const saved = await profilesRepo.casinoNames(db, userId);
        const slots = [['crypto', casino.crypto1_enabled], ['crypto2', casino.crypto2_enabled], ['crypto3', casino.crypto3_enabled]] as const;
        for (const [index, [key, enabled]] of slots.entries()) {
          const name = fields[key];
          if (name && !enabled) errors[key] = [`Casino account ${index + 1} is switched off on this site.`];
          else if (name && name !== saved?.[key] && !ASCII.test(name)) errors[key] = [CASINO_NAME_ASCII];
          else if (name && (await profilesRepo.casinoNameOwner(db, key, name, userId))) errors[key] = [CASINO_NAME_TAKEN];
        }
        if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0][0], errors);
      }
      const changes = Object.fromEntries(PROFILE_GROUPS[group].filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
      const updated = await profilesRepo.update(db, userId, { ...changes, updated_at: now().toISOString() }).catch(async (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        // Two members saving the same name at the same moment: the database's unique index decides, and the
        // loser is told under the field (as when the check above finds the name), not only in a toast.
        const taken: string[] = [];
        for (const key of PROFILE_GROUPS.casino) {
          const name = fields[key];
          if (name && (await profilesRepo.casinoNameOwner(db, key, name, userId))) taken.push(key);
        }
        throw unprocessable(CASINO_NAME_TAKEN, taken.length ? Object.fromEntries(taken.map((key) => [key, [CASINO_NAME_TAKEN]])) : undefined);
      });
      return { message: GROUP_MESSAGES[group], user: toSettingsUser(updated) };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
