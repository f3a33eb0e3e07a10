import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import {
  predictInputSchema,
  predictResponseSchema,
  tournamentDetailResponseSchema,
  tournamentListQuerySchema,
  tournamentListResponseSchema,
} from '../../../common/contracts/tournaments';
import { unauthorized, unprocessable } from '../../platform/errors';
import { perMemberPerMinute } from '../../platform/rate-limit';
import { TOURNAMENT_MESSAGES, type TournamentsService } from './tournaments.service';

/** Saves one member may make per minute: far more than anyone clicking Save, nothing for a script. */
const SAVES_PER_MINUTE = 30;

const signedInPredictor = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized(TOURNAMENT_MESSAGES.signIn);
  return request.user;
};

/** Spec 2 §7 tournament calls. */
export function tournamentsRoutes(app: FastifyInstance, tournaments: TournamentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/tournaments', { schema: { querystring: tournamentListQuerySchema, response: { 200: tournamentListResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await tournaments.list(request.query.filter) };
  });

  r.get('/api/r/tournaments/:id', { schema: { params: idParamSchema, response: { 200: tournamentDetailResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await tournaments.detail(request.params.id, request.user?.id ?? null) };
  });

  r.post(
    '/api/r/tournaments/:id/predict',
    {
      config: { rateLimit: perMemberPerMinute(SAVES_PER_MINUTE) },
      preValidation: async (request) => {
        // Visitors learn that they must sign in before being told what is wrong with the form.
        signedInPredictor(request);
        // Spec 2 §8 words the empty list as a sentence of its own, which the schema's field message would prefix.
        const sent = (request.body as { predictions?: unknown } | undefined)?.predictions;
        if (Array.isArray(sent) && sent.length === 0) throw unprocessable(TOURNAMENT_MESSAGES.empty, { predictions: [TOURNAMENT_MESSAGES.empty] });
      },
      schema: { params: idParamSchema, body: predictInputSchema, response: { 200: predictResponseSchema } },
    },
    async (request) => ({ success: true as const, ...(await tournaments.predict(signedInPredictor(request), request.params.id, request.body)) }),
  );
}
