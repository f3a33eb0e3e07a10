import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { streamStatusSchema } from '../../../common/contracts/stream';
import type { StreamService } from './stream.service';

export function streamRoutes(app: FastifyInstance, stream: StreamService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/r/stream/status', { schema: { response: { 200: streamStatusSchema } } }, async () => ({
      success: true as const,
      data: await stream.status(),
    }));
}
