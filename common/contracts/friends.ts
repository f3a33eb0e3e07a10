import { z } from 'zod';
import { FRIEND_SEARCH_MAX_LENGTH } from '../limits';
import { recordId } from './api';

export const memberSummarySchema = z.object({
  id: z.number(),
  username: z.string(),
  kick_username: z.string().nullable(),
  global_name: z.string().nullable(),
  avatar_url: z.string(),
  points: z.number(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** Spec 1 §3 Friend. id is the member's id; friendship_id is what accept, decline and remove take. */
export const friendSchema = memberSummarySchema.extend({ is_online: z.boolean(), friendship_id: z.number() });
export type Friend = z.infer<typeof friendSchema>;

/** Spec 2 §3 Friendship, seen by one member. status 'none' has id and sender_id null. */
export const friendshipStateSchema = z.object({
  id: z.number().nullable(),
  status: z.enum(['none', 'pending', 'accepted']),
  sender_id: z.number().nullable(),
  can_send_request: z.boolean(),
  can_accept: z.boolean(),
  can_decline: z.boolean(),
  can_remove: z.boolean(),
});
export type FriendshipState = z.infer<typeof friendshipStateSchema>;

/** Spec 1 §3 User search result. */
export const userSearchResultSchema = memberSummarySchema.extend({ friendship: friendshipStateSchema });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** Spec 1 §3 Pending friend request: id is the friendship id. */
export const pendingRequestSchema = z.object({
  id: z.number(),
  time_ago: z.string(),
  created_at: z.string(),
  sender: memberSummarySchema.pick({ id: true, username: true, kick_username: true, global_name: true, avatar_url: true }),
});
export type PendingRequest = z.infer<typeof pendingRequestSchema>;

/** With the feature switched off in site settings, every friends call answers this way (and changes nothing). */
export const FRIENDS_DISABLED_MESSAGE = 'Friends are switched off on this site.';
const disabledFlag = { disabled: z.boolean().optional(), message: z.string().optional() };

export const friendsListSchema = z.object({ success: z.boolean(), data: z.array(friendSchema), ...disabledFlag });
export const pendingListSchema = z.object({ success: z.boolean(), data: z.array(pendingRequestSchema), ...disabledFlag });
export const pendingCountSchema = z.object({ success: z.boolean(), data: z.object({ count: z.number() }), ...disabledFlag });
export const userSearchListSchema = z.object({ success: z.boolean(), data: z.array(userSearchResultSchema), ...disabledFlag });
export const mutualFriendsSchema = z.object({ success: z.boolean(), data: z.array(memberSummarySchema), ...disabledFlag });

export const friendSearchQuerySchema = z.object({
  query: z
    .string({ error: 'Type a name to search for.' })
    .trim()
    .min(1, 'Type a name to search for.')
    .max(FRIEND_SEARCH_MAX_LENGTH, `Search for at most ${FRIEND_SEARCH_MAX_LENGTH} characters.`),
});

export const friendRequestSchema = z.object({
  user_id: recordId('Choose a member to send the request to.'),
});

export const friendActionSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ friendship_id: z.number().nullable(), friendship: friendshipStateSchema }),
});
