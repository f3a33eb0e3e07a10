import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../common/contracts/api';
import {
  FRIENDS_DISABLED_MESSAGE,
  friendActionSchema,
  friendRequestSchema,
  friendSearchQuerySchema,
  friendsListSchema,
  mutualFriendsSchema,
  pendingCountSchema,
  pendingListSchema,
  userSearchListSchema,
} from '../../../common/contracts/friends';
import { requireUser } from '../../platform/auth/auth';
import { perMemberPerMinute } from '../../platform/rate-limit';
import type { FriendsService } from './friends.service';

const userIdParamSchema = z.object({ userId: idParamSchema.shape.id });

/** Spec 1 §7 and spec 2 §7: every /api/r/friends call. */
export function friendsRoutes(app: FastifyInstance, friends: FriendsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** With friends switched off, reads answer empty with disabled: true and changes are refused. */
  const whenEnabled = (empty: unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (await friends.enabled()) return;
    if (request.method === 'GET') return reply.send({ success: false, disabled: true, message: FRIENDS_DISABLED_MESSAGE, data: empty });
    return reply.status(403).send({ success: false, disabled: true, message: FRIENDS_DISABLED_MESSAGE });
  };
  const action = { preHandler: whenEnabled(null), config: { rateLimit: perMemberPerMinute(60) } };

  r.get('/api/r/friends', { preHandler: whenEnabled([]), schema: { response: { 200: friendsListSchema } } }, async (request) => ({
    success: true,
    data: await friends.list(requireUser(request).id),
  }));

  r.get('/api/r/friends/pending', { preHandler: whenEnabled([]), schema: { response: { 200: pendingListSchema } } }, async (request) => ({
    success: true,
    data: await friends.pending(requireUser(request).id),
  }));

  r.get(
    '/api/r/friends/pending/count',
    { preHandler: whenEnabled({ count: 0 }), schema: { response: { 200: pendingCountSchema } } },
    async (request) => ({ success: true, data: { count: await friends.pendingCount(requireUser(request).id) } }),
  );

  r.get(
    '/api/r/friends/search',
    { preHandler: whenEnabled([]), schema: { querystring: friendSearchQuerySchema, response: { 200: userSearchListSchema } } },
    async (request) => ({ success: true, data: await friends.search(requireUser(request).id, request.query.query) }),
  );

  r.get(
    '/api/r/friends/mutual/:userId',
    { preHandler: whenEnabled([]), schema: { params: userIdParamSchema, response: { 200: mutualFriendsSchema } } },
    async (request) => ({ success: true, data: await friends.mutual(requireUser(request).id, request.params.userId) }),
  );

  r.post(
    '/api/r/friends/request',
    { ...action, config: { rateLimit: perMemberPerMinute(20) }, schema: { body: friendRequestSchema, response: { 200: friendActionSchema } } },
    async (request) => {
      const result = await friends.request(requireUser(request).id, request.body.user_id);
      return { success: true as const, message: result.message, data: { friendship_id: result.friendship.id, friendship: result.friendship } };
    },
  );

  const respond = (result: Awaited<ReturnType<FriendsService['accept']>>) => ({
    success: true as const,
    message: result.message,
    data: { friendship_id: result.friendship.id, friendship: result.friendship },
  });

  r.post('/api/r/friends/:id/accept', { ...action, schema: { params: idParamSchema, response: { 200: friendActionSchema } } }, async (request) =>
    respond(await friends.accept(requireUser(request).id, request.params.id)),
  );

  r.post('/api/r/friends/:id/decline', { ...action, schema: { params: idParamSchema, response: { 200: friendActionSchema } } }, async (request) =>
    respond(await friends.decline(requireUser(request).id, request.params.id)),
  );

  r.delete('/api/r/friends/:id', { ...action, schema: { params: idParamSchema, response: { 200: friendActionSchema } } }, async (request) =>
    respond(await friends.remove(requireUser(request).id, request.params.id)),
  );
}
