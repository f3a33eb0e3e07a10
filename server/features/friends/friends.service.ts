import type { Kysely } from 'kysely';
import { displayName } from '../../../common/display-name';
import type { Friend, FriendshipState, MemberSummary, PendingRequest, UserSearchResult } from '../../../common/contracts/friends';
import { timeAgo } from '../../../common/format';
import { FRIEND_SEARCH_RESULTS, ONLINE_WITHIN_MS } from '../../../common/limits';
import { isUniqueViolation } from '../../db/errors';
import type { DB, Executor, FriendshipRow } from '../../db/types';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { AchievementsService } from '../achievements/achievements.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import { friendsRepo, type MemberColumns } from './friends.repo';

const NO_FRIENDSHIP: FriendshipState = {
  id: null,
  status: 'none',
  sender_id: null,
  can_send_request: true,
  can_accept: false,
  can_decline: false,
  can_remove: false,
};

/** How a friendship row looks to one of its two members (spec 2 §3 Friendship). */
export function friendshipFor(viewerId: number, row: FriendshipRow | undefined): FriendshipState {
  if (!row) return NO_FRIENDSHIP;
  const received = row.receiver_id === viewerId && row.status === 'pending';
  return {
    id: row.id,
    status: row.status,
    sender_id: row.sender_id,
    can_send_request: false,
    can_accept: received,
    can_decline: received,
    // A party removes a friend, or withdraws the request they sent.
    can_remove: row.status === 'accepted' || row.sender_id === viewerId,
  };
}

/**
 * Friendships (docs/decisions/010-friendships.md): one row per pair. A request to someone who already
 * asked you accepts their request. Only the receiver accepts or declines; either party removes.
 */
