import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leaderboardQuerySchema, leaderboardResponseSchema } from '../../../common/contracts/leaderboards';
import { sendJsonText } from '../../platform/json-text';
import type { LeaderboardsService } from './leaderboards.service';

/** Spec 1 §7: GET /api/r/leaderboard with optional period, platform and leaderboard_type. */
export function leaderboardsRoutes(app: FastifyInstance, leaderboards: LeaderboardsService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/r/leaderboard', { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return sendJsonText(reply, leaderboards.read(request.query));
    });
}
