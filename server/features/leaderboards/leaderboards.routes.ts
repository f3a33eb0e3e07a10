import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { leaderboardQuerySchema, leaderboardResponseSchema } from '../../../common/contracts/leaderboards';
import type { LeaderboardsService } from './leaderboards.service';

/** Spec 1 §7: GET /api/r/leaderboard with optional period, platform and leaderboard_type. */
export function leaderboardsRoutes(app: FastifyInstance, leaderboards: LeaderboardsService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/r/leaderboard', { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8');
      // JSON text checked against the response schema when it was built: Fastify sends a string as is.
      const json = await leaderboards.read(request.query);
      return reply.send(json as unknown as z.infer<typeof leaderboardResponseSchema>);
    });
}