export function createFriendsService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  avatarOf: (member: { id: number; discord_id: string; avatar: string | null }) => string;
  settings: SettingsService;
  notifications: NotificationsService;
  achievements: AchievementsService;
}) {
  const { db, now, notifications, achievements } = deps;

  const summary = (member: MemberColumns): MemberSummary => ({
    id: member.id,
    username: member.username,
    kick_username: member.kick_username,
    global_name: member.global_name,
    avatar_url: deps.avatarOf(member),
    points: member.points,
  });
  const isOnline = (lastSeen: string | null) => lastSeen !== null && now().getTime() - Date.parse(lastSeen) <= ONLINE_WITHIN_MS;

  async function becameFriends(trx: Executor, row: FriendshipRow, accepter: MemberColumns) {
    // Concurrent accepts must see each other's new friends (Social Butterfly) and award in one order.
    await friendsRepo.lockMembers(trx, [row.sender_id, row.receiver_id]);
    await notifications.notify(trx, row.sender_id, {
      type: 'friend_accepted',
      message: `${displayName(accepter)} accepted your friend request.`,
      link: `/profile/${encodeURIComponent(accepter.username)}`,
    });
    for (const memberId of [row.sender_id, row.receiver_id]) {
      await achievements.progress(trx, memberId, 'friends', await friendsRepo.countFriends(trx, memberId));
    }
  }

  async function requireMember(executor: Executor, id: number) {
    const member = await friendsRepo.memberById(executor, id);
    if (!member) throw notFound('Member not found.');
    return member;
  }

  async function sendRequest(senderId: number, receiverId: number) {
    const [sender, receiver] = [await requireMember(db, senderId), await requireMember(db, receiverId)];
    const name = displayName(receiver);
    return db.transaction().execute(async (trx) => {
      const existing = await friendsRepo.findPair(trx, senderId, receiverId);
      if (!existing) {
        const row = await friendsRepo.insertRequest(trx, senderId, receiverId, now().toISOString());
        await notifications.notify(trx, receiverId, {
          type: 'friend_request',
          message: `${displayName(sender)} sent you a friend request.`,
          link: `/profile/${encodeURIComponent(sender.username)}`,
        });
        return { row, message: `Friend request sent to ${name}.` };
      }
      if (existing.status === 'accepted') throw conflict(`You and ${name} are already friends.`);
      if (existing.sender_id === senderId) throw conflict(`You already sent ${name} a friend request.`);
      // Crossed requests: they asked first, so asking back is saying yes.
      const accepted = await friendsRepo.accept(trx, existing.id, senderId, now().toISOString());
      if (!accepted) throw conflict('That friend request changed meanwhile. Please try again.');
      await becameFriends(trx, accepted, sender);
      return { row: accepted, message: `${name} had already sent you a request, so you are now friends.` };
    });
  }

  return {
    enabled: async () => (await deps.settings.get()).friends_enabled,

    async list(userId: number): Promise<Friend[]> {
      const rows = await friendsRepo.friendsOf(db, userId);
      const friends = rows.map((row) => ({ ...summary(row), is_online: isOnline(row.last_seen_at), friendship_id: row.friendship_id }));
      // Online first; the query already orders by last seen.
      return [...friends.filter((f) => f.is_online), ...friends.filter((f) => !f.is_online)];
    },

    async pending(userId: number): Promise<PendingRequest[]> {
      const rows = await friendsRepo.pendingFor(db, userId);
      return rows.map((row) => {
        const { points: _p, ...senderSummary } = summary(row);
        return { id: row.friendship_id, created_at: row.requested_at, time_ago: timeAgo(row.requested_at, now()), sender: senderSummary };
      });
    },

    pendingCount: (userId: number) => friendsRepo.countPending(db, userId),
    countFriends: (userId: number) => friendsRepo.countFriends(db, userId),

    async search(userId: number, text: string): Promise<UserSearchResult[]> {
      const members = await friendsRepo.searchMembers(db, text, userId, FRIEND_SEARCH_RESULTS);
      const rows = await friendsRepo.between(db, userId, members.map((m) => m.id));
      const byOther = new Map(rows.map((row) => [row.sender_id === userId ? row.receiver_id : row.sender_id, row]));
      return members.map((member) => ({ ...summary(member), friendship: friendshipFor(userId, byOther.get(member.id)) }));
    },

    /** The viewer's standing with a member, for profiles. */
    async stateBetween(viewerId: number, memberId: number) {
      return friendshipFor(viewerId, await friendsRepo.findPair(db, viewerId, memberId));
    },

    async mutual(userId: number, otherId: number): Promise<MemberSummary[]> {
      await requireMember(db, otherId);
      const [mine, theirs] = await Promise.all([friendsRepo.friendIds(db, userId), friendsRepo.friendIds(db, otherId)]);
      const shared = mine.filter((id) => theirs.includes(id));
      return (await friendsRepo.membersByIds(db, shared)).map(summary);
    },

    async request(senderId: number, receiverId: number) {
      if (senderId === receiverId) {
        const message = 'You cannot send a friend request to yourself.';
        throw unprocessable(message, { user_id: [message] });
      }
      let outcome;
      try {
        outcome = await sendRequest(senderId, receiverId);
      } catch (error) {
        // Two requests between the same pair at the same instant: the loser sees the winner's row.
        if (!isUniqueViolation(error)) throw error;
        outcome = await sendRequest(senderId, receiverId);
      }
      return { message: outcome.message, friendship: friendshipFor(senderId, outcome.row) };
    },

    async accept(userId: number, friendshipId: number) {
      const row = await friendsRepo.findById(db, friendshipId);
      if (!row || (row.sender_id !== userId && row.receiver_id !== userId)) throw notFound('Friend request not found.');
      if (row.status === 'accepted') throw conflict('You are already friends.');
      if (row.receiver_id !== userId) throw forbidden('Only the member who received the request can accept it.');
      const accepter = await requireMember(db, userId);
      return db.transaction().execute(async (trx) => {
        const accepted = await friendsRepo.accept(trx, friendshipId, userId, now().toISOString());
        if (!accepted) throw conflict('That friend request was already answered or withdrawn.');
        await becameFriends(trx, accepted, accepter);
        const sender = await requireMember(trx, accepted.sender_id);
        return { message: `You and ${displayName(sender)} are now friends.`, friendship: friendshipFor(userId, accepted) };
      });
    },

    async decline(userId: number, friendshipId: number) {
      const row = await friendsRepo.findById(db, friendshipId);
      if (!row || (row.sender_id !== userId && row.receiver_id !== userId)) throw notFound('Friend request not found.');
      if (row.status !== 'pending') throw conflict('That request was already accepted. Remove the friend instead.');
      if (row.receiver_id !== userId) throw forbidden('Only the member who received the request can decline it.');
      if (!(await friendsRepo.delete(db, friendshipId, 'pending'))) throw conflict('That friend request was already answered or withdrawn.');
      return { message: 'Friend request declined.', friendship: NO_FRIENDSHIP };
    },

    async remove(userId: number, friendshipId: number) {
      const row = await friendsRepo.findById(db, friendshipId);
      if (!row || (row.sender_id !== userId && row.receiver_id !== userId)) throw notFound('Friendship not found.');
      if (row.status === 'pending' && row.sender_id !== userId) {
        throw forbidden('Decline the request instead: only its sender can withdraw it.');
      }
      if (!(await friendsRepo.delete(db, friendshipId, row.status))) throw conflict('That friendship changed meanwhile. Please reload and try again.');
      return { message: row.status === 'pending' ? 'Friend request withdrawn.' : 'Friend removed.', friendship: NO_FRIENDSHIP };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
