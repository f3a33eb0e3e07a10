import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../common/contracts/api';
import {
  raffleDetailResponseSchema,
  raffleEnterResponseSchema,
  raffleEnterSchema,
  raffleEntriesResponseSchema,
  raffleListQuerySchema,
  raffleListResponseSchema,
} from '../../../common/contracts/raffles';
import { unauthorized } from '../../platform/errors';
import { perMemberPerMinute } from '../../platform/rate-limit';
import { RAFFLE_MESSAGES, type RafflesService } from './raffles.service';

/**
 * Entry calls one member may make per minute: room for a real burst (quick repeated buys, a double click
 * on every entry button) while a script gets no further.
 */
const ENTRIES_PER_MINUTE = 60;

const signedInEntrant = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized(RAFFLE_MESSAGES.signIn);
  return request.user;
};

/** Spec 2 §7 raffle calls. */
export function rafflesRoutes(app: FastifyInstance, raffles: RafflesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/r/raffles', { schema: { querystring: raffleListQuerySchema, response: { 200: raffleListResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await raffles.list(request.query.filter) };
  });

  r.get('/api/r/raffles/:id', { schema: { params: idParamSchema, response: { 200: raffleDetailResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true as const, data: await raffles.detail(request.params.id, request.user?.id ?? null) };
  });

  r.get('/api/r/raffles/:id/entries', { schema: { params: idParamSchema, response: { 200: raffleEntriesResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true as const, data: await raffles.entries(request.params.id) };
  });

  r.post(
    '/api/r/raffles/:id/enter',
    {
      config: { rateLimit: perMemberPerMinute(ENTRIES_PER_MINUTE) },
      // Visitors learn that they must sign in before being told what is wrong with the form.
      preValidation: async (request) => void signedInEntrant(request),
      schema: { params: idParamSchema, body: raffleEnterSchema, response: { 200: raffleEnterResponseSchema } },
    },
    async (request) => ({ success: true as const, ...(await raffles.enter(signedInEntrant(request), request.params.id, request.body)) }),
  );
}
