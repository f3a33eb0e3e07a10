import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HISTORY_PAGE_SIZE, historyQuerySchema, historyResponseSchema } from '../../../common/contracts/earning';
import { requireUser } from '../../platform/auth/auth';
import type { PointsService } from './points.service';

/** The signed-in member's own points history (their profile's Stats tab): nobody else's. */
export function pointsRoutes(app: FastifyInstance, points: PointsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/points/history', { schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { page } = request.query;
    const { entries, total } = await points.ownHistory(requireUser(request).id, page, HISTORY_PAGE_SIZE);
    return { success: true as const, data: entries, meta: { page, per_page: HISTORY_PAGE_SIZE, total } };
  });
}
