import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { totalGivenAwaySchema } from '../../../common/contracts/stats';
import type { StatsService } from './stats.service';

export function statsRoutes(app: FastifyInstance, stats: StatsService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/r/stats/total-given-away',
      { schema: { response: { 200: totalGivenAwaySchema } } },
      async () => ({ success: true as const, ...(await stats.totalGivenAway()) }),
    );
}
